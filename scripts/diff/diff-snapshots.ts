/**
 * The diff of two snapshots: types from `content-types.json`, then content and media items streamed by kind.
 * Memory holds the older snapshot's slim index, a few chunks of each side, and the change list itself.
 */
import { stat } from 'node:fs/promises';
import { recoverFolderSwap } from '../core/folder-swap.ts';
import {
  ITEM_KINDS,
  getContentTypes,
  getManifest,
  type ContentTypesFile,
  type Manifest,
} from '../core/snapshot-format.ts';
import { SnapshotDamagedError, verifySnapshotFiles } from '../core/snapshot-verify.ts';
import { DIFF_FORMAT_VERSION, emptyItemChanges, type SnapshotDiff, type SnapshotSide } from '../core/diff-format.ts';
import { diffItemsOfKind, type SnapshotSideReader } from './item-diff.ts';
import { openItemLines } from './item-lines.ts';
import { createTypeLookups } from './type-lookups.ts';
import { diffExtras } from './extras-diff.ts';
import { diffContentTypes } from './type-diff.ts';

/** A snapshot that cannot be compared: missing, not a snapshot, another format version, or partial. */
export class SnapshotUnusableError extends Error {
  override name = 'SnapshotUnusableError';
}

interface OpenedSnapshot {
  side: SnapshotSide;
  manifest: Manifest;
  types: ContentTypesFile;
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

async function openSnapshot(dir: string, label: string): Promise<OpenedSnapshot> {
  const found = await stat(dir).catch(() => undefined);
  if (found === undefined || !found.isDirectory()) throw new SnapshotUnusableError(`${label} ${dir}: no such folder`);
  let manifest: Manifest;
  let types: ContentTypesFile;
  try {
    await recoverFolderSwap(dir);
    manifest = await getManifest(dir);
    types = await getContentTypes(dir);
  } catch (error) {
    throw new SnapshotUnusableError(`${label} ${dir}: not a readable snapshot (${firstLine(error)})`);
  }
  if (manifest.status !== 'complete') throw new SnapshotUnusableError(`${label} ${dir}: the snapshot is partial`);
  // Both sides whole, streamed once: the comparison itself skips chunks whose recorded checksums agree.
  await verifySnapshotFiles(dir, manifest).catch((error: unknown) => {
    if (error instanceof SnapshotDamagedError)
      throw new SnapshotUnusableError(`${label} ${dir}: damaged snapshot: ${error.message}`);
    throw error;
  });
  const { source, startedAt, finishedAt, counts } = manifest;
  const side = {
    dir,
    source,
    startedAt,
    finishedAt,
    counts: { content: counts.content, media: counts.media, contentTypes: counts.contentTypes },
  };
  return { side, manifest, types };
}

/** How two snapshots are compared: `diffSnapshots`, or through the comparisons a build keeps (diff-cache.ts). */
export type CompareSnapshots = (fromDir: string, toDir: string) => Promise<SnapshotDiff>;

export async function diffSnapshots(fromDir: string, toDir: string): Promise<SnapshotDiff> {
  const from = await openSnapshot(fromDir, '--from');
  const to = await openSnapshot(toDir, '--to');
  const sides: [SnapshotSideReader, SnapshotSideReader] = [
    { dir: fromDir, lines: openItemLines(fromDir, from.manifest) },
    { dir: toDir, lines: openItemLines(toDir, to.manifest) },
  ];
  const items = emptyItemChanges();
  const types = createTypeLookups(from.types, to.types);
  try {
    for (const kind of ITEM_KINDS) await diffItemsOfKind(kind, sides, types, items);
  } catch (error) {
    throw new SnapshotUnusableError(`the snapshots cannot be compared: ${firstLine(error)}`);
  }
  const contentTypes = diffContentTypes(from.types, to.types);
  const extras = await diffExtras(fromDir, toDir);
  return { formatVersion: DIFF_FORMAT_VERSION, from: from.side, to: to.side, items, contentTypes, extras };
}
