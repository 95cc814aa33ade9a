/**
 * A large table's rows, off the page's thread: reads the whole table file once (and deferred columns when a view or a
 * download needs them), then answers views (table-engine.ts's query, the page asked for) and "this view" downloads.
 * The last view's rows are kept, so paging does not query again.
 */
import type { CellValue, EncodedTable } from '../lib/tables/table-model.ts';
import { decodeTable, fillColumn, type Table } from './table-data.ts';
import { runQuery, toCsv, toJson, type TableQuery, type TableView } from './table-engine.ts';
import type { ExportRequest, TableAnswer, TableRequest, ViewRequest } from './table-protocol.ts';

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.json() as Promise<T>;
}

let table: Promise<Table> | undefined;
let base = '';
const loading = new Map<string, Promise<void>>();
let last: { key: string; view: TableView } | undefined;

/** Fetches the deferred columns among `keys` not fetched yet; true when one was fetched for this call. */
async function load(t: Table, keys: readonly string[]): Promise<boolean> {
  const fresh = t.columns.filter((col) => col.deferred && keys.includes(col.key) && !loading.has(col.key));
  for (const col of fresh)
    loading.set(
      col.key,
      getJson<CellValue[]>(`${base}.${col.key}.json`).then((values) => fillColumn(t, col.key, values)),
    );
  await Promise.all(t.columns.flatMap((col) => (keys.includes(col.key) ? (loading.get(col.key) ?? []) : [])));
  return fresh.length > 0;
}

function viewOf(t: Table, query: TableQuery): TableView {
  const key = JSON.stringify([query.sort, query.text, [...query.facets], query.filters]);
  if (last?.key !== key) last = { key, view: runQuery(t, query) };
  return last.view;
}

async function answerView(request: ViewRequest): Promise<TableAnswer> {
  const t = await (table as Promise<Table>);
  // A fresh column may match the text filter: the view is queried again (a download keeps the view it was asked of).
  if (await load(t, request.keys)) last = undefined;
  const view = viewOf(t, request.query);
  const pages = Math.max(1, Math.ceil(view.rows.length / request.size));
  const page = Math.min(Math.max(1, request.page), pages);
  const start = (page - 1) * request.size;
  const rows = view.rows.slice(start, start + request.size).map((r) => t.columns.map((_, c) => t.value(c, r)));
  return { id: request.id, total: view.rows.length, page, counts: [...view.counts], rows };
}

async function answerExport(request: ExportRequest): Promise<TableAnswer> {
  const t = await (table as Promise<Table>);
  await load(
    t,
    request.columns.flatMap((c) => t.columns[c]?.key ?? []),
  );
  const view = viewOf(t, request.query);
  const text = (request.format === 'csv' ? toCsv : toJson)(t, view.rows, request.columns);
  return { id: request.id, text };
}

addEventListener('message', (event: MessageEvent<TableRequest>) => {
  const request = event.data;
  if (request.kind === 'open') {
    base = request.src.replace(/\.json$/, '');
    table = getJson<EncodedTable>(request.src).then(decodeTable);
    return;
  }
  const answer = request.kind === 'view' ? answerView(request) : answerExport(request);
  answer.then(
    (message) => postMessage(message),
    (error: Error) => postMessage({ id: request.id, error: error.message }),
  );
});
