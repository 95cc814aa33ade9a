/**
 * Items of one kind (content or media) between two snapshots, keyed by GUID. The old index is held slim in memory,
 * the new one is streamed; full items are read only when their stored lines can differ (checksums first), and
 * parsed only when their bytes do.
 */
import {
  itemRecordSchema,
  iterateIndex,
  type IndexEntry,
  type ItemKind,
  type ItemRecord,
} from '../core/snapshot-format.ts';
import type { ItemChanges, ItemRef } from '../core/diff-format.ts';
import { isSameStoredLine, locationOf, type ItemLines, type ItemLocation } from './item-lines.ts';
import { culturesOf, listPropertyChanges } from './property-diff.ts';
import type { TypeLookups } from './type-lookups.ts';
import { templateRefOf } from './template-diff.ts';

export interface SnapshotSideReader {
  dir: string;
  lines: ItemLines;
}

interface SlimItem extends ItemRef {
  parentKey: string | null;
  sortOrder: number;
  location: ItemLocation;
}

/** Paths of names from the root, built in one pass because the index lists parents before children. */
function createPathTracker(): (entry: IndexEntry) => { path: string; parentKey: string | null } {
  const byId = new Map<number, { key: string; path: string }>();
  return (entry) => {
    const parent = byId.get(entry.parentId);
    const path = parent === undefined ? entry.name : `${parent.path} / ${entry.name}`;
    byId.set(entry.id, { key: entry.key, path });
    return { path, parentKey: parent?.key ?? null };
  };
}

function slimOf(kind: ItemKind, entry: IndexEntry, track: ReturnType<typeof createPathTracker>): SlimItem {
  const { path, parentKey } = track(entry);
  const { key, id, name, type, url, sortOrder } = entry;
  return { key, kind, id, name, type, path, url, parentKey, sortOrder, location: locationOf(entry) };
}

const refOf = ({ key, kind, id, name, type, path, url }: SlimItem): ItemRef => ({
  key,
  kind,
  id,
  name,
  type,
  path,
  url,
});

async function loadSlimIndex(dir: string, kind: ItemKind): Promise<Map<string, SlimItem>> {
  const track = createPathTracker();
  const items = new Map<string, SlimItem>();
  for await (const entry of iterateIndex(dir, kind)) items.set(entry.key, slimOf(kind, entry, track));
  return items;
}

const parseRecord = (line: Buffer | undefined): ItemRecord | undefined =>
  line === undefined ? undefined : itemRecordSchema.parse(JSON.parse(line.toString('utf8')));

function compareSummaries(before: SlimItem, after: SlimItem, types: TypeLookups, out: ItemChanges): void {
  const ref = refOf(after);
  if (before.parentKey !== after.parentKey) {
    const parents = { fromParentKey: before.parentKey, toParentKey: after.parentKey };
    out.moved.push({ ...ref, fromPath: before.path, toPath: after.path, ...parents });
  } else if (before.sortOrder !== after.sortOrder) {
    out.sortOrderChanged.push({ ...ref, from: before.sortOrder, to: after.sortOrder });
  }
  if (!types.isSameType(after.kind, before.type, after.type))
    out.retyped.push({ ...ref, from: before.type, to: after.type });
}

function compareInvariantNames(before: SlimItem, after: SlimItem, out: ItemChanges): void {
  const ref = refOf(after);
  if (before.name !== after.name) out.renamed.push({ ...ref, culture: null, from: before.name, to: after.name });
  if (before.url !== after.url) out.urlChanged.push({ ...ref, culture: null, from: before.url, to: after.url });
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function compareTemplates(ref: ItemRef, from: ItemRecord, to: ItemRecord, out: ItemChanges): void {
  const [before, after] = [templateRefOf(from.template), templateRefOf(to.template)];
  if (before?.identity !== after?.identity)
    out.templateChanged.push({ ...ref, from: before?.label ?? null, to: after?.label ?? null });
}

/** Names and URLs per language; a language published on one side only shows as a URL from or to `null`. */
function compareCultureNames(ref: ItemRef, from: ItemRecord, to: ItemRecord, out: ItemChanges): void {
  const before = culturesOf(from);
  const after = culturesOf(to);
  for (const culture of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const [old, now] = [before[culture], after[culture]];
    const [oldName, newName] = [textOrNull(old?.name), textOrNull(now?.name)];
    if (old !== undefined && now !== undefined && oldName !== newName) {
      out.renamed.push({ ...ref, culture, from: oldName ?? '', to: newName ?? '' });
    }
    const [oldUrl, newUrl] = [textOrNull(old?.url), textOrNull(now?.url)];
    if (oldUrl !== newUrl) out.urlChanged.push({ ...ref, culture, from: oldUrl, to: newUrl });
  }
}

async function compareItems(
  before: SlimItem,
  after: SlimItem,
  sides: [SnapshotSideReader, SnapshotSideReader],
  types: TypeLookups,
  out: ItemChanges,
): Promise<void> {
  const [from, to] = sides;
  if (isSameStoredLine(before.location, after.location, from.lines, to.lines)) return;
  const lines = [await from.lines.findLine(before.location), await to.lines.findLine(after.location)];
  // The same bytes in two places (most items of a chunk that changed elsewhere): nothing to parse.
  if (lines[0] !== undefined && lines[1] !== undefined && lines[0].equals(lines[1])) return;
  const [old, now] = [parseRecord(lines[0]), parseRecord(lines[1])];
  compareSummaries(before, after, types, out);
  const variant = [old, now].some((record) => record !== undefined && Object.keys(culturesOf(record)).length > 0);
  if (old === undefined || now === undefined || !variant) compareInvariantNames(before, after, out);
  if (old === undefined || now === undefined) return;
  if (variant) compareCultureNames(refOf(after), old, now, out);
  compareTemplates(refOf(after), old, now, out);
  const properties = listPropertyChanges(old, now, types, after.kind);
  if (properties.length > 0) out.changed.push({ ...refOf(after), properties });
}

export async function diffItemsOfKind(
  kind: ItemKind,
  sides: [SnapshotSideReader, SnapshotSideReader],
  types: TypeLookups,
  out: ItemChanges,
): Promise<void> {
  const remaining = await loadSlimIndex(sides[0].dir, kind);
  const track = createPathTracker();
  for await (const entry of iterateIndex(sides[1].dir, kind)) {
    const after = slimOf(kind, entry, track);
    const before = remaining.get(entry.key);
    if (before === undefined) out.added.push(refOf(after));
    else await compareItems(before, after, sides, types, out);
    remaining.delete(entry.key);
  }
  for (const before of remaining.values()) out.removed.push(refOf(before));
}
