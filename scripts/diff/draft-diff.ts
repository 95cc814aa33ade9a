/**
 * Each pending draft against its published version, property by property, with the same value diff as the
 * comparison of two snapshots: the draft's values (snapshot extras) are the "after" side, the published item the
 * "before".
 */
import type { DraftChanges } from '../core/draft-changes.ts';
import { listExtra } from '../core/snapshot-extras.ts';
import {
  getContentTypes,
  getManifest,
  iterateIndex,
  openItemReader,
  type ItemRecord,
} from '../core/snapshot-format.ts';
import { listPropertyChanges } from './property-diff.ts';
import { createTypeLookups } from './type-lookups.ts';

export async function listDraftChanges(dir: string): Promise<DraftChanges[]> {
  const manifest = await getManifest(dir);
  const drafts = await listExtra(dir, manifest, 'drafts');
  if (drafts.length === 0) return [];
  const wanted = new Set(drafts.map((d) => d.key));
  const reader = openItemReader(dir);
  const published = new Map<string, ItemRecord>();
  try {
    for await (const entry of iterateIndex(dir, 'content')) {
      if (!wanted.has(entry.key)) continue;
      const item = reader.read(entry);
      if (item !== undefined) published.set(entry.key, item);
    }
  } finally {
    reader.close();
  }
  const types = await getContentTypes(dir);
  const lookups = createTypeLookups(types, types);
  return drafts.map((draft) => {
    const before = published.get(draft.key);
    if (before === undefined) return { key: draft.key, compared: false, properties: [] };
    const after = { ...draft, kind: 'content' } as unknown as ItemRecord;
    return { key: draft.key, compared: true, properties: listPropertyChanges(before, after, lookups, 'content') };
  });
}
