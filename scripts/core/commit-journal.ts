/**
 * Putting a partial site into place over the last one (`npm run build -- --take-unchanged` over a site it can build
 * on): the staging folder holds only the files that are new or changed, and the files of the last site that the new
 * one does not hold are removed. The journal, `<staging>/.commit`, lists those removals; once it is written the
 * commit only goes forward: a run killed while removing or moving leaves it, and the next command that reads or
 * writes `<out>` finishes it (recoverFolderSwap), so a reader finds the new site whole. Before the journal is written
 * the staging folder is a leftover like any other, removed, and the last site stays as it was.
 */
import { closeSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const COMMIT_JOURNAL = '.commit';

/** Whether `staging` holds a commit's journal: the commit was under way. */
export async function hasJournal(staging: string): Promise<boolean> {
  return stat(path.join(staging, COMMIT_JOURNAL)).then(
    (found) => found.isFile(),
    () => false,
  );
}

/** Writes the journal whole (written beside, then renamed): from here on the commit is finished, not undone. */
export async function writeJournal(staging: string, removals: readonly string[]): Promise<void> {
  const file = path.join(staging, COMMIT_JOURNAL);
  await writeFile(`${file}.tmp`, removals.map((rel) => `${JSON.stringify(rel)}\n`).join(''));
  await rename(`${file}.tmp`, file);
}

/**
 * Each file's path under `dir`, with `/` between its parts; `skipTop` names left out at the top. Synchronous calls,
 * folder by folder: at 100k items, 207k files were listed in 1.0 s so, and in 4.4 s with a promise a folder.
 */
export function listFiles(dir: string, skipTop: (name: string) => boolean = () => false): string[] {
  const files: string[] = [];
  const walk = (at: string, rel: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (rel === '' && skipTop(entry.name)) continue;
      const next = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(at, entry.name), next);
      else files.push(next);
    }
  };
  walk(dir, '');
  return files;
}

/** Removes `dir` and its parents up to `top` (not included) while they are empty. */
async function pruneEmpty(dir: string, top: string): Promise<void> {
  for (let at = dir; at !== top && at.startsWith(`${top}${path.sep}`); at = path.dirname(at)) {
    try {
      await rmdir(at);
    } catch {
      return;
    }
  }
}

/**
 * Carries out the commit the journal in `staging` describes: the removals, then every file left in `staging` moved to
 * the same place under `out` (over the last one's), then the staging folder and its journal removed. Doing it again
 * after a run was killed half way ends in the same site.
 */
export async function finishCommit(staging: string, out: string): Promise<void> {
  const journal = await readFile(path.join(staging, COMMIT_JOURNAL), 'utf8');
  for (const line of journal.split('\n')) {
    if (line === '') continue;
    const rel = JSON.parse(line) as string;
    const target = path.join(out, rel);
    // A journal is this program's own file, but a path that leaves `out` is refused all the same.
    if (!target.startsWith(`${out}${path.sep}`)) throw new Error(`the commit journal names ${line} outside ${out}`);
    await unlink(target).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await pruneEmpty(path.dirname(target), out);
  }
  const made = new Set<string>();
  for (const rel of listFiles(staging, (name) => name === COMMIT_JOURNAL || name === `${COMMIT_JOURNAL}.tmp`)) {
    const target = path.join(out, rel);
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
    await rename(path.join(staging, rel), target);
  }
  await rm(staging, { recursive: true, force: true });
}

/**
 * A list of the files a writer kept from the last site (paths under it, a line each: the item page writer's pages,
 * the twins' thread's twins), written a batch of lines at a time (at a million items one string would be 60 MB).
 */
export function writeKeptList(file: string, rels: readonly string[]): void {
  const fd = openSync(file, 'w');
  try {
    for (let i = 0; i < rels.length; i += 10000) writeSync(fd, rels.slice(i, i + 10000).join('\n') + '\n');
  } finally {
    closeSync(fd);
  }
}

/** The paths a kept list names; none when the writer wrote none. */
export function readKeptList(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text.split('\n').filter((line) => line !== '');
}
