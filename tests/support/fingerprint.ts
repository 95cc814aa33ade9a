/** Byte-identity of folders: every file under a folder with its sha256. */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Every file under `dir` (relative path → sha256), sorted by path; a missing folder is an error. */
export async function fingerprint(dir: string): Promise<Record<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const pairs = await Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [
        path.relative(dir, file),
        createHash('sha256')
          .update(await readFile(file))
          .digest('hex'),
      ] as const;
    }),
  );
  return Object.fromEntries(pairs.sort(([a], [b]) => a.localeCompare(b)));
}

/** The same, with a missing folder read as empty (a run may fail before it ever writes one). */
export const fingerprintIfPresent = (dir: string): Promise<Record<string, string>> =>
  fingerprint(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return {};
    throw error;
  });
