/**
 * A large table's rows, off the page's thread: reads the whole table file once (and deferred columns when a view or a
 * download needs them), then answers views (table-engine.ts's query, the page asked for) and "this view" downloads.
 * The last view's filtered rows are kept, so paging or sorting does not filter again.
 */
import type { EncodedTable } from '../lib/tables/table-model.ts';
import { readOrderFile } from '../lib/tables/table-orders.ts';
import { getJson } from './dom.ts';
import { decodeTable, deferredLoader, type Deferred, type Table } from './table-data.ts';
import {
  buildHaystack,
  filterRows,
  orderedRows,
  toCsv,
  toJson,
  type Filtered,
  type TableQuery,
  type TableView,
} from './table-engine.ts';
import type { ExportRequest, TableAnswer, TableRequest, ViewRequest } from './table-protocol.ts';

/** The table, and its deferred columns' loader (table-source.ts). */
let table: Promise<{ t: Table; load: Deferred }> | undefined;
let base = '';
const orders = new Map<number, Promise<void>>();
let last: { key: string; filtered: Filtered } | undefined;

/**
 * The sort's order from its file (written by the build, table-orders.ts), once: sorting a million rows here would
 * take seconds. A table without order files is sorted here.
 */
function loadOrder(t: Table, key: string | undefined): Promise<void> {
  const c = t.columns.findIndex((col) => col.key === key);
  if (c < 0 || t.orders.has(c)) return Promise.resolve();
  let loaded = orders.get(c);
  if (!loaded)
    orders.set(
      c,
      (loaded = fetch(`${base}.order-${key}.bin`).then(async (response) => {
        if (!response.ok) return;
        const order = readOrderFile(await response.arrayBuffer());
        if (order.length !== t.count) throw new Error(`the order of ${key} does not fit the table`);
        t.orders.set(c, order);
      })),
    );
  return loaded;
}

/** The view of a query; filters that did not change since the last view are not run again (a sort only orders). */
function viewOf(t: Table, query: TableQuery): TableView {
  const key = JSON.stringify([query.text, [...query.facets], query.filters]);
  if (last?.key !== key) last = { key, filtered: filterRows(t, query) };
  return { rows: orderedRows(t, query, last.filtered.mask), counts: last.filtered.counts };
}

async function answerView(request: ViewRequest): Promise<TableAnswer> {
  const { t, load } = await (table as NonNullable<typeof table>);
  // A fresh column may match the text filter: the view is queried again (a download keeps the view it was asked of).
  if (await load(request.keys)) last = undefined;
  await loadOrder(t, request.query.sort?.key);
  const view = viewOf(t, request.query);
  const pages = Math.max(1, Math.ceil(view.rows.length / request.size));
  const page = Math.min(Math.max(1, request.page), pages);
  const start = (page - 1) * request.size;
  const rows = view.rows.slice(start, start + request.size).map((r) => t.columns.map((_, c) => t.value(c, r)));
  return { id: request.id, total: view.rows.length, page, counts: [...view.counts], rows };
}

async function answerExport(request: ExportRequest): Promise<TableAnswer> {
  const { t, load } = await (table as NonNullable<typeof table>);
  await load(request.columns.flatMap((c) => t.columns[c]?.key ?? []));
  const view = viewOf(t, request.query);
  const text = (request.format === 'csv' ? toCsv : toJson)(t, view.rows, request.columns);
  return { id: request.id, text };
}

addEventListener('message', (event: MessageEvent<TableRequest>) => {
  const request = event.data;
  if (request.kind === 'open') {
    base = request.src.replace(/\.json$/, '');
    const keys = request.keys;
    // The shown deferred columns and the text index come before the first answer, so no view waits for them later.
    table = getJson<EncodedTable>(request.src)
      .then(decodeTable)
      .then(async (t) => {
        const load = deferredLoader(request.src, t);
        await load(keys);
        buildHaystack(t);
        return { t, load };
      });
    return;
  }
  const answer = request.kind === 'view' ? answerView(request) : answerExport(request);
  answer.then(
    (message) => postMessage(message),
    (error: Error) => postMessage({ id: request.id, error: error.message }),
  );
});
