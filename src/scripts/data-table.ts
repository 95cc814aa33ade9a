/**
 * Every `section.data-table` on the page: loads all rows of its table file (a large table: its first view, the rows
 * coming from a worker, table-source.ts), then offers sort (column headers), a text
 * filter, facets with counts (several values at once), filters with operators, a column chooser, rows per page,
 * paging through every row and downloads of the filtered view with every column (or the shown ones). The state lives
 * in the URL (table-state.ts) so a link gives the same view.
 */
import type { EncodedTable } from '../lib/tables/table-model.ts';
import type { FirstView } from '../lib/tables/table-first-view.ts';
import { button, download, el, getJson } from './dom.ts';
import { columnChooser, facetSelect, pageSizeSelect, whereBuilder } from './table-controls.ts';
import { decodeTable, deferredLoader, facetOf, type Deferred, type Table } from './table-data.ts';
import { buildHaystack } from './table-engine.ts';
import { renderHead, renderNoRows, renderRows } from './table-rows.ts';
import { memorySource, workerSource, type TableSource, type ViewPage } from './table-source.ts';
import { isFiltered, readState, writeState, type TableDefaults, type TableState } from './table-state.ts';

/** The width under which the table's refining tools start closed (site.css, `.table-refine`). */
const NARROW = '(max-width: 40rem)';

interface Parts {
  filter: HTMLInputElement;
  facetBox: HTMLElement;
  whereBox: HTMLElement;
  chooserBox: HTMLElement;
  sizeBox: HTMLElement;
  pager: HTMLElement;
  clear: HTMLButtonElement;
  onlyShown: HTMLInputElement;
}

function controlsOf(state: TableState, prefix: string): Parts {
  const span = (className: string): HTMLElement => el('span', { className });
  const parts: Parts = {
    filter: el('input', { type: 'search', value: state.text, placeholder: 'Filter rows', name: `${prefix}q` }),
    facetBox: span('facets'),
    whereBox: span('where'),
    chooserBox: span('chooser'),
    sizeBox: span('sizes'),
    pager: span('pager'),
    clear: el('button', { type: 'button', textContent: 'Clear filters' }),
    onlyShown: el('input', { type: 'checkbox', name: `${prefix}only-shown` }),
  };
  return parts;
}

/**
 * The controls and views of one table. `table` gives the columns, facet values and column kinds (a large table's
 * first view holds them all); `source` gives the views. `deferred` fetches a small table's deferred columns.
 */
function setup(section: HTMLElement, table: Table, source: TableSource, deferred?: Deferred): void {
  const prefix = section.dataset.prefix ?? '';
  const defaults: TableDefaults = {
    size: Number(section.dataset.pageSize) || 100,
    shown: table.columns.filter((col) => !col.hidden).map((col) => col.key),
  };
  const state = readState(prefix, table, defaults);
  const controls = section.querySelector('.table-controls') as HTMLElement;
  const status = section.querySelector('.table-status') as HTMLElement;
  const parts = controlsOf(state, prefix);
  let view: ViewPage = { total: 0, page: 1, counts: new Map(), table, rows: [] };
  const shownIndexes = (): number[] => table.columns.flatMap((col, c) => (state.shown.includes(col.key) ? [c] : []));
  // Deferred columns the view uses: a small table fetches them here, a large table's worker does.
  const used = (): string[] => [...state.shown, ...state.filters.map((f) => f.key), state.sort?.key ?? ''];

  const show = (next: ViewPage, redrawWhere: boolean, redrawChooser: boolean): void => {
    view = next;
    state.page = next.page;
    const pages = Math.max(1, Math.ceil(next.total / state.size));
    const start = (state.page - 1) * state.size;
    const shown = shownIndexes();
    renderHead(table, section, shown, state.sort, sortBy);
    if (next.total === 0) renderNoRows(section, shown.length, clearFilters);
    else renderRows(next.table, section, next.rows, shown);
    writeState(prefix, table, state, defaults);
    if (redrawWhere) drawWhere();
    if (redrawChooser) drawChooser();
    draw(pages, start);
  };
  // A large table's views come later; only the latest asked for is shown.
  let asked = 0;
  const update = (change: Partial<TableState>): void => {
    const redrawWhere = change.filters !== undefined;
    const redrawChooser = change.shown !== undefined;
    Object.assign(state, change);
    const next = source.view(state, used());
    const ticket = ++asked;
    if (!(next instanceof Promise)) return show(next, redrawWhere, redrawChooser);
    section.dataset.busy = 'true';
    next.then(
      (page) => {
        if (ticket !== asked) return;
        delete section.dataset.busy;
        show(page, redrawWhere, redrawChooser);
      },
      (error: Error) => {
        if (ticket === asked) status.textContent = `This view is unavailable: ${error.message}.`;
      },
    );
  };
  const change = (next: Partial<TableState>): void => {
    update(next);
    void wanted();
  };
  const sortBy = (key: string): void => {
    const descending = state.sort?.key === key && !state.sort.descending;
    change({ sort: { key, descending }, page: 1 });
  };
  const clearFilters = (): void => {
    parts.filter.value = '';
    update({ text: '', facets: new Map(), filters: [], page: 1 });
  };
  const drawWhere = (): void =>
    parts.whereBox.replaceChildren(whereBuilder(table, state.filters, (filters) => change({ filters, page: 1 })));
  const drawChooser = (): void => {
    const open = parts.chooserBox.querySelector('details')?.open ?? false;
    const chooser = columnChooser(table, state.shown, (shown) => change({ shown }));
    chooser.open = open;
    parts.chooserBox.replaceChildren(chooser);
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  parts.filter.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => update({ text: parts.filter.value.trim(), page: 1 }), 120);
  });
  parts.clear.addEventListener('click', clearFilters);
  const fileName = (ext: string): string => `${section.dataset.table}-view.${ext}`;
  const exported = (): number[] => (parts.onlyShown.checked ? shownIndexes() : table.columns.map((_, c) => c));
  let complete: Promise<void> = Promise.resolve();
  let exportReady = (): Promise<void> => complete;
  let wanted = (): Promise<void> => complete;
  const save = (format: 'csv' | 'json', type: string): void =>
    void exportReady()
      .then(() => source.text(state, format, exported()))
      .then((text) => download(fileName(format), type, text));
  parts.sizeBox.append(pageSizeSelect(state.size, (size) => update({ size, page: 1 })));
  // Facets and filters behind a disclosure, open where there is room or when in use: a phone shows rows first.
  const refine = el('details', { className: 'table-refine' }, el('summary', { textContent: 'Facets and filters' }));
  refine.append(parts.facetBox, parts.whereBox);
  refine.open = !matchMedia(NARROW).matches || state.facets.size > 0 || state.filters.length > 0;
  controls.append(
    el('label', { className: 'table-filter' }, 'Filter ', parts.filter),
    refine,
    parts.clear,
    parts.chooserBox,
    parts.sizeBox,
    parts.pager,
    el(
      'span',
      { className: 'table-downloads' },
      'This view: ',
      button('CSV', () => save('csv', 'text/csv;charset=utf-8')),
      button('JSON', () => save('json', 'application/json')),
      el('label', {}, parts.onlyShown, ' shown columns only'),
    ),
  );

  const draw = (pages: number, start: number): void => {
    parts.facetBox.replaceChildren(
      ...table.columns.flatMap((col, c) =>
        col.facet && facetOf(table, c)
          ? [
              facetSelect(table, c, state.facets.get(col.key) ?? [], view.counts.get(c) ?? [], (values) => {
                const facets = new Map(state.facets);
                if (values.length === 0) facets.delete(col.key);
                else facets.set(col.key, values);
                update({ facets, page: 1 });
              }),
            ]
          : [],
      ),
    );
    parts.clear.hidden = !isFiltered(state);
    parts.pager.replaceChildren(
      button('First', () => update({ page: 1 })),
      button('Previous', () => update({ page: Math.max(1, state.page - 1) })),
      el('span', { className: 'page-of', textContent: ` Page ${state.page} of ${pages} ` }),
      button('Next', () => update({ page: Math.min(pages, state.page + 1) })),
      button('Last', () => update({ page: pages })),
    );
    const end = Math.min(start + state.size, view.total);
    status.textContent =
      `Rows ${view.total === 0 ? 0 : start + 1}–${end} of ${view.total.toLocaleString('en')}` +
      (view.total === table.count ? '.' : ` (filtered from ${table.count.toLocaleString('en')}).`);
  };

  controls.hidden = false;
  update({ filters: state.filters, shown: state.shown });
  section.dataset.ready = 'true';
  if (!deferred) return;
  // The text filter's index is built once the first view is shown, so typing does not wait for it.
  setTimeout(() => buildHaystack(table), 0);
  const failed = (error: Error): never => {
    status.textContent += ` Links and keys are unavailable: ${error.message}.`;
    throw error;
  };
  const load = deferred;
  // Deferred columns the view uses come at once; the others when chosen, filtered on or downloaded.
  const hiddenKeys = table.columns.filter((col) => col.hidden).map((col) => col.key);
  const visibleKeys = table.columns.filter((col) => !col.hidden).map((col) => col.key);
  complete = load([...visibleKeys, ...used()]).then(() => {
    update({ filters: state.filters });
    section.dataset.complete = 'true';
  }, failed);
  exportReady = () =>
    complete
      .then(() => load(hiddenKeys))
      .then(() => undefined)
      .catch(failed);
  wanted = () =>
    load(used()).then((fetched) => {
      if (fetched) update({ filters: state.filters });
    }, failed);
}

/**
 * Rows from which a table takes the large path (its first view, then a worker): the items table's file and key column
 * take about 175 bytes a row (at 1M rows), 2.6 MB at this size, so past it the in-memory path's first view nears the
 * 3 MB the large path's first view stays far under (bench/table-timing.ts). A session may set another
 * (`sessionStorage['table-large-from']`), which the browser tests use to try the large path on a small table.
 */
const LARGE_FROM = 15_000;

function largeFrom(): number {
  const set = Number(sessionStorage.getItem('table-large-from'));
  return Number.isInteger(set) && set > 0 ? set : LARGE_FROM;
}

async function open(section: HTMLElement): Promise<void> {
  const src = section.dataset.src ?? '';
  const firstView = section.dataset.firstView;
  if (firstView && Number(section.dataset.rows) >= largeFrom()) {
    const first = await getJson<FirstView>(firstView);
    const head = decodeTable(first);
    head.count = first.total;
    const status = section.querySelector('.table-status') as HTMLElement;
    const source = workerSource(src, first, head, (error) => {
      status.textContent += ` Sorting and filtering are unavailable: ${error.message}.`;
    });
    setup(section, head, source);
    return source.loaded.then(() => void (section.dataset.complete = 'true'));
  }
  const table = decodeTable(await getJson<EncodedTable>(src));
  setup(section, table, memorySource(table), deferredLoader(src, table));
}

for (const section of document.querySelectorAll<HTMLElement>('section.data-table')) {
  open(section).catch((error: Error) => {
    const status = section.querySelector('.table-status');
    if (status) status.textContent += ` Sorting and filtering are unavailable: ${error.message}.`;
  });
}
