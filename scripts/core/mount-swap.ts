/**
 * Replacing the entries of a folder that cannot itself be renamed (a mount point): the new entries are written in
 * `<out>/.tmp-<pid>`, the old ones moved into `<out>/.old-<pid>`, the new ones moved up, the old removed. Every move is
 * a rename on the mount's own file system. A run killed while moving leaves `.old-<pid>`; the next run puts the old
 * entries back (recoverInside), so a reader finds the previous site again, never a mix.
 */
import { mkdir, readdir, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finishCommit, hasJournal } from './commit-journal.ts';

/**
 * Whether `dir` is a mount point. A bind mount of the same disk keeps the device number, so Linux's own list of
 * mount points (/proc/self/mountinfo, its fifth field, spaces and the like escaped as octal) decides where it exists;
 * elsewhere a device number that differs from the parent's.
 */
export async function isMountPoint(dir: string): Promise<boolean> {
  const real = await realpath(dir).catch(() => undefined);
  if (real === undefined || !(await stat(real)).isDirectory()) return false;
  const table = await readFile('/proc/self/mountinfo', 'utf8').catch(() => undefined);
  if (table === undefined) return (await stat(real)).dev !== (await stat(path.dirname(real))).dev;
  const unescape = (field: string) =>
    field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
  return table.split('\n').some((line) => unescape(line.split(' ')[4] ?? '') === real);
}

export const WORK_NAME = /^\.(tmp|old)-(\d+)(\.[a-z]+)?$/;

async function listSite(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => !WORK_NAME.test(name));
}

export async function swapContents(tmp: string, out: string): Promise<void> {
  const aside = path.join(out, `.old-${process.pid}`);
  await rm(aside, { recursive: true, force: true });
  await mkdir(aside);
  for (const name of await listSite(out)) await rename(path.join(out, name), path.join(aside, name));
  for (const name of await readdir(tmp)) await rename(path.join(tmp, name), path.join(out, name));
  await rm(tmp, { recursive: true, force: true });
  // Renamed first: a run killed while removing it leaves a folder that recovery removes, not one it would put back.
  await rename(aside, `${aside}.gone`);
  await rm(`${aside}.gone`, { recursive: true, force: true });
}

/** Leftovers of dead runs inside `out`: their `.tmp-<pid>` removed, a cut swap's `.old-<pid>` entries put back. */
export async function recoverInside(out: string, isAlive: (pid: number) => boolean): Promise<void> {
  const names = await readdir(out).catch(() => [] as string[]);
  for (const name of names) {
    const match = WORK_NAME.exec(name);
    const pid = Number(match?.[2]);
    if (match === null || pid === process.pid || isAlive(pid)) continue;
    const stale = path.join(out, name);
    if (match[1] === 'old' && match[3] === undefined) {
      for (const entry of await listSite(out)) await rm(path.join(out, entry), { recursive: true, force: true });
      for (const entry of await readdir(stale)) await rename(path.join(stale, entry), path.join(out, entry));
    }
    // A partial site caught while it was being put into place (commit-journal.ts): the commit is finished.
    if (match[1] === 'tmp' && match[3] === undefined && (await hasJournal(stale))) await finishCommit(stale, out);
    await rm(stale, { recursive: true, force: true });
  }
}
