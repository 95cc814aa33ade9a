/**
 * The state of an interactive table in the URL, each parameter with the section's prefix: `sort`, `q`, one per facet
 * value (`type=a&type=b`), one per column filter (`updateDate__before=2024-01-01`, Datasette's form), `cols` (the
 * shown columns, when not the default), `size` (rows per page, when not the default) and `page`. A link or a reload
 * gives the same view.
 */
import type { Table } from './table-data.ts';
import type { TableQuery } from './table-engine.ts';
import { isFilterOp, type ColumnFilter } from './table-filters.ts';

export interface TableState extends TableQuery {
  page: number;
  size: number;
  /** Keys of the shown columns, in the table's order. */
  shown: string[];
}

export interface TableDefaults {
  size: number;
  shown: string[];
}

export const PAGE_SIZES = [25, 50, 100, 250, 500];

function readFilters(params: URLSearchParams, prefix: string, table: Table): ColumnFilter[] {
  const keys = new Set(table.columns.map((c) => c.key));
  const filters: ColumnFilter[] = [];
  for (const [name, value] of params) {
    if (!name.startsWith(prefix)) continue;
    const at = name.lastIndexOf('__');
    const key = name.slice(prefix.length, at);
    const op = name.slice(at + 2);
    if (at > prefix.length && keys.has(key) && isFilterOp(op)) filters.push({ key, op, value });
  }
  return filters;
}

export function readState(prefix: string, table: Table, defaults: TableDefaults): TableState {
  const params = new URLSearchParams(location.search);
  const get = (name: string): string | null => params.get(prefix + name);
  const sort = get('sort');
  const facets = new Map<string, string[]>();
  for (const col of table.columns)
    if (col.facet && params.has(prefix + col.key)) facets.set(col.key, params.getAll(prefix + col.key));
  const cols = get('cols')?.split(',');
  const size = Number(get('size'));
  return {
    sort: sort ? { key: sort.replace(/^-/, ''), descending: sort.startsWith('-') } : undefined,
    text: get('q') ?? '',
    facets,
    filters: readFilters(params, prefix, table),
    shown: cols ? table.columns.filter((c) => cols.includes(c.key)).map((c) => c.key) : defaults.shown,
    size: PAGE_SIZES.includes(size) ? size : defaults.size,
    page: Math.max(1, Number.parseInt(get('page') ?? '1', 10) || 1),
  };
}

/** The parameter names this table owns, so writing its state leaves other tables' parameters alone. */
function owned(prefix: string, table: Table, name: string): boolean {
  if (!name.startsWith(prefix)) return false;
  const rest = name.slice(prefix.length);
  if (['sort', 'q', 'page', 'size', 'cols'].includes(rest)) return true;
  if (table.columns.some((c) => c.facet && c.key === rest)) return true;
  return readFilters(new URLSearchParams([[name, '']]), prefix, table).length > 0;
}

export function writeState(prefix: string, table: Table, state: TableState, defaults: TableDefaults): void {
  const params = new URLSearchParams(location.search);
  for (const name of new Set(params.keys())) if (owned(prefix, table, name)) params.delete(name);
  const set = (name: string, value: string): void => params.append(prefix + name, value);
  if (state.sort) set('sort', `${state.sort.descending ? '-' : ''}${state.sort.key}`);
  if (state.text) set('q', state.text);
  for (const [key, values] of state.facets) for (const v of values) set(key, v);
  for (const f of state.filters) set(`${f.key}__${f.op}`, f.value);
  if (state.shown.join(',') !== defaults.shown.join(',')) set('cols', state.shown.join(','));
  if (state.size !== defaults.size) set('size', String(state.size));
  if (state.page > 1) set('page', String(state.page));
  const search = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
}

/** Whether any filter narrows the rows. */
export const isFiltered = (state: TableState): boolean =>
  state.text !== '' || state.filters.length > 0 || [...state.facets.values()].some((v) => v.length > 0);
