// The search page: Pagefind's JS API over the site's own index bundles (several when the build sharded the index,
// merged with mergeIndex), with filters and counts from each bundle's facet map (search-facets.js) and results with
// breadcrumbs. Everything shown is set as text; only Pagefind's <mark> is kept.
// A GUID, UDI, int id or URL path is looked up exactly first (exact-lookup.js); its item leads the results.
import { fetchJson, findExact, guidKeyOf, idKeyOf } from './exact-lookup.js';
import { addExactCounts, decodeFacetMap, filterAndCount, indexFacetMaps, totalCounts } from './search-facets.js';
import { currentFilters, readState, renderFilters, resultItem, updateCounts, writeState } from './search-view.js';

const root = document.getElementById('search');
const PAGE = 20;

async function start() {
  const base = root.dataset.base || '/';
  const input = document.getElementById('search-input');
  const status = document.getElementById('search-status');
  const list = document.getElementById('search-results');
  const more = document.getElementById('search-more');
  const filterBox = document.getElementById('search-filters');
  const pagefind = await import(`${base}pagefind/pagefind.js`);
  // Record URLs already carry the base: keep Pagefind from adding it a second time. Pagefind's worker is left off:
  // each result it hands out is released with one message per result once garbage-collected, so a search after a
  // listing of every page (79,000 results at 100k items) waited 0.4–1 s behind those messages; on the page's own
  // thread the same searches take as long as in the worker, without that queue.
  await pagefind.options({ basePath: `${base}pagefind/`, baseUrl: '/', excerptLength: 24, noWorker: true });
  const listed = (await fetchJson(`${base}search-bundles.json`, { bundles: [] })).bundles;
  const bundles = listed.length > 0 ? listed : ['pagefind/'];
  const [maps] = await Promise.all([
    Promise.all(bundles.map(async (bundle) => decodeFacetMap(await fetchJson(`${base}${bundle}facets.json`)))),
    (async () => {
      for (const bundle of bundles.slice(1)) await pagefind.mergeIndex(`${base}${bundle}`, { baseUrl: '/' });
      await pagefind.init();
    })(),
  ]);
  const facets = indexFacetMaps(maps);
  // On a narrow screen the results come first and the filters start folded.
  if (matchMedia('(max-width: 40rem)').matches) root.querySelector('details.search-filters')?.removeAttribute('open');
  const selected = readState();
  input.value = selected.q;
  renderFilters(filterBox, totalCounts(maps), selected.filters);
  let results = [];
  let shown = 0;
  let run = 0;

  /**
   * How to read a hit's filter values: from the facet maps, or, for the rare hash two bundles share with different
   * values, from the hit's own fragment.
   */
  async function facetReader(hits) {
    const own = new Map();
    await Promise.all(
      hits
        .filter((hit) => facets.ambiguous.has(hit.id))
        .map(async (hit) => own.set(hit, (await hit.data()).filters || {})),
    );
    return (hit) => own.get(hit) ?? facets.byHash.get(hit.id);
  }

  async function textSearch(q) {
    const { results } = await pagefind.search(q);
    return { hits: results, valuesOf: await facetReader(results) };
  }

  // Filters without words list every page: Pagefind hands out the whole list once (79,000 entries at 100k items), and
  // each later filter-only view is counted from it in memory.
  let everyPage;
  function allPages() {
    everyPage ??= pagefind
      .search(null)
      .then(async ({ results }) => ({ hits: results, valuesOf: await facetReader(results) }))
      .catch((error) => {
        everyPage = undefined;
        throw error;
      });
    return everyPage;
  }

  async function search() {
    const id = ++run;
    const q = input.value.trim();
    const filters = currentFilters(filterBox);
    writeState(q, filters);
    if (q === '' && Object.keys(filters).length === 0) {
      list.replaceChildren();
      more.hidden = true;
      updateCounts(filterBox, totalCounts(maps), true);
      status.textContent = 'Type a word or phrase.';
      return;
    }
    // The index holds no identifiers: a GUID, UDI or id that names an item needs no full-text search at all.
    const keyLike = guidKeyOf(q) !== undefined || idKeyOf(q) !== undefined;
    const exactSearch = q === '' ? Promise.resolve([]) : findExact(base, q);
    const exact = keyLike ? await exactSearch : [];
    if (id !== run) return;
    if (exact.length > 0 && Object.keys(filters).length === 0) {
      updateCounts(filterBox, addExactCounts(Object.create(null), exact), false);
      return show(id, q, exactResults(exact));
    }
    // Every bundle's hits (all pages for an empty query), best first; Pagefind's own filters stay unloaded.
    const [found, exactAll] = await Promise.all([q === '' ? allPages() : textSearch(q), keyLike ? exact : exactSearch]);
    if (id !== run) return;
    const { kept, counts } = filterAndCount(found.hits, found.valuesOf, filters);
    const exactUrls = new Set(exactAll.map((hit) => hit.url));
    const head = await rerank(kept.slice(0, PAGE), q);
    if (id !== run) return;
    // Exactly found items count too, unless the first page of full-text hits already holds them.
    const headUrls = new Set(head.map((r) => r.url));
    const unfiltered = Object.keys(filters).length === 0;
    const extra = unfiltered ? exactAll.filter((hit) => !headUrls.has(hit.url)) : [];
    updateCounts(filterBox, addExactCounts(counts, extra), false);
    // An exactly found item is dropped from the full-text hits (searched among the first page, where it ranks).
    const rest = [...head, ...kept.slice(PAGE)].filter((r) => r.url === undefined || !exactUrls.has(r.url));
    await show(id, q, [...exactResults(exactAll), ...rest]);
  }

  async function show(id, q, found) {
    results = found;
    shown = 0;
    const batch = await loadBatch();
    if (id !== run) return;
    list.replaceChildren();
    status.textContent = `${results.length} result${results.length === 1 ? '' : 's'}${q ? ` for “${q}”` : ''}.`;
    append(batch);
  }

  async function loadBatch() {
    const batch = results.slice(shown, shown + PAGE);
    shown += batch.length;
    return Promise.all(batch.map((r) => r.data()));
  }

  function append(data) {
    for (const d of data) list.append(resultItem(d));
    more.hidden = shown >= results.length;
  }

  // Only the newest search may append: an older one still loading its batch would otherwise add its results twice.
  async function showMore() {
    const id = run;
    const data = await loadBatch();
    if (id === run) append(data);
  }

  // One search at a time: keystrokes that arrive meanwhile become one search for the newest text, and the index
  // chunks it needs are fetched at once.
  let busy = false;
  let again = false;
  async function request() {
    if (busy) {
      again = true;
      const q = input.value.trim();
      if (q !== '') void pagefind.preload(q);
      return;
    }
    busy = true;
    try {
      await search();
    } finally {
      busy = false;
      if (again) {
        again = false;
        void request();
      }
    }
  }

  document.querySelector('.search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void request();
  });
  input.addEventListener('input', () => void request());
  filterBox.addEventListener('change', () => void request());
  more.addEventListener('click', () => void showMore());
  if (selected.q || Object.keys(selected.filters).length > 0) await search();
  root.dataset.ready = 'true';
}

/** Of the first page, items named like the query come first, content before media and types; else Pagefind's order. */
async function rerank(head, q) {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const loaded = await Promise.all(
    head.map(async (r) => {
      const data = await r.data();
      const title = (data.meta?.title || '').toLowerCase();
      const named = words.length > 0 && words.every((w) => title.includes(w));
      const kind = data.meta?.kind;
      return { url: data.url, data: async () => data, rank: named ? (kind === 'content' ? 0 : 1) : 2 };
    }),
  );
  return loaded
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.rank - b.r.rank || a.i - b.i)
    .map((x) => x.r);
}

/** Exactly found items as results: their data is already in hand. */
const exactResults = (hits) => hits.map((hit) => ({ data: async () => exactData(hit) }));

function exactData(hit) {
  const how = hit.language ? `${hit.how} (${hit.language})` : hit.how;
  return {
    url: hit.url,
    meta: { title: hit.title, kind: hit.kind, breadcrumbs: `exact match by ${how}` },
    excerpt: '',
  };
}

if (root)
  start().catch((error) => {
    document.getElementById('search-status').textContent = `Search is not available: ${error.message}`;
  });
