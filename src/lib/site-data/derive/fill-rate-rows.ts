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

export function* fillRateRows(types: TypeUsage[]): Generator<Record<string, CsvCell>> {
  for (const t of types) {
    const base = { typeAlias: t.alias, typeName: t.name, kind: t.kind };
    for (const [property, fill] of Object.entries(t.fill)) {
      if (fill.total === 0) continue;
      const missingPage = missingValuesPath(t.alias, property);
      yield {
        ...base,
        scope: 'items',
        property,
        language: '',
        filled: fill.filled,
        total: fill.total,
        missing: fill.total - fill.filled,
        rate: rate(fill.filled, fill.total),
        missingPage,
      };
      for (const [language, [filled, total]] of Object.entries(fill.cultures ?? {})) {
        yield {
          ...base,
          scope: 'items',
          property,
          language,
          filled,
          total,
          missing: total - filled,
          rate: rate(filled, total),
          missingPage,
        };
      }
    }
    for (const [property, fill] of Object.entries(t.blockFill)) {
      if (fill.total === 0) continue;
      yield {
        ...base,
        scope: 'block instances',
        property,
        language: '',
        filled: fill.filled,
        total: fill.total,
        missing: fill.total - fill.filled,
        rate: rate(fill.filled, fill.total),
        missingPage: '',
      };
    }
  }
}
