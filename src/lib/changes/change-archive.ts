/**
 * The earlier nights kept by `--history DIR --keep N` (scripts/pipeline/changes-archive.ts), newest first: each night's
 * change list is a download, its counts are on the Changes page and in the feed, and the items it removed keep their
 * pages while they are not back in this snapshot.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CHANGES_ARCHIVE_FILE, type ItemRef, type SnapshotDiff } from '#core/diff-format.ts';
import { getSiteEnv } from '../site-env.ts';
import { loadSiteData } from '../site-data/load-site-data.ts';

let cached: Promise<SnapshotDiff[]> | undefined;

async function load(): Promise<SnapshotDiff[]> {
  const file = path.join(getSiteEnv().siteDataDir, CHANGES_ARCHIVE_FILE);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return text === undefined ? [] : (JSON.parse(text) as SnapshotDiff[]);
}

export function loadArchive(): Promise<SnapshotDiff[]> {
  cached ??= load();
  return cached;
}

/** A night's download name: `night-<its snapshot's finishedAt>.json`, with only file-name-safe characters. */
export const nightFileOf = (night: SnapshotDiff): string =>
  `night-${night.to.finishedAt.replace(/[^0-9A-Za-z.-]/g, '-')}.json`;

export interface ArchivedRemoval {
  item: ItemRef;
  night: SnapshotDiff;
}

/** Items an earlier night removed that are not in this snapshot, each with the newest night that removed it. */
export async function listArchivedRemovals(): Promise<ArchivedRemoval[]> {
  const nights = await loadArchive();
  if (nights.length === 0) return [];
  const present = (await loadSiteData()).lookup;
  const seen = new Set<string>();
  const removals: ArchivedRemoval[] = [];
  for (const night of nights) {
    for (const item of night.items.removed) {
      if (seen.has(item.key) || present.findNode(item.key) !== undefined) continue;
      seen.add(item.key);
      removals.push({ item, night });
    }
  }
  return removals;
}
