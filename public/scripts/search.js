// The search page: Pagefind's JS API over the site's own index bundles (several when the build sharded the index),
// filters with counts, results with breadcrumbs. Everything shown is set as text; only Pagefind's <mark> is kept.
// A GUID, UDI, int id or URL path is looked up exactly first (exact-lookup.js); its item leads the results.
import { findExact } from './exact-lookup.js';

const root = document.getElementById('search');
const FILTER_LABELS = { kind: 'Kind', type: 'Content type', root: 'Root section', language: 'Language' };
const PAGE = 20;
/** Results whose order is refined after loading their data: name matches, content items first. */
const RERANK = 30;

async function start() {
  const base = root.dataset.base || '/';
  const input = document.getElementById('search-input');
  const status = document.getElementById('search-status');
  const list = document.getElementById('search-results');
  const more = document.getElementById('search-more');
  const filterBox = document.getElementById('search-filters');
  const pagefind = await import(`${base}pagefind/pagefind.js`);
  // Record URLs already carry the base: keep Pagefind from adding it a second time.
  await pagefind.options({ basePath: `${base}pagefind/`, baseUrl: '/', excerptLength: 24 });
  const bundles = await fetch(`${base}search-bundles.json`)
    .then((r) => (r.ok ? r.json() : { bundles: [] }))
    .catch(() => ({ bundles: [] }));
  for (const bundle of bundles.bundles.slice(1)) await pagefind.mergeIndex(`${base}${bundle}`, { baseUrl: '/' });
  // On a narrow screen the results come first and the filters start folded.
  if (matchMedia('(max-width: 40rem)').matches) root.querySelector('details.search-filters')?.removeAttribute('open');
  const selected = readState();
  input.value = selected.q;
  renderFilters(filterBox, await pagefind.filters(), selected.filters);
  let results = [];
  let shown = 0;
  let run = 0;

  async function search() {
    const id = ++run;
    const q = input.value.trim();
    const filters = currentFilters(filterBox);
    writeState(q, filters);
    const any = Object.fromEntries(Object.entries(filters).map(([key, values]) => [key, { any: values }]));
    if (q === '' && Object.keys(filters).length === 0) {
      list.replaceChildren();
      more.hidden = true;
      status.textContent = 'Type a word or phrase.';
      return;
    }
    const exact = q === '' ? [] : await findExact(base, q);
    if (id !== run) return;
    const exactHits = exact.map((hit) => ({ data: async () => exactData(hit) }));
    // The index holds no identifiers: a GUID, UDI or id that names an item needs no full-text search at all.
    if (exact.length > 0 && exact[0].how !== 'URL' && Object.keys(filters).length === 0) return show(id, q, exactHits);
    const found = await pagefind.search(q === '' ? null : q, { filters: any });
    if (id !== run) return;
    const exactUrls = new Set(exact.map((hit) => hit.url));
    const ranked = await rerank(found.results, q);
    if (id !== run) return;
    updateCounts(filterBox, found.filters);
    // An exactly found item is dropped from the full-text hits (searched among the re-ranked head, where it ranks).
    await show(id, q, [...exactHits, ...ranked.filter((r) => r.url === undefined || !exactUrls.has(r.url))]);
  }

  async function show(id, q, found) {
    results = found;
    shown = 0;
    list.replaceChildren();
    status.textContent = `${results.length} result${results.length === 1 ? '' : 's'}${q ? ` for “${q}”` : ''}.`;
    await showMore(id);
  }

  // Only the newest search may append: an older one still loading its batch would otherwise add its results twice.
  async function showMore(id = run) {
    const batch = results.slice(shown, shown + PAGE);
    shown += batch.length;
    const data = await Promise.all(batch.map((r) => r.data()));
    if (id !== run) return;
    for (const d of data) list.append(resultItem(d));
    more.hidden = shown >= results.length;
  }

  document.querySelector('.search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    search();
  });
  let timer;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(search, 100);
  });
  filterBox.addEventListener('change', search);
  more.addEventListener('click', () => showMore());
  if (selected.q || Object.keys(selected.filters).length > 0) await search();
  root.dataset.ready = 'true';
}

/** Items named like the query come first, content before media and types; otherwise Pagefind's order stays. */
async function rerank(found, q) {
  const head = found.slice(0, RERANK);
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return found;
  const loaded = await Promise.all(
    head.map(async (r) => {
      const data = await r.data();
      const title = (data.meta?.title || '').toLowerCase();
      const named = words.every((w) => title.includes(w));
      const kind = data.meta?.kind;
      return { url: data.url, data: async () => data, rank: named ? (kind === 'content' ? 0 : 1) : 2 };
    }),
  );
  const order = loaded
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.rank - b.r.rank || a.i - b.i)
    .map((x) => x.r);
  return [...order, ...found.slice(RERANK)];
}

function exactData(hit) {
  const how = hit.language ? `${hit.how} (${hit.language})` : hit.how;
  return {
    url: hit.url,
    meta: { title: hit.title, kind: hit.kind, breadcrumbs: `exact match by ${how}` },
    excerpt: '',
  };
}

function readState() {
  const params = new URLSearchParams(location.search);
  const filters = {};
  for (const key of Object.keys(FILTER_LABELS)) {
    const values = params.getAll(key);
    if (values.length > 0) filters[key] = values;
  }
  return { q: params.get('q') || '', filters };
}

function writeState(q, filters) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  for (const [key, values] of Object.entries(filters)) for (const v of values) params.append(key, v);
  history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
}

function renderFilters(box, filters, selected) {
  box.replaceChildren();
  for (const [key, label] of Object.entries(FILTER_LABELS)) {
    const values = filters[key];
    if (!values || Object.keys(values).length === 0) continue;
    const fieldset = document.createElement('fieldset');
    const legend = document.createElement('legend');
    legend.textContent = label;
    fieldset.append(legend);
    fieldset.dataset.filter = key;
    for (const [value, count] of Object.entries(values).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
      const lab = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.name = key;
      box.value = value;
      box.checked = (selected[key] || []).includes(value);
      const count_ = document.createElement('span');
      count_.className = 'meta';
      count_.dataset.count = '';
      count_.textContent = ` (${count})`;
      lab.append(box, ` ${value}`, count_);
      fieldset.append(lab);
    }
    box.append(fieldset);
  }
}

function currentFilters(box) {
  const out = {};
  for (const input of box.querySelectorAll('input[type=checkbox]:checked')) (out[input.name] ||= []).push(input.value);
  return out;
}

function updateCounts(box, counts) {
  for (const input of box.querySelectorAll('input[type=checkbox]')) {
    const n = counts?.[input.name]?.[input.value];
    const span = input.parentElement.querySelector('[data-count]');
    if (span) span.textContent = ` (${n ?? 0})`;
    // A value no result has is noise; a checked one stays so it can be unchecked.
    input.parentElement.hidden = !n && !input.checked;
  }
}

const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const decode = (text) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (m) => ENTITIES[m] || m);

function excerptNode(excerpt) {
  const p = document.createElement('p');
  (excerpt || '').split(/(<mark>|<\/mark>)/).reduce((inMark, part) => {
    if (part === '<mark>') return true;
    if (part === '</mark>') return false;
    if (part === '') return inMark;
    if (inMark) {
      const mark = document.createElement('mark');
      mark.textContent = decode(part);
      p.append(mark);
    } else p.append(decode(part));
    return inMark;
  }, false);
  return p;
}

function resultItem(data) {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = data.url;
  a.textContent = data.meta?.title || data.url;
  li.append(a);
  const crumbs = document.createElement('div');
  crumbs.className = 'crumbs';
  crumbs.textContent = [data.meta?.kind, data.meta?.breadcrumbs].filter(Boolean).join(' · ');
  li.append(crumbs, excerptNode(data.excerpt));
  return li;
}

if (root)
  start().catch((error) => {
    document.getElementById('search-status').textContent = `Search is not available: ${error.message}`;
  });
