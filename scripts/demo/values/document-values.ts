import type { RawValue } from './block-values.ts';
import type { CultureState } from '../plan/document-cultures.ts';
import type { Random } from './random.ts';
import type { ResolvedProperty } from '../model/site-model.ts';
import { generateValue, type ValueContext } from './value-generators.ts';

/**
 * Property values of one document version. Variant properties get one row per culture the document
 * has (languageId set), invariant ones a single row with languageId NULL. Empty values get no row.
 */
export interface PropertyRow {
  property: ResolvedProperty;
  languageId: number | null;
  raw: RawValue;
}

export type ContextFor = (culture: CultureState) => ValueContext;

export function snapshotValues(
  properties: readonly ResolvedProperty[],
  cultures: readonly CultureState[],
  fillAll: boolean,
  contextFor: ContextFor,
): PropertyRow[] {
  const rows: PropertyRow[] = [];
  const [defaultCulture] = cultures as [CultureState];
  for (const property of properties) {
    if (property.kind === 'urlName') continue;
    const ctx = contextFor(defaultCulture);
    const fill = fillAll && property.kind !== 'rareFlag' ? 1 : property.fill;
    if (!ctx.random.chance(fill)) continue;
    const targets = property.variant ? cultures : [defaultCulture];
    for (const culture of targets) {
      const raw = generateValue(property, contextFor(culture));
      if (raw !== null) rows.push({ property, languageId: property.variant ? culture.language.id : null, raw });
    }
  }
  return rows;
}

/** `umbracoUrlName` rows come from the culture plan, which already made them unique among siblings. */
export function urlNameRows(
  properties: readonly ResolvedProperty[],
  cultures: readonly CultureState[],
  draft: boolean,
): PropertyRow[] {
  const property = properties.find((p) => p.kind === 'urlName');
  if (!property) return [];
  const targets = property.variant ? cultures : cultures.slice(0, 1);
  return targets.flatMap((culture) => {
    const raw = draft ? culture.draftUrlName : culture.publishedUrlName;
    return raw === null ? [] : [{ property, languageId: property.variant ? culture.language.id : null, raw }];
  });
}

/**
 * A pending edit: one or two properties get a new value in the draft. Returns the draft rows and the
 * cultures whose draft now differs from what is published.
 */
export function editValues(
  rows: readonly PropertyRow[],
  properties: readonly ResolvedProperty[],
  cultures: readonly CultureState[],
  random: Random,
  contextFor: ContextFor,
): { rows: PropertyRow[]; edited: Set<number> } {
  const draft = [...rows];
  const edited = new Set<number>();
  const editable = properties.filter((p) => p.kind !== 'urlName');
  for (let i = random.int(1, 2); i > 0 && editable.length > 0; i--) {
    const property = random.pick(editable);
    const culture = property.variant ? random.pick(cultures) : (cultures[0] as CultureState);
    const languageId = property.variant ? culture.language.id : null;
    const raw = generateValue(property, contextFor(culture));
    const at = draft.findIndex((r) => r.property === property && r.languageId === languageId);
    if (at >= 0) draft.splice(at, 1);
    if (raw !== null) draft.push({ property, languageId, raw });
    if (property.variant) edited.add(culture.language.id);
    else cultures.forEach((c) => edited.add(c.language.id));
  }
  return { rows: draft, edited };
}
