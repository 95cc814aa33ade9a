/**
 * Which property values of one item changed between two snapshots. Invariant values are compared once (culture
 * `null`); values that vary by culture are compared per language present on both sides, so an edit in one language
 * is listed for that language only. A value absent on one side equals `null`: a property newly added to a type holds
 * nothing yet, and that is a change of the type, not of the item.
 */
import type { ItemKind, ItemRecord } from '../core/snapshot-format.ts';
import type { PropertyChange } from '../core/diff-format.ts';
import type { TypeLookups } from './type-lookups.ts';
import { describeValueChange, isSameValue } from './value-diff.ts';

interface StoredProperty {
  editorAlias?: unknown;
  value?: unknown;
}

type PropertyMap = Record<string, StoredProperty | undefined>;

interface CultureBody {
  properties?: PropertyMap;
}

/** One property on both sides: its alias before and after (a rename by key), either absent on its side. */
interface AliasPair {
  from: string | undefined;
  to: string | undefined;
}

const valueOf = (property: StoredProperty | undefined): unknown => property?.value ?? null;
const propertyOf = (map: PropertyMap, alias: string | undefined): StoredProperty | undefined =>
  alias !== undefined && Object.hasOwn(map, alias) ? map[alias] : undefined;

export function culturesOf(record: ItemRecord): Record<string, CultureBody & { name?: unknown; url?: unknown }> {
  const cultures = record.cultures;
  return typeof cultures === 'object' && cultures !== null && !Array.isArray(cultures)
    ? (cultures as Record<string, CultureBody>)
    : {};
}

/**
 * Each new alias with the old alias it was renamed from, or with itself; an old alias that a renamed property now
 * holds under another name pairs with nothing new, so a swap of two aliases compares each property with itself.
 */
function pairAliases(from: PropertyMap, to: PropertyMap, renamed: ReadonlyMap<string, string>): AliasPair[] {
  const oldAliases = new Set(renamed.values());
  const used = new Set<string>();
  const pairs: AliasPair[] = [];
  for (const alias of Object.keys(to)) {
    const source = renamed.get(alias) ?? (oldAliases.has(alias) ? undefined : alias);
    const found = source !== undefined && Object.hasOwn(from, source) ? source : undefined;
    if (found !== undefined) used.add(found);
    pairs.push({ from: found, to: alias });
  }
  for (const alias of Object.keys(from)) if (!used.has(alias)) pairs.push({ from: alias, to: undefined });
  return pairs;
}

function compareMaps(
  from: PropertyMap,
  to: PropertyMap,
  culture: string | null,
  pairs: readonly AliasPair[],
): PropertyChange[] {
  const changes: PropertyChange[] = [];
  for (const pair of pairs) {
    const [was, now] = [propertyOf(from, pair.from), propertyOf(to, pair.to)];
    const [before, after] = [valueOf(was), valueOf(now)];
    if (isSameValue(before, after)) continue;
    const stored = now ?? was;
    const editorAlias = typeof stored?.editorAlias === 'string' ? stored.editorAlias : null;
    const change = before === null ? 'added' : after === null ? 'removed' : 'changed';
    const alias = (pair.to ?? pair.from) as string;
    changes.push({
      alias,
      ...(pair.from !== undefined && pair.to !== undefined && pair.from !== pair.to ? { fromAlias: pair.from } : {}),
      culture,
      editorAlias,
      change,
      from: before,
      to: after,
      ...describeValueChange(before, after),
    });
  }
  return changes;
}

/**
 * Values are paired across property renames (by key), so a renamed property lists only real value changes. A
 * property that varies by culture on either side is compared per language: switched to invariant, Umbraco keeps the
 * default language's value and deletes the others, which shows in each other language; switched to per language,
 * the other languages lose the value they shared.
 */
export function listPropertyChanges(
  from: ItemRecord,
  to: ItemRecord,
  types: TypeLookups,
  kind: ItemKind,
): PropertyChange[] {
  const fromCultures = culturesOf(from);
  const toCultures = culturesOf(to);
  const variant = Object.keys(toCultures).length > 0 || Object.keys(fromCultures).length > 0;
  const renamed = types.listRenamedProperties(kind, from.type, to.type);
  const perCulture = (pair: AliasPair): boolean =>
    variant &&
    ((pair.to !== undefined && types.varies('to', to.type, pair.to) === true) ||
      (pair.from !== undefined && types.varies('from', from.type, pair.from) === true));
  const [fromMap, toMap] = [from.properties as PropertyMap, to.properties as PropertyMap];
  const invariantPairs = pairAliases(fromMap, toMap, renamed).filter((pair) => !perCulture(pair));
  const changes = compareMaps(fromMap, toMap, null, invariantPairs);
  for (const culture of Object.keys(toCultures).sort()) {
    const before = fromCultures[culture]?.properties;
    const after = toCultures[culture]?.properties;
    if (before === undefined || after === undefined) continue;
    changes.push(...compareMaps(before, after, culture, pairAliases(before, after, renamed).filter(perCulture)));
  }
  return changes;
}
