/**
 * Where a table's views come from. A small table's rows are in the page's memory and a view is computed at once; a
 * large table's first view comes from its first-view file (src/lib/tables/table-first-view.ts) and every other view
 * from a worker holding the whole table (table-worker.ts), so the page never waits for the whole file to show rows.
 */
import type { CellValue } from '../lib/tables/table-model.ts';
import type { FirstView } from '../lib/tables/table-first-view.ts';
import { decodeTable, type Table } from './table-data.ts';
import { runQuery, toCsv, toJson, type TableQuery, type TableView } from './table-engine.ts';
import type { TableAnswer, TableRequest, ViewAnswer } from './table-protocol.ts';
import { isFiltered, type TableState } from './table-state.ts';

/** One page of a view: `rows` are row numbers in `table`, the view has `total` rows, `page` is the page shown. */
export interface ViewPage {
  total: number;
  page: number;
  counts: Map<number, number[]>;
  table: Table;
  rows: number[];
}

export interface TableSource {
  /** The page of the state's view; `keys` are the columns it shows, filters or sorts on. */
  view(state: TableState, keys: string[]): ViewPage | Promise<ViewPage>;
  /** The whole view of the state, every row, in the given columns, as a download's text. */
  text(state: TableState, format: 'csv' | 'json', columns: number[]): Promise<string>;
}

function pageOf(state: TableState, total: number): { page: number; start: number } {
  const page = Math.min(state.page, Math.max(1, Math.ceil(total / state.size)));
  return { page, start: (page - 1) * state.size };
}

/** Rows in memory: every view computed on the page's thread (the last one kept for downloads). */
export function memorySource(table: Table): TableSource & { last(): TableView } {
  let view: TableView = { rows: [], counts: new Map() };
  return {
    view(state) {
      view = runQuery(table, state);
      const { page, start } = pageOf(state, view.rows.length);
      const rows = view.rows.slice(start, start + state.size);
      return { total: view.rows.length, page, counts: view.counts, table, rows };
    },
    text: (_state, format, columns) => Promise.resolve((format === 'csv' ? toCsv : toJson)(table, view.rows, columns)),
    last: () => view,
  };
}

/** A page of rows the worker sent, as a table of its own. */
function pageTable(like: Table, rows: readonly CellValue[][]): Table {
  const data = like.columns.map((_, c) => rows.map((row) => row[c] ?? null));
  return decodeTable({ name: '', count: rows.length, columns: like.columns, data });
}

/** The first view's page when the state asks for nothing it lacks: no sort or filter, rows it holds. */
function fromFirstView(first: FirstView, head: Table, state: TableState): ViewPage | undefined {
  if (state.sort || isFiltered(state)) return undefined;
  const { page, start } = pageOf(state, first.total);
  const end = Math.min(start + state.size, first.total);
  if (end > head.count) return undefined;
  const counts = new Map(first.counts.flatMap((c, i) => (c ? [[i, c] as [number, number[]]] : [])));
  return {
    total: first.total,
    page,
    counts,
    table: head,
    rows: Array.from({ length: end - start }, (_, i) => start + i),
  };
}

/** A large table: the first view from its file, every other view and download from the worker. */
export function workerSource(
  src: string,
  first: FirstView,
  head: Table,
  onError: (error: Error) => void,
): TableSource & { loaded: Promise<void> } {
  const worker = new Worker(new URL('./table-worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, (answer: TableAnswer) => void>();
  let next = 0;
  worker.addEventListener('message', (event: MessageEvent<TableAnswer>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  });
  worker.addEventListener('error', (event) => onError(new Error(event.message || 'the table worker failed')));
  const ask = (request: TableRequest & { id: number }): Promise<TableAnswer> =>
    new Promise((resolve, reject) => {
      waiting.set(request.id, (answer) => ('error' in answer ? reject(new Error(answer.error)) : resolve(answer)));
      worker.postMessage(request);
    });
  const shown = head.columns.filter((col) => !col.hidden).map((col) => col.key);
  worker.postMessage({ kind: 'open', src, keys: shown } satisfies TableRequest);
  const query = (state: Pick<TableState, keyof TableQuery>): TableQuery => ({
    sort: state.sort,
    text: state.text,
    facets: state.facets,
    filters: state.filters,
  });
  // Settles once the worker holds every row: the file's view, one row of it.
  const whole: TableQuery = { sort: undefined, text: '', facets: new Map(), filters: [] };
  const loaded = ask({ kind: 'view', id: next++, query: whole, page: 1, size: 1, keys: [] }).then(() => undefined);
  return {
    loaded,
    view(state, keys) {
      const ready = fromFirstView(first, head, state);
      if (ready) return ready;
      const request = {
        kind: 'view' as const,
        id: next++,
        query: query(state),
        page: state.page,
        size: state.size,
        keys,
      };
      return ask(request).then((answer) => {
        const { total, page, counts, rows } = answer as ViewAnswer;
        const table = pageTable(head, rows);
        return { total, page, counts: new Map(counts), table, rows: rows.map((_, r) => r) };
      });
    },
    text: (state, format, columns) =>
      ask({ kind: 'export', id: next++, query: query(state), format, columns }).then(
        (answer) => (answer as { text: string }).text,
      ),
  };
}
