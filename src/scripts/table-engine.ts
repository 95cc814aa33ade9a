/**
 * The query side of the interactive tables: rows of a table file (src/lib/tables/table-model.ts) filtered by text and
 * facet values, sorted by any column, counted per facet value, and written as CSV or JSON. No DOM here.
 */
import { csvRow, csvValue } from '../lib/csv.ts';
import { cellText, type CellValue, type FacetColumn } from '../lib/tables/table-model.ts';
import { ascendingOf, sortKey } from '../lib/tables/table-orders.ts';
import { codesTest, codesWhere, facetOf, type RowTest, type Table } from './table-data.ts';
import { filterTest, type ColumnFilter } from './table-filters.ts';

export interface TableQuery {
  sort: { key: string; descending: boolean } | undefined;
  text: string;
  /** Chosen values per facet column: a row passes when any of its values is chosen. */
  facets: Map<string, string[]>;
  /** Column filters with an operator, all of which a row must pass. */
  filters: ColumnFilter[];
}

export interface TableView {
  rows: number[];
  /** Per facet column index, the count of each of its values among rows passing every other filter. */
  counts: Map<number, number[]>;
}

function sortKeysOf(table: Table, c: number): Array<string | number> {
  let keys = table.sortKeys.get(c);
  if (keys) return keys;
  const type = table.columns[c]?.type ?? 'text';
  keys = new Array<string | number>(table.count);
  for (let r = 0; r < table.count; r++) keys[r] = sortKey(table.value(c, r), type);
  table.sortKeys.set(c, keys);
  return keys;
}

/** Row numbers in ascending order of column `c` (ties keep the file's order), computed once per column. */
function ascendingOrder(table: Table, c: number): Uint32Array {
  let order = table.orders.get(c);
  if (order) return order;
  order = ascendingOf(sortKeysOf(table, c));
  table.orders.set(c, order);
  return order;
}

/** Between the cells of a row's text: no text typed into the filter holds it. */
const SEPARATOR = '\u0000';

/**
 * Per row, the text of its plain columns in lower case, cells apart (facet columns are matched through their values),
 * built once: one search per row, not one per cell, which a million rows need.
 */
export function buildHaystack(table: Table): string[] {
  if (table.haystack) return table.haystack;
  const plain = table.data.filter((column): column is CellValue[] => Array.isArray(column));
  const rows = new Array<string>(table.count);
  for (let r = 0; r < table.count; r++) {
    let text = '';
    for (const column of plain) text += SEPARATOR + cellText(column[r] ?? null);
    rows[r] = text.toLowerCase();
  }
  table.haystack = rows;
  return rows;
}

/** A row matches when any of its cells (any value of a list) holds the query, ignoring case. */
function textMatches(table: Table, query: string): RowTest | undefined {
  if (!query) return undefined;
  const needle = query.toLowerCase();
  const plain = table.columns.flatMap((_, c) => (Array.isArray(table.data[c]) ? [c] : []));
  // A query holding the separator is matched cell by cell, so it never spans two cells.
  const lower = needle.includes(SEPARATOR) ? undefined : buildHaystack(table);
  const inPlain: RowTest = lower
    ? (r) => (lower[r] as string).includes(needle)
    : (r) => plain.some((c) => cellText(table.value(c, r)).toLowerCase().includes(needle));
  const inFacets = table.columns.flatMap((_, c): RowTest[] => {
    const facet = facetOf(table, c);
    const hits = facet && codesWhere(facet, (text) => text.toLowerCase().includes(needle));
    return facet && hits && hits.size > 0 ? [codesTest(facet, hits)] : [];
  });
  return inFacets.length === 0 ? inPlain : (r) => inPlain(r) || inFacets.some((test) => test(r));
}

/** For each chosen facet, a test on a row's codes (a row passes when any of its values is chosen). */
function facetTests(table: Table, facets: TableQuery['facets']): Array<{ c: number; pass: RowTest }> {
  const tests: Array<{ c: number; pass: RowTest }> = [];
  for (const [key, chosen] of facets) {
    const c = table.columns.findIndex((col) => col.key === key && col.facet);
    const facet = facetOf(table, c);
    if (!facet || chosen.length === 0) continue;
    const texts = new Set(chosen);
    tests.push({
      c,
      pass: codesTest(
        facet,
        codesWhere(facet, (text) => texts.has(text)),
      ),
    });
  }
  return tests;
}

/** Rows in the order of the query's sort (file order without one), those set in `mask` only. */
export function orderedRows(table: Table, query: Pick<TableQuery, 'sort'>, mask: Uint8Array): number[] {
  const s = query.sort ? table.columns.findIndex((col) => col.key === query.sort?.key) : -1;
  const rows: number[] = [];
  if (s < 0) {
    for (let r = 0; r < table.count; r++) if (mask[r]) rows.push(r);
    return rows;
  }
  const order = ascendingOrder(table, s);
  if (query.sort?.descending) {
    for (let i = order.length - 1; i >= 0; i--) if (mask[order[i] as number]) rows.push(order[i] as number);
  } else for (const r of order) if (mask[r]) rows.push(r);
  return rows;
}

/** The rows a query's filters pass (set in `mask`), and per facet the counts that picking a value would give. */
export interface Filtered {
  mask: Uint8Array;
  counts: TableView['counts'];
}

/** The view of a query: row numbers in order, and per facet the counts that picking a value would give. */
export function runQuery(table: Table, query: TableQuery): TableView {
  const { mask, counts } = filterRows(table, query);
  return { rows: orderedRows(table, query, mask), counts };
}

/** The rows passing a query's filters, counted per facet value; the sort plays no part. */
export function filterRows(table: Table, query: Omit<TableQuery, 'sort'>): Filtered {
  const text = textMatches(table, query.text);
  const where = query.filters.flatMap((f) => filterTest(table, f) ?? []);
  const tests = facetTests(table, query.facets);
  const facetColumns = table.columns.flatMap((col, c) => (col.facet && facetOf(table, c) ? [c] : []));
  const codes = facetColumns.map((c) => (facetOf(table, c) as FacetColumn).codes);
  const tallies = facetColumns.map((c) => new Array<number>(facetOf(table, c)?.values.length ?? 0).fill(0));
  const mask = new Uint8Array(table.count);
  for (let r = 0; r < table.count; r++) {
    if ((text && !text(r)) || (where.length > 0 && !where.every((pass) => pass(r)))) continue;
    let failed = -1;
    let failures = 0;
    for (const t of tests) if (!t.pass(r) && ++failures === 1) failed = t.c;
    if (failures > 1) continue;
    if (failures === 0) mask[r] = 1;
    for (let i = 0; i < facetColumns.length; i++) {
      if (failures > 0 && facetColumns[i] !== failed) continue;
      const counts = tallies[i] as number[];
      const code = (codes[i] as FacetColumn['codes'])[r] as number | number[];
      if (typeof code === 'number') counts[code] = (counts[code] as number) + 1;
      else for (const k of code) counts[k] = (counts[k] as number) + 1;
    }
  }
  return { mask, counts: new Map(facetColumns.map((c, i) => [c, tallies[i] as number[]])) };
}

/** CSV like the site's downloads (src/lib/csv.ts): UTF-8 BOM (Excel), CRLF, formula guard, lists joined with "; ". */
export function toCsv(table: Table, rows: readonly number[], columns: readonly number[]): string {
  const lines = [`\uFEFF${csvRow(columns.map((c) => table.columns[c]?.key))}`];
  for (const r of rows) lines.push(csvRow(columns.map((c) => csvValue(table.value(c, r)))));
  return lines.join('');
}

export function toJson(table: Table, rows: readonly number[], columns: readonly number[]): string {
  const out = rows.map((r) => Object.fromEntries(columns.map((c) => [table.columns[c]?.key, table.value(c, r)])));
  return `${JSON.stringify(out, null, 1)}\n`;
}
