/**
 * Replacing a folder (a snapshot, a built site) without a moment where a reader finds nothing or half: the new one is
 * written beside as `<out>.tmp-<pid>`, the old one renamed to `<out>.old-<pid>`, the new one renamed in, the old
 * removed.
 * A run killed between the two renames leaves `<out>` missing and `<out>.old-<pid>` whole; the next command that
 * reads or writes `<out>` puts it back (recoverFolderSwap).
 * When `<out>` is a mount point (a container's `-v host:/out`, a tmpfs) it cannot be renamed, and a folder beside it
 * lies on another file system: the new one is written inside it as `<out>/.tmp-<pid>` and its entries replace the old
 * ones (mount-swap.ts).
 */
import { lstat, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finishCommit, hasJournal } from './commit-journal.ts';
import { isMountPoint, recoverInside, swapContents } from './mount-swap.ts';

/** The folder a new `<out>` is written into: beside it, or inside it when it is a mount point. */
export async function stagingFolder(out: string): Promise<string> {
  return (await isMountPoint(out)) ? path.join(out, `.tmp-${process.pid}`) : `${out}.tmp-${process.pid}`;
}

export async function swapIntoPlace(tmp: string, out: string): Promise<void> {
  if (path.dirname(tmp) === out) return swapContents(tmp, out);
  const aside = `${out}.old-${process.pid}`;
  const hadPrevious = (await findStat(out)) !== undefined;
  if (hadPrevious) await rename(out, aside);
  try {
    await rename(tmp, out);
  } catch (error) {
    if (hadPrevious) await rename(aside, out);
    throw error;
  }
  if (hadPrevious) await rm(aside, { recursive: true, force: true });
}

/**
 * Leftovers of runs that died (their pid is gone): `<out>.tmp-<pid>` (and its `.tmp-<pid>.<side>` folders) are
 * removed, but one holding a commit's journal is a partial site that was being put into place, and the commit is
 * finished (commit-journal.ts); `<out>.old-<pid>` is the last good snapshot caught between the two renames, so it goes
 * back to `<out>` when `<out>` is missing. The same inside `<out>` for a swap of a mount point's entries.
 */
export async function recoverFolderSwap(out: string): Promise<void> {
  const parent = path.dirname(out);
  const escaped = path.basename(out).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped}\\.(tmp|old)-(\\d+)(\\.[a-z]+)?$`);
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names.sort().reverse()) {
    const match = pattern.exec(name);
    const pid = Number(match?.[2]);
    if (match === null || pid === process.pid || isAlive(pid)) continue;
    const stale = path.join(parent, name);
    if (match[1] === 'old' && match[3] === undefined && (await findStat(out)) === undefined) await rename(stale, out);
    else if (match[1] === 'tmp' && match[3] === undefined && (await hasJournal(stale))) await finishCommit(stale, out);
    else await rm(stale, { recursive: true, force: true });
  }
  await recoverInside(out, isAlive);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function findStat(file: string): Promise<Awaited<ReturnType<typeof lstat>> | undefined> {
  try {
    return await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
