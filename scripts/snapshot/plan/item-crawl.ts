/**
 * Full items of one kind, in index order: each fetched by id with maxLevel 1 (so no node of the answer has children),
 * or copied from the previous snapshot when nothing on its path changed. Written as they complete, in order.
 */
import { listElementTypeRefs } from './block-references.ts';
import { addReference, type TypeReferences } from './content-type-plan.ts';
import { findItemExcess } from '../../core/item-limits.ts';
import type { CrawlLog } from '../crawl-log.ts';
import { mapInOrder } from '../client/limiter.ts';
import type { PreviousSnapshot } from './previous-snapshot.ts';
import type { Progress } from '../progress.ts';
import type { ReadClient } from '../client/read-client.ts';
import type { ItemKind } from '../../core/snapshot-format.ts';
import type { SnapshotStore } from '../store/snapshot-store.ts';
import type { ItemCore } from '../answers/source-schemas.ts';
import type { TreeEntry } from './tree-walk.ts';
import type { SameType } from './type-baseline.ts';

export interface ItemCrawlDeps {
  read: ReadClient;
  log: CrawlLog;
  store: SnapshotStore;
  previous: PreviousSnapshot | undefined;
  /** Whether an item type (with its compositions) is the same record in the previous snapshot and in this crawl. */
  sameType: SameType;
  refs: TypeReferences;
  progress: Progress;
  /** How far fetching may run ahead of writing. */
  window: number;
  /** Full items already in hand (each tree window's item), so they are not asked for again. */
  prefetched: { get(id: number): ItemCore | undefined };
}

export interface ItemCrawlResult {
  /** A Map: aliases are source data, and `constructor` or `__proto__` must count like any other. */
  byType: Map<string, number>;
  reused: number;
  /** Items asked for by id here (the items of tree windows came with them). */
  fetched: number;
}

interface Fetched {
  item: Record<string, unknown> | undefined;
  /** The line to write: a reused item's old line as it was, byte for byte. */
  json: string | undefined;
  reused: boolean;
}

/** The item minus `children`; ancestors in `path` lose theirs too (older plugins send media ancestors' subtrees). */
export function toItemRecord(item: ItemCore, kind: ItemKind, entry: TreeEntry): Record<string, unknown> {
  const { children: _children, ...body } = item;
  const path = Array.isArray(body.path) ? body.path.map(withoutChildren) : body.path;
  return {
    ...body,
    ...(path === undefined ? {} : { path }),
    key: entry.key,
    kind,
    parentId: entry.parentId,
    level: entry.level,
  };
}

function withoutChildren(node: unknown): unknown {
  if (node === null || typeof node !== 'object' || !('children' in node)) return node;
  const { children: _children, ...rest } = node as Record<string, unknown>;
  return rest;
}

export async function crawlItems(
  kind: ItemKind,
  entries: readonly TreeEntry[],
  deps: ItemCrawlDeps,
): Promise<ItemCrawlResult> {
  const reusable = deps.previous?.listReusable(kind, entries, deps.sameType) ?? new Set<number>();
  const result: ItemCrawlResult = { byType: new Map(), reused: 0, fetched: 0 };

  async function fetchOne(entry: TreeEntry): Promise<Fetched> {
    if (reusable.has(entry.id)) {
      const json = await deps.previous?.findItemJson(kind, entry.id);
      if (json !== undefined) return { item: JSON.parse(json) as Record<string, unknown>, json, reused: true };
    }
    let item = deps.prefetched.get(entry.id);
    if (item === undefined) {
      result.fetched += 1;
      item = await deps.read.findItem(kind, entry.id);
    }
    if (item !== undefined && item.key.toLowerCase() !== entry.key) {
      deps.log.addWarning({
        code: 'key-mismatch',
        message: `${kind} item ${entry.id} has key ${item.key} by id but ${entry.key} in its tree; the tree's is kept`,
        id: entry.id,
      });
    }
    const record = item === undefined ? undefined : toItemRecord(item, kind, entry);
    return { item: record, json: record === undefined ? undefined : JSON.stringify(record), reused: false };
  }

  async function write(entry: TreeEntry, fetched: Fetched): Promise<void> {
    await deps.store.writeItem(kind, entry, fetched.json);
    result.byType.set(entry.type, (result.byType.get(entry.type) ?? 0) + 1);
    if (fetched.reused) result.reused += 1;
    addReference(
      kind === 'content' ? deps.refs.aliases : deps.refs.mediaAliases,
      entry.type,
      `${kind} item ${entry.id}`,
    );
    if (kind === 'content') deps.refs.documentAliases.add(entry.type);
    const excess = fetched.item === undefined ? undefined : findItemExcess(fetched.item);
    if (excess !== undefined)
      deps.log.addWarning({
        code: 'item-too-large',
        message: `${kind} item ${entry.id} (${entry.key}) ${excess}; the site shows it without its properties`,
        id: entry.id,
      });
    if (fetched.item !== undefined) {
      const found = listElementTypeRefs(fetched.item);
      for (const key of found.keys) {
        addReference(deps.refs.keys, key, `block value in ${kind} item ${entry.id}`);
        deps.refs.elementKeys.add(key);
      }
      for (const alias of found.aliases) {
        addReference(deps.refs.aliases, alias, `Nested Content value in ${kind} item ${entry.id}`);
        deps.refs.elementAliases.add(alias);
      }
    }
    deps.progress.tick();
  }

  await mapInOrder(entries, deps.window, fetchOne, write);
  return result;
}
