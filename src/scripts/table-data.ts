/**
 * A table file (src/lib/tables/table-model.ts) decoded for the browser: cells read through the facet dictionaries,
 * and what queries derive from a column (sort keys, orders, the lower-case text) kept until the column changes; its
 * deferred columns fetched when a view needs them.
 */
import {
  cellText,
  decodeCell,
  type CellValue,
  type EncodedTable,
  type FacetColumn,
  type TableColumn,
} from '../lib/tables/table-model.ts';
import { getJson } from './dom.ts';

/** A decoded table: `value(c, r)` is the cell of column index `c` in row `r` (list-valued facets give arrays). */
export interface Table {
  columns: TableColumn[];
  count: number;
  data: EncodedTable['data'];
  value(c: number, r: number): CellValue;
  sortKeys: Map<number, Array<string | number>>;
  /** Per column index, row numbers in ascending order (computed, or read from the column's order file). */
  orders: Map<number, Uint32Array>;
  /** Per row, the lower-case text of its plain columns (table-engine.ts). */
  haystack: string[] | undefined;
}

export function decodeTable(file: EncodedTable): Table {
  const { columns, count, data } = file;
  const value = (c: number, r: number): CellValue => {
    const column = data[c];
    return column === undefined ? null : decodeCell(column, r);
  };
  return { columns, count, data, value, sortKeys: new Map(), orders: new Map(), haystack: undefined };
}

/** A facet column's dictionary; undefined for a plain column. */
export function facetOf(table: Table, c: number): FacetColumn | undefined {
  const column = table.data[c];
  return column !== undefined && !Array.isArray(column) ? column : undefined;
}

/** Puts in the values of a deferred column (fetched on its own) and forgets what was derived without them. */
export function fillColumn(table: Table, key: string, values: CellValue[]): void {
  const c = table.columns.findIndex((col) => col.key === key);
  if (c < 0 || values.length !== table.count) throw new Error(`column ${key} does not fit the table`);
  table.data[c] = values;
  table.sortKeys.delete(c);
  table.orders.delete(c);
  table.haystack = undefined;
}

export type RowTest = (r: number) => boolean;

/** A test on a facet column's codes: a row passes when any of its values' codes is in `codes`. */
export function codesTest(facet: FacetColumn, codes: ReadonlySet<number>): RowTest {
  const list = facet.codes;
  return (r) => {
    const k = list[r] as number | number[];
    return Array.isArray(k) ? k.some((x) => codes.has(x)) : codes.has(k);
  };
}

/** The codes of a facet column whose value's text passes `test`. */
export function codesWhere(facet: FacetColumn, test: (text: string) => boolean): Set<number> {
  return new Set(facet.values.flatMap((v, k) => (test(cellText(v)) ? [k] : [])));
}

/** Fetches the deferred columns among `keys`; true when one was fetched for this call. */
export type Deferred = (keys: readonly string[]) => Promise<boolean>;

/**
 * A table's deferred columns (GUIDs, and hidden columns until someone wants them), each fetched from
 * `<table>.<column>.json` beside the table file `src`, once: a small table's page and a large table's worker use it.
 */
export function deferredLoader(src: string, table: Table): Deferred {
  const base = src.replace(/\.json$/, '');
  const loading = new Map<string, Promise<void>>();
  // True when a column was fetched for this call, so the view is drawn (or queried) again only then.
  return async (keys) => {
    const fresh = table.columns.filter((col) => col.deferred && keys.includes(col.key) && !loading.has(col.key));
    for (const col of fresh)
      loading.set(
        col.key,
        getJson<CellValue[]>(`${base}.${col.key}.json`).then((values) => fillColumn(table, col.key, values)),
      );
    await Promise.all(
      table.columns.filter((col) => keys.includes(col.key)).flatMap((col) => loading.get(col.key) ?? []),
    );
    return fresh.length > 0;
  };
}
