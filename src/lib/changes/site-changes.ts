/**
 * The change list since the previous snapshot, as the build wrote it into the site data
 * (scripts/pipeline/changes-step.ts),
 * loaded once per build process; undefined when the build had nothing to compare with.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CHANGES_FILE,
  ITEM_CHANGE_KINDS,
  type ChangedType,
  type ItemRef,
  type PropertyChange,
  type SnapshotDiff,
} from '#core/diff-format.ts';
import { getSiteEnv } from '../site-env.ts';
import { listArchivedRemovals } from './change-archive.ts';

/** What one item went through between the two snapshots, for its page. */
export interface ItemHistory {
  added: boolean;
  /** One line per change of its place, name, URL, type or order. */
  notes: string[];
  properties: PropertyChange[];
}

let cached: Promise<SnapshotDiff | undefined> | undefined;

async function load(): Promise<SnapshotDiff | undefined> {
  const file = path.join(getSiteEnv().siteDataDir, CHANGES_FILE);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return text === undefined ? undefined : (JSON.parse(text) as SnapshotDiff);
}

export function loadChanges(): Promise<SnapshotDiff | undefined> {
  cached ??= load();
  return cached;
}

const inCulture = (culture: string | null): string => (culture === null ? '' : ` (${culture})`);

function noteOf(
  kind: (typeof ITEM_CHANGE_KINDS)[number],
  change: ItemRef & Record<string, unknown>,
): string | undefined {
  const culture = inCulture((change.culture as string | null | undefined) ?? null);
  const fromTo = `${String(change.from ?? '–')} → ${String(change.to ?? '–')}`;
  if (kind === 'moved') return `Moved: ${String(change.fromPath)} → ${String(change.toPath)}`;
  if (kind === 'renamed') return `Renamed${culture}: ${fromTo}`;
  if (kind === 'urlChanged') return `URL changed${culture}: ${fromTo}`;
  if (kind === 'retyped') return `Type changed: ${fromTo}`;
  if (kind === 'sortOrderChanged') return `Sort order changed: ${fromTo}`;
  if (kind === 'templateChanged') return `Template changed: ${fromTo}`;
  return undefined;
}

/** Every item's history by key, and removed items by key, gathered in one pass: pages look theirs up. */
interface ChangeIndex {
  histories: Map<string, ItemHistory>;
  removed: Map<string, ItemRef>;
}
let index: Promise<ChangeIndex> | undefined;

function historyOf(histories: Map<string, ItemHistory>, key: string): ItemHistory {
  let history = histories.get(key);
  if (history === undefined) {
    history = { added: false, notes: [], properties: [] };
    histories.set(key, history);
  }
  return history;
}

async function buildIndex(): Promise<ChangeIndex> {
  const diff = await loadChanges();
  const histories = new Map<string, ItemHistory>();
  if (diff === undefined) return { histories, removed: new Map() };
  for (const kind of ITEM_CHANGE_KINDS) {
    for (const change of diff.items[kind]) {
      const history = historyOf(histories, change.key);
      if (kind === 'added') history.added = true;
      if (kind === 'changed')
        history.properties.push(...(change as unknown as { properties: PropertyChange[] }).properties);
      const note = noteOf(kind, change as unknown as ItemRef & Record<string, unknown>);
      if (note !== undefined) history.notes.push(note);
    }
  }
  for (const [key, h] of histories)
    if (!h.added && h.notes.length === 0 && h.properties.length === 0) histories.delete(key);
  return { histories, removed: new Map(diff.items.removed.map((item) => [item.key, item])) };
}

export async function findItemHistory(key: string): Promise<ItemHistory | undefined> {
  index ??= buildIndex();
  return (await index).histories.get(key);
}

/** Removed items with a page: tonight's, and those of the earlier nights kept (`--keep`) that are not back. */
export async function listRemovedItems(kind: ItemRef['kind']): Promise<ItemRef[]> {
  const tonight = (await loadChanges())?.items.removed ?? [];
  const keys = new Set(tonight.map((item) => item.key));
  const earlier = (await listArchivedRemovals()).map(({ item }) => item).filter((item) => !keys.has(item.key));
  return [...tonight, ...earlier].filter((item) => item.kind === kind);
}

/** A removed item, and the night that removed it (the change list it is in). */
export async function findRemovedItem(
  kind: ItemRef['kind'],
  key: string,
): Promise<{ item: ItemRef; night: SnapshotDiff } | undefined> {
  index ??= buildIndex();
  const diff = await loadChanges();
  const item = (await index).removed.get(key);
  if (item !== undefined && diff !== undefined) return item.kind === kind ? { item, night: diff } : undefined;
  const earlier = (await listArchivedRemovals()).find((removal) => removal.item.key === key);
  return earlier?.item.kind === kind ? earlier : undefined;
}

export async function findTypeChange(key: string): Promise<{ added: boolean; changed?: ChangedType } | undefined> {
  const diff = await loadChanges();
  if (diff === undefined) return undefined;
  if (diff.contentTypes.added.some((type) => type.key === key)) return { added: true };
  const changed = diff.contentTypes.changed.find((type) => type.key === key);
  return changed === undefined ? undefined : { added: false, changed };
}
