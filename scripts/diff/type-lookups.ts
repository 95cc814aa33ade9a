/**
 * What the two snapshots' content types tell the item diff: whether two type aliases name the same type (a type
 * alias rename re-types no item), which property aliases were renamed (matched by property key, over the type and
 * everything it is composed of), and whether a property varies by culture on each side.
 */
import type { ContentTypeRecord, ContentTypesFile, ItemKind } from '../core/snapshot-format.ts';

export type Side = 'from' | 'to';

export interface TypeLookups {
  /** True when both aliases name the same type by key; when either is unknown, when the aliases are equal. */
  isSameType(kind: ItemKind, fromAlias: string, toAlias: string): boolean;
  /** New property alias → old alias, for the properties of this type (and its compositions) renamed by key. */
  listRenamedProperties(kind: ItemKind, fromAlias: string, toAlias: string): ReadonlyMap<string, string>;
  /** Whether a property of a type varies by culture on one side; undefined when that side's types do not say. */
  varies(side: Side, typeAlias: string, propertyAlias: string): boolean | undefined;
}

interface SideTypes {
  byKey: Map<string, ContentTypeRecord>;
  keyOf: Record<ItemKind, Map<string, string>>;
  varies: Map<string, boolean>;
}

const textOrUndefined = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function indexSide(file: ContentTypesFile): SideTypes {
  const side: SideTypes = { byKey: new Map(), keyOf: { content: new Map(), media: new Map() }, varies: new Map() };
  const add = (kind: ItemKind, types: readonly ContentTypeRecord[]): void => {
    for (const type of types) {
      side.byKey.set(type.key, type);
      side.keyOf[kind].set(type.alias, type.key);
      for (const property of type.propertyGroups.flatMap((group) => group.propertyTypes)) {
        if (typeof property.variesByCulture === 'boolean')
          side.varies.set(`${type.alias}\n${property.alias}`, property.variesByCulture);
      }
    }
  };
  add('content', file.contentTypes);
  add('media', file.mediaTypes ?? []);
  return side;
}

/** Property key → alias over a type and, transitively, its compositions. */
function propertyAliasesByKey(side: SideTypes, typeKey: string): Map<string, string> {
  const aliases = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const type = side.byKey.get(key);
    if (type === undefined || seen.has(key)) return;
    seen.add(key);
    for (const property of type.propertyGroups.flatMap((group) => group.propertyTypes)) {
      const propertyKey = textOrUndefined(property.key);
      if (propertyKey !== undefined && !aliases.has(propertyKey)) aliases.set(propertyKey, property.alias);
    }
    for (const ref of type.compositions) visit(ref.key);
  };
  visit(typeKey);
  return aliases;
}

export function createTypeLookups(before: ContentTypesFile, after: ContentTypesFile): TypeLookups {
  const sides = { from: indexSide(before), to: indexSide(after) };
  const renames = new Map<string, ReadonlyMap<string, string>>();
  const none: ReadonlyMap<string, string> = new Map();

  return {
    isSameType(kind, fromAlias, toAlias) {
      const [a, b] = [sides.from.keyOf[kind].get(fromAlias), sides.to.keyOf[kind].get(toAlias)];
      return a === undefined || b === undefined ? fromAlias === toAlias : a === b;
    },
    listRenamedProperties(kind, fromAlias, toAlias) {
      const [a, b] = [sides.from.keyOf[kind].get(fromAlias), sides.to.keyOf[kind].get(toAlias)];
      if (a === undefined || a !== b) return none;
      let found = renames.get(a);
      if (found === undefined) {
        const old = propertyAliasesByKey(sides.from, a);
        const map = new Map<string, string>();
        for (const [key, alias] of propertyAliasesByKey(sides.to, a)) {
          const was = old.get(key);
          if (was !== undefined && was !== alias) map.set(alias, was);
        }
        found = map;
        renames.set(a, found);
      }
      return found;
    },
    varies: (side, typeAlias, propertyAlias) => sides[side].varies.get(`${typeAlias}\n${propertyAlias}`),
  };
}
