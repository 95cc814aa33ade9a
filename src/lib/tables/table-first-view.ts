/**
 * The first view of a large table (`tables/<name>.first-view.json`): the first rows in the file's order with every
 * column (deferred ones too), each facet's full dictionary and its count over all rows. A large table's page shows
 * this at once and answers every other view from a worker that reads the whole table file in the background
 * (src/scripts/table-worker.ts), so the first view costs kilobytes at any size.
 */
import type { CellValue, EncodedTable, FacetColumn, FacetValue, TableRow, TableSpec } from './table-model.ts';

/** The largest page size a reader can choose (PAGE_SIZES in src/scripts/table-state.ts): the first view's rows. */
export const FIRST_VIEW_ROWS = 500;

export interface FirstView extends EncodedTable {
  /** Rows of the whole table (`count` is the rows this file holds). */
  total: number;
  /** Per column: for a facet, the rows holding each value of its dictionary (a list counts each value); else null. */
  counts: Array<number[] | null>;
}

/**
 * A facet over every row: values numbered in the order rows first show them (as the table file numbers them, so the
 * codes of both files agree), the codes of the first `n` rows, and how many rows hold each value.
 */
function facetOverAll(rows: readonly TableRow[], key: string, n: number): { column: FacetColumn; counts: number[] } {
  const index = new Map<FacetValue, number>();
  const counts: number[] = [];
  const codeOf = (value: FacetValue | undefined): number => {
    const v = value ?? null;
    let code = index.get(v);
    if (code === undefined) index.set(v, (code = index.size));
    counts[code] = (counts[code] ?? 0) + 1;
    return code;
  };
  const codes: Array<number | number[]> = [];
  for (const [r, row] of rows.entries()) {
    const value = row[key];
    const code = Array.isArray(value) ? value.map(codeOf) : codeOf(value);
    if (r < n) codes.push(code);
  }
  return { column: { values: [...index.keys()], codes }, counts };
}

export function encodeFirstView(spec: TableSpec, rows: readonly TableRow[], n = FIRST_VIEW_ROWS): FirstView {
  const first = rows.slice(0, n);
  const counts: FirstView['counts'] = [];
  const data = spec.columns.map((c): CellValue[] | FacetColumn => {
    if (!c.facet) {
      counts.push(null);
      return first.map((row) => row[c.key] ?? null);
    }
    const facet = facetOverAll(rows, c.key, n);
    counts.push(facet.counts);
    return facet.column;
  });
  return { name: spec.name, count: first.length, total: rows.length, columns: spec.columns, data, counts };
}
