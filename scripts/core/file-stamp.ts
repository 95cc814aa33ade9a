/**
 * What a build records of a file it wrote, to know on the next night that the file is still the one it wrote without
 * reading it: a hash of its bytes, and its stamp (size, modification time and inode). The item page writer records
 * its pages so (scripts/pipeline/item-page-reuse.ts), the twins' thread its JSON twins
 * (src/lib/site-data/derive/item-json-files.ts).
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';

export const bytesHash = (bytes: Buffer | string): string => createHash('sha1').update(bytes).digest('base64url');

/**
 * A file's size, modification time and inode, as `<size>:<mtime in ms>:<inode>`; undefined when it is not there. A
 * file the build left in place, moved into place or took by link keeps all three; a file written again, copied or
 * edited by hand does not (what rsync's quick check and make rely on).
 */
export function fileStamp(file: string): string | undefined {
  try {
    const stats = statSync(file, { bigint: true });
    return `${stats.size}:${stats.mtimeNs / 1000000n}:${stats.ino}`;
  } catch {
    return undefined;
  }
}
