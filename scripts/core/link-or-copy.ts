/**
 * A file placed at a second path as a hard link where the file system allows it, and as a copy where it does not:
 * another disk, a mount, a file system without links (then no further link is tried), or a file at its link limit.
 * Any other failure (a full disk, a target already there) is thrown. Linked files are one file: neither path may be
 * written in place afterwards.
 */
import { constants, copyFileSync, linkSync } from 'node:fs';
import { copyFile, link } from 'node:fs/promises';

/** Whether links are still worth trying: one refusal by the file system ends them for the rest of the run. */
export interface LinkState {
  tried: boolean;
}

/** Whether `error` from a link is one a copy stands in for; turns links off when the file system refuses them. */
function copyInstead(error: unknown, links: LinkState): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') return false;
  if (code !== 'EMLINK') links.tried = false;
  return true;
}

export async function linkOrCopy(source: string, target: string, links: LinkState): Promise<void> {
  if (links.tried) {
    try {
      await link(source, target);
      return;
    } catch (error) {
      if (!copyInstead(error, links)) throw error;
    }
  }
  await copyFile(source, target, constants.COPYFILE_EXCL);
}

/** The same, synchronously: for a writer placing one file after another, without a hand-off to the thread pool. */
export function linkOrCopySync(source: string, target: string, links: LinkState): void {
  if (links.tried) {
    try {
      linkSync(source, target);
      return;
    } catch (error) {
      if (!copyInstead(error, links)) throw error;
    }
  }
  copyFileSync(source, target, constants.COPYFILE_EXCL);
}
