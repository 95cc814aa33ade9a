// Every `section.data-table` on the page: loads all rows of its table file, then offers sort (column headers), a text
// filter, facet filters with counts, paging through every row and downloads of the filtered view. The state lives in
// the URL (`sort`, `q`, a parameter per facet, `page`, each with the section's prefix) so a link gives the same view.
import { buildHaystack, cellText, decodeTable, fillColumn, runQuery, toCsv, toJson } from './table-engine.js';

const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children.filter((c) => c !== undefined && c !== null));
  return node;
};

function readState(prefix, table) {
  const params = new URLSearchParams(location.search);
  const sort = params.get(`${prefix}sort`);
  const facets = new Map();
  for (const col of table.columns)
    if (col.facet && params.has(prefix + col.key)) facets.set(col.key, params.getAll(prefix + col.key));
  return {
    sort: sort ? { key: sort.replace(/^-/, ''), descending: sort.startsWith('-') } : undefined,
    text: params.get(`${prefix}q`) ?? '',
    facets,
    page: Math.max(1, Number.parseInt(params.get(`${prefix}page`) ?? '1', 10) || 1),
  };
}

function writeState(prefix, table, state) {
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

function renderCell(table, section, col, c, r) {
  const td = el('td', { className: col.type === 'num' ? 'num' : col.type === 'code' ? 'code' : '' });
  const text = cellText(table.value(c, r));
  if (col.cellAttr) td.setAttribute(`data-${col.cellAttr}`, text);
  let link = col.link;
  if (link) {
    let empty = false;
    link = link.replace(/\{(\w+)\}/g, (_, key) => {
      const v = cellText(
        table.value(
          table.columns.findIndex((x) => x.key === key),
          r,
        ),
      );
      if (v === '') empty = true;
      return v;
    });
    if (empty) link = undefined;
  }
  td.append(link ? el('a', { href: section.dataset.base + link, textContent: text }) : text);
  return td;
}

function renderRows(table, section, rows) {
  const [attrName, attrColumn] = (section.dataset.rowAttr ?? '').split(':');
  const attrIndex = table.columns.findIndex((c) => c.key === attrColumn);
  const shown = table.columns.map((col, c) => [col, c]).filter(([col]) => !col.hidden);
  const trs = rows.map((r) => {
    const tr = el('tr', {}, ...shown.map(([col, c]) => renderCell(table, section, col, c, r)));
    if (attrName && attrIndex >= 0) tr.setAttribute(`data-${attrName}`, cellText(table.value(attrIndex, r)));
    return tr;
  });
  section.querySelector('tbody').replaceChildren(...trs);
}

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function facetSelect(table, col, c, state, counts, onChange) {
  const values = table.data[c].values;
  const chosen = state.facets.get(col.key) ?? [];
  const total = counts.reduce((sum, n) => sum + n, 0);
  const options = [el('option', { value: '', textContent: `All` })];
  const order = values.map((_, k) => k).filter((k) => counts[k] > 0 || chosen.includes(cellText(values[k])));
  order.sort((a, b) => counts[b] - counts[a] || cellText(values[a]).localeCompare(cellText(values[b])));
  for (const k of order) {
    const text = cellText(values[k]);
    options.push(
      el('option', {
        value: text,
        textContent: `${text === '' ? '(empty)' : text} (${counts[k]})`,
        selected: chosen.includes(text),
      }),
    );
  }
  const select = el('select', { name: col.key }, ...options);
  select.dataset.facet = col.key;
  select.title = `${total} values`;
  select.addEventListener('change', () => onChange(select.value));
  return el('label', { className: 'facet' }, `${col.label} `, select);
}

function setup(section, table) {
  const prefix = section.dataset.prefix ?? '';
  const pageSize = Number(section.dataset.pageSize) || 100;
  const state = readState(prefix, table);
  const controls = section.querySelector('.table-controls');
  const status = section.querySelector('.table-status');
  const headers = [...section.querySelectorAll('thead th')];
  let view;

  const update = (change) => {
    Object.assign(state, change);
    view = runQuery(table, state);
    const pages = Math.max(1, Math.ceil(view.rows.length / pageSize));
    state.page = Math.min(state.page, pages);
    const start = (state.page - 1) * pageSize;
    renderRows(table, section, view.rows.slice(start, start + pageSize));
    writeState(prefix, table, state);
    draw(pages, start);
  };

  const filter = el('input', { type: 'search', value: state.text, placeholder: 'Filter rows', name: `${prefix}q` });
  let timer;
  filter.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => update({ text: filter.value.trim(), page: 1 }), 120);
  });
  const facetBox = el('span', { className: 'facets' });
  const pager = el('span', { className: 'pager' });
  const button = (label, onClick) => {
    const b = el('button', { type: 'button', textContent: label });
    b.addEventListener('click', onClick);
    return b;
  };
  const fileName = (ext) => `${section.dataset.table}-view.${ext}`;
  controls.append(
    el('label', { className: 'table-filter' }, 'Filter ', filter),
    facetBox,
    pager,
    el(
      'span',
      { className: 'table-downloads' },
      'This view: ',
      button('CSV', () =>
        complete.then(() => download(fileName('csv'), 'text/csv;charset=utf-8', toCsv(table, view.rows))),
      ),
      button('JSON', () =>
        complete.then(() => download(fileName('json'), 'application/json', toJson(table, view.rows))),
      ),
    ),
  );

  const draw = (pages, start) => {
    facetBox.replaceChildren(
      ...table.columns.flatMap((col, c) =>
        col.facet
          ? [
              facetSelect(table, col, c, state, view.counts.get(c), (v) => {
                const facets = new Map(state.facets);
                if (v === '') facets.delete(col.key);
                else facets.set(col.key, [v]);
                update({ facets, page: 1 });
              }),
            ]
          : [],
      ),
    );
    const last = pages;
    pager.replaceChildren(
      button('First', () => update({ page: 1 })),
      button('Previous', () => update({ page: Math.max(1, state.page - 1) })),
      el('span', { className: 'page-of', textContent: ` Page ${state.page} of ${last} ` }),
      button('Next', () => update({ page: Math.min(last, state.page + 1) })),
      button('Last', () => update({ page: last })),
    );
    const end = Math.min(start + pageSize, view.rows.length);
    status.textContent =
      `Rows ${view.rows.length === 0 ? 0 : start + 1}–${end} of ${view.rows.length.toLocaleString('en')}` +
      (view.rows.length === table.count ? '.' : ` (filtered from ${table.count.toLocaleString('en')}).`);
    for (const th of headers) {
      const sorted = state.sort?.key === th.dataset.column;
      th.setAttribute('aria-sort', sorted ? (state.sort.descending ? 'descending' : 'ascending') : 'none');
    }
  };

  for (const th of headers) {
    const key = th.dataset.column;
    const b = button(th.textContent, () => {
      const descending = state.sort?.key === key && !state.sort.descending;
      update({ sort: { key, descending }, page: 1 });
    });
    th.replaceChildren(b);
  }
  controls.hidden = false;
  update({});
  section.dataset.ready = 'true';
  // The text filter's index is built once the first view is shown, so typing does not wait for it.
  setTimeout(() => buildHaystack(table), 0);
  const complete = loadDeferred(section, table).then(
    () => {
      update({});
      section.dataset.complete = 'true';
    },
    (error) => {
      status.textContent += ` Links and keys are unavailable: ${error.message}.`;
      throw error;
    },
  );
}

async function getJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return response.json();
}

/** Fetches the table's deferred columns (GUIDs), each from `<table>.<column>.json` beside the table file. */
function loadDeferred(section, table) {
  const columns = table.columns.filter((col) => col.deferred);
  const base = section.dataset.src.replace(/\.json$/, '');
  return Promise.all(columns.map(async (col) => fillColumn(table, col.key, await getJson(`${base}.${col.key}.json`))));
}

for (const section of document.querySelectorAll('section.data-table')) {
  getJson(section.dataset.src)
    .then((file) => setup(section, decodeTable(file)))
    .catch((error) => {
      section.querySelector('.table-status').textContent += ` Sorting and filtering are unavailable: ${error.message}.`;
    });
}
