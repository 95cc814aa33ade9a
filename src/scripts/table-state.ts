/**
 * The state of an interactive table in the URL (`sort`, `q`, a parameter per facet, `page`, each with the section's
 * prefix), so a link or a reload gives the same view.
 */
import type { Table, TableQuery } from './table-engine.ts';

export interface TableState extends TableQuery {
  page: number;
}

export function readState(prefix: string, table: Table): TableState {
  const params = new URLSearchParams(location.search);
  const sort = params.get(`${prefix}sort`);
  const facets = new Map<string, string[]>();
  for (const col of table.columns)
    if (col.facet && params.has(prefix + col.key)) facets.set(col.key, params.getAll(prefix + col.key));
  return {
    sort: sort ? { key: sort.replace(/^-/, ''), descending: sort.startsWith('-') } : undefined,
    text: params.get(`${prefix}q`) ?? '',
    facets,
    page: Math.max(1, Number.parseInt(params.get(`${prefix}page`) ?? '1', 10) || 1),
  };
}

export function writeState(prefix: string, table: Table, state: TableState): void {
  const params = new URLSearchParams(location.search);
  for (const name of ['sort', 'q', 'page', ...table.columns.filter((c) => c.facet).map((c) => c.key)])
    params.delete(prefix + name);
  if (state.sort) params.set(`${prefix}sort`, `${state.sort.descending ? '-' : ''}${state.sort.key}`);
  if (state.text) params.set(`${prefix}q`, state.text);
  for (const [key, values] of state.facets) for (const v of values) params.append(prefix + key, v);
  if (state.page > 1) params.set(`${prefix}page`, String(state.page));
  const search = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
}
