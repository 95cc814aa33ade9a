/**
 * Which property values of one item changed between two snapshots. Invariant values are compared once (culture
 * `null`); values that vary by culture are compared per language present on both sides, so an edit in one language
 * is listed for that language only. A value absent on one side equals `null`: a property newly added to a type holds
 * nothing yet, and that is a change of the type, not of the item.
 */
import type { ItemRecord } from '../core/snapshot-format.ts';
import type { PropertyChange } from '../core/diff-format.ts';
import { describeValueChange } from './value-diff.ts';

/** Whether a property of a type varies by culture, as the content types say; undefined when they do not know. */
export type VariesByCulture = (typeAlias: string, propertyAlias: string) => boolean | undefined;

interface StoredProperty {
  editorAlias?: unknown;
  value?: unknown;
}

type PropertyMap = Record<string, StoredProperty | undefined>;

interface CultureBody {
  properties?: PropertyMap;
}

const valueOf = (property: StoredProperty | undefined): unknown => property?.value ?? null;

export function culturesOf(record: ItemRecord): Record<string, CultureBody & { name?: unknown; url?: unknown }> {
  const cultures = record.cultures;
  return typeof cultures === 'object' && cultures !== null && !Array.isArray(cultures)
    ? (cultures as Record<string, CultureBody>)
    : {};
}

function compareMaps(
  from: PropertyMap,
  to: PropertyMap,
  culture: string | null,
  include: (alias: string) => boolean,
): PropertyChange[] {
  const changes: PropertyChange[] = [];
  const aliases = new Set([...Object.keys(from), ...Object.keys(to)]);
  for (const alias of aliases) {
    if (!include(alias)) continue;
    const before = valueOf(Object.hasOwn(from, alias) ? from[alias] : undefined);
    const after = valueOf(Object.hasOwn(to, alias) ? to[alias] : undefined);
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    const stored =
      (Object.hasOwn(to, alias) ? to[alias] : undefined) ?? (Object.hasOwn(from, alias) ? from[alias] : undefined);
    const editorAlias = typeof stored?.editorAlias === 'string' ? stored.editorAlias : null;
    const change = before === null ? 'added' : after === null ? 'removed' : 'changed';
    changes.push({
      alias,
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

export function listPropertyChanges(from: ItemRecord, to: ItemRecord, varies: VariesByCulture): PropertyChange[] {
  const fromCultures = culturesOf(from);
  const toCultures = culturesOf(to);
  const variant = Object.keys(toCultures).length > 0 || Object.keys(fromCultures).length > 0;
  const isVariantProperty = (alias: string): boolean => variant && varies(to.type, alias) === true;
  const changes = compareMaps(
    from.properties as PropertyMap,
    to.properties as PropertyMap,
    null,
    (alias) => !isVariantProperty(alias),
  );
  for (const culture of Object.keys(toCultures).sort()) {
    const before = fromCultures[culture]?.properties;
    const after = toCultures[culture]?.properties;
    if (before === undefined || after === undefined) continue;
    changes.push(...compareMaps(before, after, culture, isVariantProperty));
  }
  return changes;
}
