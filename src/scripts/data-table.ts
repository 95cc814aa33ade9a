/**
 * Every `section.data-table` on the page: loads all rows of its table file, then offers sort (column headers), a text
 * filter, facet filters with counts, paging through every row and downloads of the filtered view. The state lives in
 * the URL (table-state.ts) so a link gives the same view.
 */
import { cellText, type CellValue, type EncodedTable, type TableColumn } from '../lib/tables/table-model.ts';
import { button, download, el, getJson } from './dom.ts';
import {
  buildHaystack,
  decodeTable,
  facetOf,
  fillColumn,
  runQuery,
  toCsv,
  toJson,
  type Table,
  type TableView,
} from './table-engine.ts';
import { renderRows } from './table-rows.ts';
import { readState, writeState, type TableState } from './table-state.ts';

function facetSelect(
  table: Table,
  c: number,
  state: TableState,
  counts: number[],
  onChange: (value: string) => void,
): HTMLElement {
  const col = table.columns[c] as TableColumn;
  const values = facetOf(table, c)?.values ?? [];
  const chosen = state.facets.get(col.key) ?? [];
  const total = counts.reduce((sum, n) => sum + n, 0);
  const options = [el('option', { value: '', textContent: `All` })];
  const count = (k: number): number => counts[k] ?? 0;
  const order = values.map((_, k) => k).filter((k) => count(k) > 0 || chosen.includes(cellText(values[k] ?? null)));
  const textOf = (k: number): string => cellText(values[k] ?? null);
  order.sort((a, b) => count(b) - count(a) || textOf(a).localeCompare(textOf(b)));
  for (const k of order) {
    const text = textOf(k);
    const label = `${text === '' ? '(empty)' : text} (${count(k)})`;
    options.push(el('option', { value: text, textContent: label, selected: chosen.includes(text) }));
  }
  const select = el('select', { name: col.key }, ...options);
  select.dataset.facet = col.key;
  select.title = `${total} values`;
  select.addEventListener('change', () => onChange(select.value));
  return el('label', { className: 'facet' }, `${col.label} `, select);
}

function setup(section: HTMLElement, table: Table): void {
  const prefix = section.dataset.prefix ?? '';
  const pageSize = Number(section.dataset.pageSize) || 100;
  const state = readState(prefix, table);
  const controls = section.querySelector('.table-controls') as HTMLElement;
  const status = section.querySelector('.table-status') as HTMLElement;
  const headers = [...section.querySelectorAll<HTMLElement>('thead th')];
  const shown = table.columns.flatMap((col, c) => (col.hidden ? [] : [c]));
  const every = table.columns.map((_, c) => c);
  let view: TableView = { rows: [], counts: new Map() };

  const update = (change: Partial<TableState>): void => {
    Object.assign(state, change);
    view = runQuery(table, state);
    const pages = Math.max(1, Math.ceil(view.rows.length / pageSize));
    state.page = Math.min(state.page, pages);
    const start = (state.page - 1) * pageSize;
    renderRows(table, section, view.rows.slice(start, start + pageSize), shown);
    writeState(prefix, table, state);
    draw(pages, start);
  };

  const filter = el('input', { type: 'search', value: state.text, placeholder: 'Filter rows', name: `${prefix}q` });
  let timer: ReturnType<typeof setTimeout> | undefined;
  filter.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => update({ text: filter.value.trim(), page: 1 }), 120);
  });
  const facetBox = el('span', { className: 'facets' });
  const pager = el('span', { className: 'pager' });
  const fileName = (ext: string): string => `${section.dataset.table}-view.${ext}`;
  let complete: Promise<void> = Promise.resolve();
  controls.append(
    el('label', { className: 'table-filter' }, 'Filter ', filter),
    facetBox,
    pager,
    el(
      'span',
      { className: 'table-downloads' },
      'This view: ',
      button(
        'CSV',
        () =>
          void complete.then(() => download(fileName('csv'), 'text/csv;charset=utf-8', toCsv(table, view.rows, every))),
      ),
      button(
        'JSON',
        () => void complete.then(() => download(fileName('json'), 'application/json', toJson(table, view.rows, every))),
      ),
    ),
  );

  const draw = (pages: number, start: number): void => {
    facetBox.replaceChildren(
      ...table.columns.flatMap((col, c) =>
        col.facet && facetOf(table, c)
          ? [
              facetSelect(table, c, state, view.counts.get(c) ?? [], (v) => {
                const facets = new Map(state.facets);
                if (v === '') facets.delete(col.key);
                else facets.set(col.key, [v]);
                update({ facets, page: 1 });
              }),
            ]
          : [],
      ),
    );
    pager.replaceChildren(
      button('First', () => update({ page: 1 })),
      button('Previous', () => update({ page: Math.max(1, state.page - 1) })),
      el('span', { className: 'page-of', textContent: ` Page ${state.page} of ${pages} ` }),
      button('Next', () => update({ page: Math.min(pages, state.page + 1) })),
      button('Last', () => update({ page: pages })),
    );
    const end = Math.min(start + pageSize, view.rows.length);
    status.textContent =
      `Rows ${view.rows.length === 0 ? 0 : start + 1}–${end} of ${view.rows.length.toLocaleString('en')}` +
      (view.rows.length === table.count ? '.' : ` (filtered from ${table.count.toLocaleString('en')}).`);
    for (const th of headers) {
      const sorted = state.sort?.key === th.dataset.column;
      th.setAttribute('aria-sort', sorted ? (state.sort?.descending ? 'descending' : 'ascending') : 'none');
    }
  };

  for (const th of headers) {
    const key = th.dataset.column ?? '';
    th.replaceChildren(
      button(th.textContent ?? '', () => {
        const descending = state.sort?.key === key && !state.sort.descending;
        update({ sort: { key, descending }, page: 1 });
      }),
    );
  }
  controls.hidden = false;
  update({});
  section.dataset.ready = 'true';
  // The text filter's index is built once the first view is shown, so typing does not wait for it.
  setTimeout(() => buildHaystack(table), 0);
  complete = loadDeferred(section, table).then(
    () => {
      update({});
      section.dataset.complete = 'true';
    },
    (error: Error) => {
      status.textContent += ` Links and keys are unavailable: ${error.message}.`;
      throw error;
    },
  );
}

/** Fetches the table's deferred columns (GUIDs), each from `<table>.<column>.json` beside the table file. */
async function loadDeferred(section: HTMLElement, table: Table): Promise<void> {
  const columns = table.columns.filter((col) => col.deferred);
  const base = (section.dataset.src ?? '').replace(/\.json$/, '');
  await Promise.all(
    columns.map(async (col) => fillColumn(table, col.key, await getJson<CellValue[]>(`${base}.${col.key}.json`))),
  );
}

for (const section of document.querySelectorAll<HTMLElement>('section.data-table')) {
  getJson<EncodedTable>(section.dataset.src ?? '')
    .then((file) => setup(section, decodeTable(file)))
    .catch((error: Error) => {
      const status = section.querySelector('.table-status');
      if (status) status.textContent += ` Sorting and filtering are unavailable: ${error.message}.`;
    });
}
