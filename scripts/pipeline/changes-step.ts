/**
 * What changed since the previous snapshot, for the site's Changes section: the diff against `--compare-with`, or
 * else the newest snapshot kept in `--history`, written beside the other site data. No previous snapshot, no file.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { CHANGES_FILE, type SnapshotDiff } from '../core/diff-format.ts';
import { SnapshotUnusableError, diffSnapshots, type CompareSnapshots } from '../diff/diff-snapshots.ts';
import type { Manifest } from '../core/snapshot-format.ts';
import { findPreviousSnapshot } from '../core/snapshot-history.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';
import { publishedDiff, writeChangesArchive } from './changes-archive.ts';
import { valuePieces } from '../../src/lib/json-pieces.ts';
import { writeJsonPieces } from '../../src/lib/site-data/derive/line-writer.ts';

/** The snapshot tonight's is compared with: `--compare-with`, or the newest kept in `--history` before it. */
export async function findPreviousDir(config: BuildConfig, current: Manifest): Promise<string | undefined> {
  if (config.compareWith !== undefined) return config.compareWith;
  if (config.historyDir === undefined) return undefined;
  return (await findPreviousSnapshot(config.historyDir, current))?.dir;
}

export async function writeChanges(
  config: BuildConfig,
  snapshot: { dir: string; manifest: Manifest },
  siteDataDir: string,
  compare: CompareSnapshots = diffSnapshots,
): Promise<SnapshotDiff | undefined> {
  const file = path.join(siteDataDir, CHANGES_FILE);
  await rm(file, { force: true });
  const previous = await findPreviousDir(config, snapshot.manifest);
  if (previous === undefined) {
    await writeChangesArchive(undefined, snapshot.manifest, siteDataDir, compare);
    return undefined;
  }
  try {
    const diff = await compare(previous, snapshot.dir);
    // Piece by piece: a night's change list grows with what changed, and one string of it doubled its memory.
    await writeJsonPieces(file, valuePieces(publishedDiff(diff), 3));
    // Earlier nights only follow on from tonight's comparison with the history, not with --compare-with.
    const history = config.compareWith === undefined ? config.historyDir : undefined;
    await writeChangesArchive(history, snapshot.manifest, siteDataDir, compare);
    return diff;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    const code = error instanceof SnapshotUnusableError ? BUILD_EXIT_CODES.snapshotInvalid : BUILD_EXIT_CODES.siteData;
    throw new BuildError(code, `what changed since ${previous} could not be computed: ${message}`, { cause: error });
  }
}
