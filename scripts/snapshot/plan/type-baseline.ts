/**
 * Which item types are the same in the previous snapshot and in this crawl, decided before any item is reused.
 * Umbraco changes no item's dates when a property type is deleted or renamed, or when its editor, data type or
 * variance changes, yet every item of that type (or of a type composed of it) then reads differently by id: its
 * `properties` come from its type and its compositions. An item is reused only when its type and every type it is
 * composed of, transitively, is byte for byte the same record in both snapshots (the crawler's own `element` and
 * `elementBy` aside), and never when either side lacks one of them.
 */
import { canonicalJson } from '../../core/canonical-json.ts';
import type { ContentTypeRecord, ContentTypesFile, ItemKind } from '../../core/snapshot-format.ts';
import type { ReadClient } from '../client/read-client.ts';
import { createTypeReferences, crawlContentTypes, type TypeList } from './content-type-plan.ts';
import { createCrawlLog } from '../crawl-log.ts';
import type { TreeEntry } from './tree-walk.ts';

export type SameType = (kind: ItemKind, alias: string) => boolean;

type TypeSet = Pick<ContentTypesFile, 'contentTypes' | 'mediaTypes'>;

/**
 * The record as the source sent it, in one key order (the snapshot reader's schema puts its own fields first):
 * `element` and `elementBy` are decided by the crawler from item references, so they are left out.
 */
function canonical(type: ContentTypeRecord): string {
  const { element: _element, elementBy: _elementBy, ...rest } = type;
  return canonicalJson(rest);
}

interface Side {
  byKey: Map<string, ContentTypeRecord>;
  byAlias: Record<ItemKind, Map<string, string>>;
}

function indexTypes(types: TypeSet): Side {
  const byKey = new Map<string, ContentTypeRecord>();
  const byAlias = { content: new Map<string, string>(), media: new Map<string, string>() };
  const add = (kind: ItemKind, list: readonly ContentTypeRecord[] | undefined): void => {
    for (const type of list ?? []) {
      byKey.set(type.key, type);
      byAlias[kind].set(type.alias, type.key);
    }
  };
  add('content', types.contentTypes);
  add('media', types.mediaTypes);
  return { byKey, byAlias };
}

export function compareTypes(before: TypeSet, after: TypeSet): SameType {
  const old = indexTypes(before);
  const now = indexTypes(after);
  const stable = new Map<string, boolean>();

  function isStable(key: string): boolean {
    const known = stable.get(key);
    if (known !== undefined) return known;
    // A composition cycle: assume the best while inside it; every record on the cycle is still compared.
    stable.set(key, true);
    const a = old.byKey.get(key);
    const b = now.byKey.get(key);
    const same =
      a !== undefined &&
      b !== undefined &&
      canonical(a) === canonical(b) &&
      b.compositions.every((ref) => isStable(ref.key));
    stable.set(key, same);
    return same;
  }

  return (kind, alias) => {
    const key = now.byAlias[kind].get(alias);
    return key !== undefined && old.byAlias[kind].get(alias) === key && isStable(key);
  };
}

/**
 * The types this crawl's items need, fetched before the items: the type lists when the source offers them, else
 * each item type by alias and, in waves, its compositions and allowed child types. The final type crawl after the
 * items asks for the same lookups again, so `read` must remember answers (see `rememberTypeLookups`).
 */
export async function crawlItemTypesFirst(
  entries: Record<ItemKind, readonly TreeEntry[]>,
  read: ReadClient,
  lists: { content: TypeList; media: TypeList },
  maxLookups: number | undefined,
): Promise<TypeSet> {
  const refs = createTypeReferences();
  for (const entry of entries.content) if (!refs.aliases.has(entry.type)) refs.aliases.set(entry.type, 'item');
  for (const entry of entries.media) refs.mediaAliases.set(entry.type, 'item');
  // Its own log: what the final type crawl finds is reported once, there.
  const scratch = createCrawlLog();
  const hooks = { queued: () => undefined, done: () => undefined };
  const found = await crawlContentTypes(refs, read, scratch, hooks, lists, maxLookups);
  return { contentTypes: found.contentTypes, mediaTypes: found.mediaTypes };
}

/** A read client whose content-type lookups are each sent once, however often they are asked for. */
export function rememberTypeLookups(read: ReadClient): ReadClient {
  const answers = new Map<string, ReturnType<ReadClient['lookupContentType']>>();
  return {
    ...read,
    lookupContentType(by, value) {
      const id = `${by}\u0000${value}`;
      let answer = answers.get(id);
      if (answer === undefined) {
        answer = read.lookupContentType(by, value);
        answers.set(id, answer);
      }
      return answer;
    },
  };
}
