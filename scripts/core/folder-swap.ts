/**
 * Replacing a folder (a snapshot, a built site) without a moment where a reader finds nothing or half: the new one is
 * written beside as `<out>.tmp-<pid>`, the old one renamed to `<out>.old-<pid>`, the new one renamed in, the old
 * removed.
 * A run killed between the two renames leaves `<out>` missing and `<out>.old-<pid>` whole; the next command that
 * reads or writes `<out>` puts it back (recoverFolderSwap).
 */
import { lstat, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export async function swapIntoPlace(tmp: string, out: string): Promise<void> {
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
 * Leftovers of runs that died (their pid is gone): `<out>.tmp-<pid>` is removed; `<out>.old-<pid>` is the last good
 * snapshot caught between the two renames, so it goes back to `<out>` when `<out>` is missing.
 */
export async function recoverFolderSwap(out: string): Promise<void> {
  const parent = path.dirname(out);
  const escaped = path.basename(out).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped}\\.(tmp|old)-(\\d+)$`);
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names.sort().reverse()) {
    const match = pattern.exec(name);
    const pid = Number(match?.[2]);
    if (match === null || pid === process.pid || isAlive(pid)) continue;
    const stale = path.join(parent, name);
    if (match[1] === 'old' && (await findStat(out)) === undefined) await rename(stale, out);
    else await rm(stale, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
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
