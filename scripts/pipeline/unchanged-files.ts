/**
 * Last build's times for the files this build wrote again byte for byte. Every build writes the whole site anew, so
 * every file of `--out` would carry the time of the build, and the tools that publish a site by syncing a folder
 * (`aws s3 sync`, `azcopy sync`, rsync's quick check) compare a file's size and modification time: a nightly upload
 * would send every file of the site, not the few hundred a night's edits change. Before the new site is swapped in,
 * each of its files that the previous site holds with the same bytes gets that file's access and modification times,
 * so those tools see it unchanged. Nothing else differs: the new site is still swapped in whole.
 */
import { closeSync, openSync, readdirSync, readSync, statSync, utimesSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { countFile, emptySize, turnEvery, type DirSize } from './dir-stats.ts';

export interface SiteChanges {
  /** Files with the same bytes as in the previous site: their times are the previous site's. */
  unchanged: number;
  /** Files the previous site holds with other bytes. */
  changed: number;
  /** Files the previous site does not hold. */
  added: number;
  /** Files of the previous site the new one does not hold. */
  removed: number;
  /** The new site's pages, files and bytes, counted on the same walk (dir-stats.ts). */
  size: DirSize;
}

/** Files are compared a chunk at a time: a page is one chunk, the SQLite file many. */
const CHUNK_BYTES = 1 << 20;

/** The two buffers `sameBytes` reads into, made once for a walk. */
export const comparisonBuffers = (): [Buffer, Buffer] => [
  Buffer.allocUnsafe(CHUNK_BYTES),
  Buffer.allocUnsafe(CHUNK_BYTES),
];

/**
 * The bytes of two files of `size` bytes, compared. Synchronous calls on purpose: a site is hundreds of thousands of
 * small files, and at 100k items the same walk with promises (two opens, reads and closes a file, 32 at once) spent
 * 49 s of CPU on their bookkeeping for 215,204 files, where the disk's part is a few seconds.
 */
export function sameBytes(a: string, b: string, size: number, chunks: [Buffer, Buffer]): boolean {
  const fa = openSync(a, 'r');
  try {
    const fb = openSync(b, 'r');
    try {
      const [ba, bb] = chunks;
      for (let at = 0; at < size; at += CHUNK_BYTES) {
        const want = Math.min(CHUNK_BYTES, size - at);
        if (readSync(fa, ba, 0, want, at) !== want || readSync(fb, bb, 0, want, at) !== want) return false;
        if (!ba.subarray(0, want).equals(bb.subarray(0, want))) return false;
      }
      return true;
    } finally {
      closeSync(fb);
    }
  } finally {
    closeSync(fa);
  }
}

const list = (dir: string): Dirent[] => readdirSync(dir, { withFileTypes: true });

function listOld(dir: string | undefined): Dirent[] {
  if (dir === undefined) return [];
  try {
    return list(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

/** Files (not folders, not links) under `dir`. */
function countFiles(dir: string): number {
  let files = 0;
  for (const entry of list(dir))
    if (entry.isDirectory()) files += countFiles(path.join(dir, entry.name));
    else if (entry.isFile()) files += 1;
  return files;
}

/**
 * Gives each file of `next` that `previous` holds with the same bytes the previous file's times, and counts what
 * changed. `skip` is a folder of `previous` left out (the new site itself, when it is written inside the old one);
 * `signal` stops the walk (the build was told to stop: its site must not be swapped in).
 */
export async function keepUnchangedTimes(
  next: string,
  previous: string,
  { skip, signal }: { skip?: string; signal?: AbortSignal | undefined } = {},
): Promise<SiteChanges> {
  signal?.throwIfAborted();
  const changes: SiteChanges = { unchanged: 0, changed: 0, added: 0, removed: 0, size: emptySize() };
  const chunks = comparisonBuffers();
  const turn = turnEvery(signal);

  function compare(fresh: string, a: Stats, old: string): void {
    const b = statSync(old);
    // The same file (a page `--take-unchanged` took from the previous site by a link): nothing to read, times kept.
    if (a.ino === b.ino && a.dev === b.dev) {
      changes.unchanged += 1;
      return;
    }
    if (a.size !== b.size || !sameBytes(fresh, old, a.size, chunks)) {
      changes.changed += 1;
      return;
    }
    // In seconds with their fraction: a Date would round them to the millisecond.
    utimesSync(fresh, b.atimeMs / 1000, b.mtimeMs / 1000);
    changes.unchanged += 1;
  }

  async function folder(newDir: string, oldDir: string | undefined): Promise<void> {
    const old = new Map(listOld(oldDir).map((e) => [e.name, e]));
    for (const entry of list(newDir)) {
      const before = old.get(entry.name);
      old.delete(entry.name);
      const oldPath = oldDir === undefined || before === undefined ? undefined : path.join(oldDir, entry.name);
      if (entry.isDirectory()) await folder(path.join(newDir, entry.name), before?.isDirectory() ? oldPath : undefined);
      else if (entry.isFile()) {
        const fresh = path.join(newDir, entry.name);
        const stats = statSync(fresh);
        countFile(changes.size, entry.name, stats.size);
        if (oldPath !== undefined && before?.isFile()) compare(fresh, stats, oldPath);
        else changes.added += 1;
        await turn();
      }
      // A file where a folder was, or a folder where a file was: what was there is gone.
      if (oldPath !== undefined && before?.isDirectory() && !entry.isDirectory())
        changes.removed += countFiles(oldPath);
      if (before?.isFile() && !entry.isFile()) changes.removed += 1;
    }
    if (oldDir !== undefined)
      for (const gone of old.values()) {
        const where = path.join(oldDir, gone.name);
        if (where === skip) continue;
        if (gone.isFile()) changes.removed += 1;
        else if (gone.isDirectory()) changes.removed += countFiles(where);
      }
  }

  let previousIsFolder = false;
  try {
    previousIsFolder = statSync(previous).isDirectory();
  } catch {
    // no previous site: every file is new
  }
  await folder(next, previousIsFolder ? previous : undefined);
  return changes;
}

const count = (n: number, what: string): string => `${n.toLocaleString('en-US')} ${what}`;

/**
 * One line on what the new site changed in the one it replaces; undefined when there was none to compare with.
 * `inPlace`: the build put only those changes into place (in-place-commit.ts).
 */
export function describeChanges(changes: Omit<SiteChanges, 'size'>, inPlace = false): string | undefined {
  if (changes.unchanged + changes.changed + changes.removed === 0) return undefined;
  return (
    `${inPlace ? 'updated in place' : 'against the site it replaces'}: ${count(changes.changed, changes.changed === 1 ? 'file changed' : 'files changed')}, ${count(changes.added, 'new')}, ` +
    `${count(changes.removed, 'gone')}, ${count(changes.unchanged, 'unchanged')} (their times kept, so a sync sends ` +
    'only what changed)'
  );
}
