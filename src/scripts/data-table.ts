/**
 * Every `section.data-table` on the page: loads all rows of its table file, then offers sort (column headers), a text
 * filter, facets with counts (several values at once), filters with operators, a column chooser, rows per page,
 * paging through every row and downloads of the filtered view with every column (or the shown ones). The state lives
 * in the URL (table-state.ts) so a link gives the same view.
 */
import type { CellValue, EncodedTable } from '../lib/tables/table-model.ts';
import { button, download, el, getJson } from './dom.ts';
import { columnChooser, facetSelect, pageSizeSelect, whereBuilder } from './table-controls.ts';
import { decodeTable, facetOf, fillColumn, type Table } from './table-data.ts';
import { buildHaystack, runQuery, toCsv, toJson, type TableView } from './table-engine.ts';
import { renderHead, renderNoRows, renderRows } from './table-rows.ts';
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

function setup(section: HTMLElement, table: Table): void {
  const prefix = section.dataset.prefix ?? '';
  const defaults: TableDefaults = {
    size: Number(section.dataset.pageSize) || 100,
    shown: table.columns.filter((col) => !col.hidden).map((col) => col.key),
  };
  const state = readState(prefix, table, defaults);
  const controls = section.querySelector('.table-controls') as HTMLElement;
  const status = section.querySelector('.table-status') as HTMLElement;
  const parts = controlsOf(state, prefix);
  let view: TableView = { rows: [], counts: new Map() };
  const shownIndexes = (): number[] => table.columns.flatMap((col, c) => (state.shown.includes(col.key) ? [c] : []));

  const update = (change: Partial<TableState>): void => {
    const redrawWhere = change.filters !== undefined;
    const redrawChooser = change.shown !== undefined;
    Object.assign(state, change);
    view = runQuery(table, state);
    const pages = Math.max(1, Math.ceil(view.rows.length / state.size));
    state.page = Math.min(state.page, pages);
    const start = (state.page - 1) * state.size;
    const shown = shownIndexes();
    renderHead(table, section, shown, state.sort, sortBy);
    if (view.rows.length === 0) renderNoRows(section, shown.length, clearFilters);
    else renderRows(table, section, view.rows.slice(start, start + state.size), shown);
    writeState(prefix, table, state, defaults);
    if (redrawWhere) drawWhere();
    if (redrawChooser) drawChooser();
    draw(pages, start);
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
  const load = deferredLoader(section, table);
  let complete: Promise<void> = Promise.resolve();
  let exportReady = (): Promise<void> => complete;
  let wanted = (): Promise<void> => complete;
  const save = (ext: string, type: string, write: typeof toCsv): void =>
    void exportReady().then(() => download(fileName(ext), type, write(table, view.rows, exported())));
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
      button('CSV', () => save('csv', 'text/csv;charset=utf-8', toCsv)),
      button('JSON', () => save('json', 'application/json', toJson)),
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
    const end = Math.min(start + state.size, view.rows.length);
    status.textContent =
      `Rows ${view.rows.length === 0 ? 0 : start + 1}–${end} of ${view.rows.length.toLocaleString('en')}` +
      (view.rows.length === table.count ? '.' : ` (filtered from ${table.count.toLocaleString('en')}).`);
  };

  controls.hidden = false;
  update({ filters: state.filters, shown: state.shown });
  section.dataset.ready = 'true';
  // The text filter's index is built once the first view is shown, so typing does not wait for it.
  setTimeout(() => buildHaystack(table), 0);
  const failed = (error: Error): never => {
    status.textContent += ` Links and keys are unavailable: ${error.message}.`;
    throw error;
  };
  // Deferred columns the view uses come at once; the others when chosen, filtered on or downloaded.
  const used = (): string[] => [...state.shown, ...state.filters.map((f) => f.key), state.sort?.key ?? ''];
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
 * Fetches deferred columns (GUIDs, and hidden columns until someone wants them), each from `<table>.<column>.json`
 * beside the table file, once.
 */
function deferredLoader(section: HTMLElement, table: Table): (keys: readonly string[]) => Promise<boolean> {
  const base = (section.dataset.src ?? '').replace(/\.json$/, '');
  const loading = new Map<string, Promise<void>>();
  // True when a column was fetched for this call, so the view is drawn again only then.
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

for (const section of document.querySelectorAll<HTMLElement>('section.data-table')) {
  getJson<EncodedTable>(section.dataset.src ?? '')
    .then((file) => setup(section, decodeTable(file)))
    .catch((error: Error) => {
      const status = section.querySelector('.table-status');
      if (status) status.textContent += ` Sorting and filtering are unavailable: ${error.message}.`;
    });
}
