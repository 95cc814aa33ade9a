/**
 * How content types use each other, and from that whether a type is unused. Umbraco facts relied on:
 * - `compositions` lists the types whose properties a type takes over (a composition is never instantiated itself);
 * - `path` is the comma-separated id chain of the type tree (`-1,<ancestor ids>,<own id>`); ancestors may be folders,
 *   so only ids that are types count as parents; some sources name the parent directly (`parentId`, `parent.key`);
 * - `allowedContentTypes` are the types an editor may create below an item of the type.
 */
import type { ContentTypeRecord } from '#core/snapshot-format.ts';

export interface TypeRelations {
  /** Types that list this one among their compositions. */
  composedInto: string[];
  /** Types below this one in the type tree (inheritance). */
  parentOf: string[];
  /** Types that allow this one as a child. */
  allowedUnder: string[];
  /** Items of every type composed of this one, at any depth. */
  itemsThroughCompositions: number;
  /** No item, no block element, no other type (composition, parent, allowed child) uses it. */
  unused: boolean;
}

export interface TypeUseCounts {
  items: number;
  blockUses: number;
}

function parentIdsOf(type: ContentTypeRecord, byId: Map<number, ContentTypeRecord>): number[] {
  const ids = new Set<number>();
  if (typeof type.path === 'string') {
    for (const part of type.path.split(',').slice(0, -1)) if (byId.has(Number(part))) ids.add(Number(part));
  }
  if (typeof type.parentId === 'number' && byId.has(type.parentId)) ids.add(type.parentId);
  return [...ids].filter((id) => id !== type.id);
}

function parentKeyOf(type: ContentTypeRecord): string | undefined {
  const parent = type.parent as { key?: unknown } | null | undefined;
  return typeof parent?.key === 'string' ? parent.key.toLowerCase() : undefined;
}

/** Relations per type key; `uses` gives each type's own item and block counts (keyed by type key). */
export function listTypeRelations(
  types: ContentTypeRecord[],
  uses: (type: ContentTypeRecord) => TypeUseCounts,
): Map<string, TypeRelations> {
  const byId = new Map(types.map((t) => [t.id, t]));
  const byKey = new Map(types.map((t) => [t.key.toLowerCase(), t]));
  const relations = new Map<string, TypeRelations>(
    types.map((t) => [
      t.key,
      { composedInto: [], parentOf: [], allowedUnder: [], itemsThroughCompositions: 0, unused: false },
    ]),
  );
  const add = (key: string, field: 'composedInto' | 'parentOf' | 'allowedUnder', alias: string) => {
    const list = relations.get(byKey.get(key.toLowerCase())?.key ?? '')?.[field];
    if (list !== undefined && !list.includes(alias)) list.push(alias);
  };
  for (const type of types) {
    for (const ref of type.compositions) add(ref.key, 'composedInto', type.alias);
    for (const id of parentIdsOf(type, byId)) add((byId.get(id) as ContentTypeRecord).key, 'parentOf', type.alias);
    const parentKey = parentKeyOf(type);
    if (parentKey !== undefined && parentKey !== type.key) add(parentKey, 'parentOf', type.alias);
    for (const ref of type.allowedContentTypes)
      if (ref.key.toLowerCase() !== type.key) add(ref.key, 'allowedUnder', type.alias);
  }
  const byAlias = new Map(types.map((t) => [t.alias, t]));
  for (const type of types) {
    const r = relations.get(type.key) as TypeRelations;
    const composers = new Set<ContentTypeRecord>();
    const visit = (aliases: string[]) => {
      for (const alias of aliases) {
        const composer = byAlias.get(alias);
        if (composer === undefined || composers.has(composer)) continue;
        composers.add(composer);
        visit(relations.get(composer.key)?.composedInto ?? []);
      }
    };
    visit(r.composedInto);
    r.itemsThroughCompositions = [...composers].reduce((sum, t) => sum + uses(t).items, 0);
    const own = uses(type);
    r.unused =
      own.items === 0 &&
      own.blockUses === 0 &&
      r.composedInto.length === 0 &&
      r.parentOf.length === 0 &&
      r.allowedUnder.length === 0;
  }
  return relations;
}
