/**
 * The global fill-rate inventory: one row per type × property (× language for items with cultures), and one per
 * element type × property over its block instances. `missingPage` is the site path listing the items that lack it.
 */
import type { CsvCell } from '../../csv.ts';
import type { TypeUsage } from '../site-data-format.ts';
import { missingValuesPath } from '../../site-paths.ts';

export const FILL_RATE_COLUMNS = [
  'typeAlias',
  'typeName',
  'kind',
  'scope',
  'property',
  'language',
  'filled',
  'total',
  'missing',
  'rate',
  'missingPage',
];

const rate = (filled: number, total: number): number => (total === 0 ? 0 : Math.round((filled / total) * 1000) / 10);

type FillRow = Record<string, CsvCell>;

/** One row: what share of `total` values of `property` are filled, in `language` ('' for all). */
const fillRow = (
  base: FillRow,
  scope: string,
  property: string,
  language: string,
  [filled, total]: readonly [number, number],
  missingPage: string,
): FillRow => ({
  ...base,
  scope,
  property,
  language,
  filled,
  total,
  missing: total - filled,
  rate: rate(filled, total),
  missingPage,
});

export function* fillRateRows(types: TypeUsage[]): Generator<FillRow> {
  for (const t of types) {
    const base = { typeAlias: t.alias, typeName: t.name, kind: t.kind };
    for (const [property, fill] of Object.entries(t.fill)) {
      if (fill.total === 0) continue;
      const missingPage = missingValuesPath(t.alias, property);
      yield fillRow(base, 'items', property, '', [fill.filled, fill.total], missingPage);
      for (const [language, counts] of Object.entries(fill.cultures ?? {}))
        yield fillRow(base, 'items', property, language, counts, missingPage);
    }
    for (const [property, fill] of Object.entries(t.blockFill)) {
      if (fill.total === 0) continue;
      yield fillRow(base, 'block instances', property, '', [fill.filled, fill.total], '');
    }
  }
}
