/**
 * Property rows of an item page in type-definition order. A culture-variant item shows its shared (invariant)
 * properties once and the variant ones per language: a property is variant when its type says so or when its
 * values differ between the item's cultures (sources do not always say).
 */
import type { PropertyInfo } from '../content-types/type-index.ts';
import type { CultureEntry, PropertyEntry } from '../values/item-properties.ts';
import type { ValueContext } from '../values/value-context.ts';
import { describeValue, type ValueView } from '../values/value-view.ts';

export interface PropertyRow {
  alias: string;
  name?: string;
  editorAlias: string;
  group?: string;
  inheritedFrom?: string;
  view: ValueView;
}
export interface CultureSection {
  iso: string;
  name: string;
  url: string | null;
  urlSegment: string | null;
  updateDate: string | null;
  properties: PropertyRow[];
}

function ordered(entries: PropertyEntry[], defs: PropertyInfo[]): Array<{ entry: PropertyEntry; def?: PropertyInfo }> {
  const byAlias = new Map(entries.map((e) => [e.alias, e]));
  const out: Array<{ entry: PropertyEntry; def?: PropertyInfo }> = [];
  for (const def of defs) {
    const entry = byAlias.get(def.alias);
    if (entry) out.push({ entry, def });
    byAlias.delete(def.alias);
  }
  for (const entry of byAlias.values()) out.push({ entry });
  return out;
}

function toRow({ entry, def }: { entry: PropertyEntry; def?: PropertyInfo }, ctx: ValueContext): PropertyRow {
  const editorAlias = entry.editorAlias || def?.editorAlias || '';
  return {
    alias: entry.alias,
    editorAlias,
    ...(def ? { name: def.name, group: def.group } : {}),
    ...(def?.inheritedFrom ? { inheritedFrom: def.inheritedFrom } : {}),
    view: describeValue(entry.value, editorAlias, ctx),
  };
}

export function buildPropertyRows(
  properties: PropertyEntry[],
  cultures: CultureEntry[],
  defs: PropertyInfo[],
  ctx: ValueContext,
): { shared: PropertyRow[]; cultures: CultureSection[] } {
  const rows = ordered(properties, defs);
  if (cultures.length === 0) return { shared: rows.map((r) => toRow(r, ctx)), cultures: [] };
  const valueIn = (c: CultureEntry, alias: string) =>
    JSON.stringify(c.properties.find((p) => p.alias === alias)?.value ?? null);
  const first = cultures[0] as CultureEntry;
  const differs = (alias: string): boolean => {
    const firstValue = valueIn(first, alias);
    return cultures.some((c) => c !== first && valueIn(c, alias) !== firstValue);
  };
  const variant = new Set(
    rows.filter(({ entry, def }) => def?.variesByCulture === true || differs(entry.alias)).map((r) => r.entry.alias),
  );
  return {
    shared: rows.filter((r) => !variant.has(r.entry.alias)).map((r) => toRow(r, ctx)),
    cultures: cultures.map((c) => ({
      iso: c.iso,
      name: c.name,
      url: c.url,
      urlSegment: c.urlSegment,
      updateDate: c.updateDate,
      properties: ordered(c.properties.length > 0 ? c.properties : properties, defs)
        .filter((r) => variant.has(r.entry.alias))
        .map((r) => toRow(r, ctx)),
    })),
  };
}
