/**
 * Each pending draft against its published version, property by property, with the same value diff as the
 * comparison of two snapshots: the draft's values (snapshot extras) are the "after" side, the published item the
 * "before".
 */
import type { DraftChanges } from '../core/draft-changes.ts';
import { openExtraByKey } from '../core/snapshot-extras.ts';
import {
  getContentTypes,
  getManifest,
  iterateIndex,
  openItemReader,
  type IndexEntry,
  type ItemRecord,
} from '../core/snapshot-format.ts';
import { listPropertyChanges } from './property-diff.ts';
import { createTypeLookups } from './type-lookups.ts';

/**
 * Each draft's changes in turn, held one at a time: at a million items a list of them all was the largest thing the
 * site-data step kept (133 MB of JSON at 1M items, several times that as objects).
 */
export async function* iterateDraftChanges(dir: string): AsyncGenerator<DraftChanges> {
  const manifest = await getManifest(dir);
  // The drafts are read one at a time (openExtraByKey), and of the published items only where each lies: held whole,
  // with their published items, the comparison peaked at 582-591 MB for 125 MB of drafts (100k demo items), 200 MB
  // now.
  const drafts = openExtraByKey(dir, manifest, 'drafts');
  const reader = openItemReader(dir);
  try {
    if (drafts.size === 0) return;
    const published = new Map<string, IndexEntry>();
    for await (const entry of iterateIndex(dir, 'content')) if (drafts.has(entry.key)) published.set(entry.key, entry);
    const types = await getContentTypes(dir);
    const lookups = createTypeLookups(types, types);
    for (const key of drafts.keys()) {
      const draft = drafts.get(key);
      const entry = published.get(key);
      const before = entry === undefined ? undefined : reader.read(entry);
      if (draft === undefined || before === undefined) {
        yield { key, compared: false, properties: [] };
        continue;
      }
      const after = { ...draft, kind: 'content' } as unknown as ItemRecord;
      yield { key, compared: true, properties: listPropertyChanges(before, after, lookups, 'content') };
    }
  } finally {
    reader.close();
    drafts.close();
  }
}

/** Every draft's changes, as a list. */
export async function listDraftChanges(dir: string): Promise<DraftChanges[]> {
  const changes: DraftChanges[] = [];
  for await (const change of iterateDraftChanges(dir)) changes.push(change);
  return changes;
}
