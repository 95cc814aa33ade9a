/**
 * The search page: Pagefind's JS API over the site's own index bundles (several when the build sharded the index,
 * merged with mergeIndex), or the word index (`--search-engine words`, word-search.ts) when
 * `search-bundles.json` names it, with filters and counts from each bundle's facet map (search-facets.ts) and
 * results with breadcrumbs. Everything shown is set as text; only Pagefind's <mark> is kept.
 * A GUID, UDI, int id or URL path is looked up exactly first (exact-lookup.ts): an item it names is the answer, with
 * no full-text search unless filters are ticked, and Enter opens it when it is the only one.
 */
import { FACETS_FILE, SEARCH_BUNDLES_FILE } from '../lib/search/facet-map.ts';
import { fetchJson, findExact, isKeyLike, type ExactHit } from './exact-lookup.ts';
import { loadPagefind, type PagefindResultData } from './pagefind-api.ts';
import { fetchBytes, openWordSearch, type SearchEngine } from './word-search.ts';
import {
  addExactCounts,
  decodeFacetMap,
  filterAndCount,
  indexFacetMaps,
  readHits,
  totalCounts,
  totalPages,
  type DecodedFacetMap,
  type Found,
} from './search-facets.ts';
import { currentFilters, readState, renderFilters, resultItem, updateCounts, writeState } from './search-view.ts';
import { rerank, type Result } from './search-rank.ts';
import { recentSearches } from './recent-searches.ts';
import { searchPace } from './search-pace.ts';
import { queryWords, searchTerms } from './search-query.ts';

const PAGE = 20;
/** Text searches whose hits are kept for filters ticked afterwards (recent-searches.ts). */
const RECENT = 4;

/** The site's search engine (Pagefind with every bundle merged in, or the word index), and the bundles' facet maps. */
async function openIndex(base: string): Promise<{ engine: SearchEngine; maps: Array<DecodedFacetMap | undefined> }> {
  const listed = await fetchJson<{ bundles?: string[]; engine?: string }>(`${base}${SEARCH_BUNDLES_FILE}`, {});
  const bundles = listed.bundles && listed.bundles.length > 0 ? listed.bundles : ['pagefind/'];
  const maps = Promise.all(
    bundles.map(async (b) => decodeFacetMap(await fetchJson(`${base}${b}${FACETS_FILE}`, undefined))),
  );
  if (listed.engine === 'words') {
    const [engine, decoded] = await Promise.all([openWordSearch(bundles, fetchBytes(base)), maps]);
    return { engine, maps: decoded };
  }
  const pagefind = await loadPagefind(base);
  // Record URLs already carry the base: keep Pagefind from adding it a second time. Pagefind's worker is left off:
  // each result it hands out is released with one message per result once garbage-collected, so a search after a
  // listing of every page (79,000 results at 100k items) waited 0.4–1 s behind those messages; on the page's own
  // thread the same searches take as long as in the worker, without that queue.
  await pagefind.options({ basePath: `${base}pagefind/`, baseUrl: '/', excerptLength: 24, noWorker: true });
  // Every bundle at once: merging one costs two requests one after the other (its entry, then its metadata), so
  // merged in turn, 12 bundles (300k items) kept the page from being ready for 2.1 s over a 50 ms round trip, against
  // 1.1 s at once. Pagefind lists the merged indexes in the order the calls are made, so results rank as before.
  const [decoded] = await Promise.all([
    maps,
    (async () => {
      await Promise.all(bundles.slice(1).map((bundle) => pagefind.mergeIndex(`${base}${bundle}`, { baseUrl: '/' })));
      await pagefind.init();
    })(),
  ]);
  return { engine: pagefind, maps: decoded };
}

/** Exactly found items as results: their data is already in hand. */
const exactResults = (hits: ExactHit[]): Result[] =>
  hits.map((hit) => ({ url: hit.url, data: async () => exactData(hit) }));

function exactData(hit: ExactHit): PagefindResultData {
  const how = hit.language ? `${hit.how} (${hit.language})` : hit.how;
  return {
    url: hit.url,
    meta: { title: hit.title, kind: hit.kind, breadcrumbs: `exact match by ${how}` },
    excerpt: '',
  };
}

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

/** An edit made by a key (a character typed, or deleted), not a whole text pasted or filled in. */
const byKey = (event: Event): boolean =>
  event instanceof InputEvent &&
  (event.inputType.startsWith('delete') ||
    event.inputType === 'insertCompositionText' ||
    (event.inputType === 'insertText' && (event.data ?? '').length <= 1));

async function start(root: HTMLElement): Promise<void> {
  const base = root.dataset.base || '/';
  const input = byId<HTMLInputElement>('search-input');
  const status = byId('search-status');
  const list = byId('search-results');
  const more = byId('search-more');
  const filterBox = byId('search-filters');
  const { engine, maps } = await openIndex(base);
  const facets = indexFacetMaps(maps);
  // On a narrow screen the results come first and the filters start folded.
  if (matchMedia('(max-width: 40rem)').matches) root.querySelector('details.search-filters')?.removeAttribute('open');
  const selected = readState();
  input.value = selected.q;
  renderFilters(filterBox, totalCounts(maps), selected.filters);
  let results: Result[] = [];
  // The words of the query shown, whose parts the excerpts mark.
  let words: string[] = [];
  let shown = 0;
  let run = 0;

  // Typing searches at once, or when it pauses once Pagefind is slow (search-pace.ts); results still shown while a
  // newer search waits or runs are marked busy.
  const markBusy = (on: boolean) => (on ? list.setAttribute('aria-busy', 'true') : list.removeAttribute('aria-busy'));
  const pace = searchPace(() => void request(), totalPages(maps));
  const textSearch = recentSearches(RECENT, async (q: string): Promise<Found> => {
    const started = performance.now();
    const { results } = await engine.search(searchTerms(q));
    pace.took(performance.now() - started);
    return readHits(facets, results);
  });

  // Filters without words list every page: Pagefind hands out the whole list once (79,000 entries at 100k items), and
  // each later filter-only view is counted from it in memory.
  let everyPage: Promise<Found> | undefined;
  function allPages(): Promise<Found> {
    everyPage ??= engine
      .search(null)
      .then(({ results }) => readHits(facets, results))
      .catch((error: unknown) => {
        everyPage = undefined;
        throw error;
      });
    return everyPage;
  }

  async function search(): Promise<void> {
    const id = ++run;
    const q = input.value.trim();
    const filters = currentFilters(filterBox);
    writeState(q, filters);
    const unfiltered = Object.keys(filters).length === 0;
    if (q === '' && unfiltered) {
      list.replaceChildren();
      more.hidden = true;
      updateCounts(filterBox, totalCounts(maps), true);
      status.textContent = 'Type a word or phrase.';
      return;
    }
    // A GUID, UDI, id or URL path that names an item needs no full-text search (exact-lookup.ts, isKeyLike).
    const keyLike = isKeyLike(q);
    const exactSearch = q === '' ? Promise.resolve([]) : findExact(base, q);
    const exact = keyLike ? await exactSearch : [];
    if (id !== run) return;
    if (exact.length > 0 && unfiltered) {
      updateCounts(filterBox, addExactCounts(Object.create(null), exact), false);
      return show(id, q, exactResults(exact));
    }
    // Every bundle's hits (all pages for an empty query), best first; Pagefind's own filters stay unloaded.
    const [found, exactAll] = await Promise.all([q === '' ? allPages() : textSearch(q), keyLike ? exact : exactSearch]);
    if (id !== run) return;
    const { kept, counts } = filterAndCount(found.hits, found.comboOf, found.combos, filters);
    const exactUrls = new Set(exactAll.map((hit) => hit.url));
    const head = await rerank(kept.slice(0, PAGE), q);
    if (id !== run) return;
    // Exactly found items count too, unless the first page of full-text hits already holds them.
    const headUrls = new Set(head.map((r) => r.url));
    const extra = unfiltered ? exactAll.filter((hit) => !headUrls.has(hit.url)) : [];
    updateCounts(filterBox, addExactCounts(counts, extra), false);
    // An exactly found item is dropped from the full-text hits (searched among the first page, where it ranks and
    // where each result's URL is known; the rest are Pagefind's hits, which carry none until their data is read).
    const rest = head.filter((r) => r.url === undefined || !exactUrls.has(r.url)).concat(kept.slice(PAGE));
    await show(id, q, [...exactResults(exactAll), ...rest]);
  }

  async function show(id: number, q: string, found: Result[]): Promise<void> {
    results = found;
    words = queryWords(q);
    shown = 0;
    const batch = await loadBatch();
    if (id !== run) return;
    list.replaceChildren();
    status.textContent = `${results.length} result${results.length === 1 ? '' : 's'}${q ? ` for “${q}”` : ''}.`;
    append(batch);
  }

  async function loadBatch(): Promise<PagefindResultData[]> {
    const batch = results.slice(shown, shown + PAGE);
    shown += batch.length;
    return Promise.all(batch.map((r) => r.data()));
  }

  function append(data: PagefindResultData[]): void {
    for (const d of data) list.append(resultItem(d, words));
    more.hidden = shown >= results.length;
  }

  // Only the newest search may append: an older one still loading its batch would otherwise add its results twice.
  async function showMore(): Promise<void> {
    const id = run;
    const data = await loadBatch();
    if (id === run) append(data);
  }

  // One search at a time: keystrokes that arrive meanwhile become one search for the newest text, and the index
  // chunks it needs are fetched at once.
  let busy = false;
  let again = false;
  async function request(): Promise<void> {
    markBusy(true);
    if (busy) {
      again = true;
      const q = input.value.trim();
      if (q !== '') void engine.preload(searchTerms(q));
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
      } else if (!pace.waiting) markBusy(false);
    }
  }

  // Enter opens the item a query names exactly when it is the only one; otherwise it searches.
  root.querySelector('.search-form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    const q = input.value.trim();
    void (q === '' ? Promise.resolve([]) : findExact(base, q)).then((hits) => {
      if (hits.length === 1 && hits[0] && q === input.value.trim()) location.assign(hits[0].url);
      else pace.now();
    });
  });
  input.addEventListener('input', (event) => {
    pace.typed(byKey(event));
    if (pace.waiting) markBusy(true);
  });
  filterBox.addEventListener('change', () => pace.now());
  more.addEventListener('click', () => void showMore());
  if (selected.q || Object.keys(selected.filters).length > 0) await search();
  root.dataset.ready = 'true';
}

const root = document.getElementById('search');
if (root)
  start(root).catch((error: Error) => {
    byId('search-status').textContent = `Search is not available: ${error.message}`;
  });
