/**
 * Snapshot comparisons kept between builds in `<cache>/diffs/`. A complete snapshot is never written again, so the
 * diff of two of them holds for as long as both manifests (times, counts, every file's sha256) and the comparing code
 * are the same. A build with `--history DIR --keep N` compares N pairs: tonight's with the newest kept snapshot
 * (changes-step.ts) and the N − 1 kept pairs before it for the archive (changes-archive.ts), and the crawl of a build
 * that crawls compares tonight's pair once more to say what changed (change-report.ts), as does `npm run diff --
 * --cache DIR` in a nightly job. Every pair but tonight's was compared by the night before, so a night costs one
 * comparison (about 8 s at 100k items) instead of N + 1 or more.
 *
 * An entry is the diff as `diffSnapshots` returned it, written whole beside its name and renamed into place. One that
 * cannot be read (cut short, another format, other snapshots than its name says) is compared again and rewritten; a
 * pair whose manifest cannot be read is compared as if nothing were kept, so its error is the comparison's own. Taken
 * from the cache, a pair is not read, so its files are not checked against their checksums again: they were when it
 * was compared. Entries that no comparison of the last build used are removed at its end (`prune`).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashCode } from '../core/code-hash.ts';
import { DIFF_FORMAT_VERSION, ITEM_CHANGE_KINDS, type SnapshotDiff } from '../core/diff-format.ts';
import { MANIFEST_FILE, manifestSchema, type Manifest } from '../core/snapshot-format.ts';
import { diffSnapshots, type CompareSnapshots } from '../diff/diff-snapshots.ts';
import { valuePieces } from '../../src/lib/json-pieces.ts';
import { writeJsonPieces } from '../../src/lib/site-data/derive/line-writer.ts';

export interface DiffCache {
  compare: CompareSnapshots;
  /** Removes the entries no comparison since the cache was opened asked for, if it was asked for any. */
  prune(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where a build with `--cache DIR` keeps its comparisons. */
export const diffCacheDir = (cacheDir: string): string => path.join(cacheDir, 'diffs');
const ENTRY = /^[\w-]{27}\.json$/;

let code: string | undefined;
/** The comparing code: scripts/diff and scripts/core, this file, and the text-diff library's version. */
const codeHash = (): string =>
  (code ??= hashCode(
    [path.join(ROOT, 'scripts', 'diff'), path.join(ROOT, 'scripts', 'core')],
    [import.meta.filename, fileURLToPath(import.meta.resolve('diff/package.json'))],
  ));

/** A snapshot's manifest, as bytes (its identity) and as read; undefined when it cannot be read or is not complete. */
async function readSide(dir: string): Promise<{ bytes: Buffer; manifest: Manifest } | undefined> {
  try {
    const bytes = await readFile(path.join(dir, MANIFEST_FILE));
    const read = manifestSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    return read.success && read.data.status === 'complete' ? { bytes, manifest: read.data } : undefined;
  } catch {
    return undefined;
  }
}

const sha = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

const arraysOf = (value: unknown, keys: readonly string[]): boolean =>
  typeof value === 'object' &&
  value !== null &&
  keys.every((key) => Array.isArray((value as Record<string, unknown>)[key]));

/** The entry, if it is a diff of these two snapshots in today's format. */
function entryOf(text: string, from: Manifest, to: Manifest): SnapshotDiff | undefined {
  let diff: SnapshotDiff;
  try {
    diff = JSON.parse(text) as SnapshotDiff;
  } catch {
    return undefined;
  }
  const same = (side: Partial<SnapshotDiff['from']> | null | undefined, manifest: Manifest) =>
    side?.startedAt === manifest.startedAt && side.finishedAt === manifest.finishedAt;
  const whole =
    diff?.formatVersion === DIFF_FORMAT_VERSION &&
    same(diff.from, from) &&
    same(diff.to, to) &&
    arraysOf(diff.items, ITEM_CHANGE_KINDS) &&
    arraysOf(diff.contentTypes, ['added', 'removed', 'changed']);
  return whole ? diff : undefined;
}

/** Comparisons kept in `dir`; without a folder, every comparison is made anew (with `anew`). */
export function openDiffCache(dir: string | undefined, anew: CompareSnapshots = diffSnapshots): DiffCache {
  const used = new Set<string>();
  const compare: CompareSnapshots = async (fromDir, toDir) => {
    const [from, to] = dir === undefined ? [] : await Promise.all([readSide(fromDir), readSide(toDir)]);
    if (dir === undefined || from === undefined || to === undefined) return anew(fromDir, toDir);
    const name = `${createHash('sha1')
      .update(`${codeHash()}\n${sha(from.bytes)}\n${sha(to.bytes)}`)
      .digest('base64url')}.json`;
    used.add(name);
    const file = path.join(dir, name);
    const kept = await readFile(file, 'utf8').then(
      (text) => entryOf(text, from.manifest, to.manifest),
      () => undefined,
    );
    // The folders are tonight's, not those the pair was first compared in (tonight's snapshot is kept in the
    // history under another name tomorrow).
    if (kept !== undefined) return { ...kept, from: { ...kept.from, dir: fromDir }, to: { ...kept.to, dir: toDir } };
    const diff = await anew(fromDir, toDir);
    await keep(file, diff);
    return diff;
  };
  return {
    compare,
    async prune() {
      // A build that compared nothing (no --history, no --compare-with) leaves the entries for the next one that does.
      if (dir === undefined || used.size === 0) return;
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        names
          .filter((name) => !used.has(name) && (ENTRY.test(name) || name.includes('.tmp-')))
          .map((name) => rm(path.join(dir, name), { force: true })),
      );
    },
  };
}

/** Writes the entry beside its name and renames it in; a cache that cannot be written only costs a comparison. */
async function keep(file: string, diff: SnapshotDiff): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeJsonPieces(tmp, valuePieces(diff, 3));
    await rename(tmp, file);
  } catch {
    await rm(tmp, { force: true }).catch(() => undefined);
  }
}
