/**
 * An interactive table as the site ships it: column descriptions plus every row, encoded by column. Facet columns are
 * dictionary-encoded (a list of distinct values and one small integer per row), which keeps a 100k-row table compact
 * and lets the browser count facet values without touching strings. `src/scripts/data-table.ts` reads this shape (this
 * module is pure, so the browser imports the same types and cell rules).
 */
export type CellValue = string | number | boolean | null | string[];
export type TableRow = Record<string, CellValue>;

export interface TableColumn {
  key: string;
  label: string;
  /** `num` sorts numerically and aligns right; `code` (ids, GUIDs, aliases, dates) never breaks inside its text. */
  type: 'text' | 'num' | 'code';
  /** Offered as a filter with value counts; a list-valued facet (languages) counts each of its values. */
  facet?: boolean;
  /** Link target relative to the site base, with `{column}` placeholders (`{kind}/{key}/`). */
  link?: string;
  /** Name of a `data-*` attribute set on the cell, carrying its value. */
  cellAttr?: string;
  /** Shipped for links and downloads, not shown as a column. */
  hidden?: boolean;
  /**
   * Shipped in its own file (`<table>.<column>.json`), fetched after the table is ready: GUID columns are half the
   * bytes of a 100k-row table and incompressible, and sorting or filtering does not wait for them.
   */
  deferred?: boolean;
}

export interface TableSpec {
  name: string;
  columns: TableColumn[];
  /** Name of a `data-*` attribute set on each row, carrying the value of `rowAttr.column`. */
  rowAttr?: { name: string; column: string };
}

export interface EncodedTable {
  name: string;
  count: number;
  columns: TableColumn[];
  /** Per column: the plain values, or `{ values, codes }` for facets (codes are arrays for list-valued cells). */
  data: Array<CellValue[] | FacetColumn>;
}

/** A dictionary-encoded column: its distinct values, and per row the index of its value (indexes for a list). */
export interface FacetColumn {
  values: FacetValue[];
  codes: Array<number | number[]>;
}

export const ROWS_PER_PAGE = 100;

export type FacetValue = string | number | boolean | null;

function encodeFacet(rows: readonly TableRow[], key: string): FacetColumn {
  const index = new Map<FacetValue, number>();
  const codeOf = (value: FacetValue | undefined): number => {
    const v = value ?? null;
    let code = index.get(v);
    if (code === undefined) index.set(v, (code = index.size));
    return code;
  };
  const codes = rows.map((row) => {
    const value = row[key];
    return Array.isArray(value) ? value.map(codeOf) : codeOf(value);
  });
  return { values: [...index.keys()], codes };
}

export function encodeTable(spec: TableSpec, rows: readonly TableRow[]): EncodedTable {
  return {
    name: spec.name,
    count: rows.length,
    columns: spec.columns,
    data: spec.columns.map((c) =>
      c.deferred ? [] : c.facet ? encodeFacet(rows, c.key) : rows.map((row) => row[c.key] ?? null),
    ),
  };
}

/** The values of one deferred column, in row order. */
export const encodeDeferredColumn = (rows: readonly TableRow[], key: string): CellValue[] =>
  rows.map((row) => row[key] ?? null);

/** The value of row `r` in an encoded column: a facet's codes read back through its values. */
export function decodeCell(column: CellValue[] | FacetColumn, r: number): CellValue {
  if (Array.isArray(column)) return column[r] ?? null;
  const code = column.codes[r];
  if (code === undefined) return null;
  return Array.isArray(code) ? code.map((k) => String(column.values[k])) : (column.values[code] ?? null);
}

/** The text a cell shows: lists joined with ", ", booleans as Yes/No, null as empty. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** A column's link for one row (values are keys and site paths, used as they are), or undefined when one is empty. */
export function cellLink(template: string, row: TableRow | ((key: string) => CellValue)): string | undefined {
  const valueOf = typeof row === 'function' ? row : (key: string) => row[key];
  let empty = false;
  const path = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const text = cellText(valueOf(key));
    if (text === '') empty = true;
    return text;
  });
  return empty ? undefined : path;
}
