/**
 * A built site's Pagefind bundles searched in this Node process, as the search page searches them: the bundle's own
 * `pagefind.js` (its WebAssembly and index files read from disk through a `fetch` that serves the site folder), every
 * bundle of `search-bundles.json` merged in, and the hits the page never shows (the bundles' vocabulary records)
 * dropped with the page's own `readHits`. Each site gets a module instance and a URL prefix of its own, so several
 * sites can be searched side by side.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodeFacetMap, indexFacetMaps, readHits } from '../../src/scripts/search-facets.ts';
import type { Pagefind, PagefindResultData } from '../../src/scripts/pagefind-api.ts';
import { searchTerms } from '../../src/scripts/search-query.ts';

const sites = new Map<string, string>();

function installFetch(): void {
  if (sites.size > 0) return;
  globalThis.fetch = async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://site.invalid/');
    const [, prefix, ...rest] = url.pathname.split('/');
    const dir = sites.get(prefix ?? '');
    if (dir === undefined) return new Response('not found', { status: 404 });
    try {
      return new Response(await readFile(path.join(dir, ...rest.map(decodeURIComponent))));
    } catch {
      return new Response('not found', { status: 404 });
    }
  };
}

export interface NodeSearch {
  /** The URLs of every hit the search page would count for `q` (split as the page splits it), sorted. */
  urls(q: string): Promise<string[]>;
  /** What the search page reads of each of those hits, by URL. */
  results(q: string): Promise<PagefindResultData[]>;
}

export async function openNodeSearch(dist: string): Promise<NodeSearch> {
  installFetch();
  const prefix = `site${sites.size + 1}`;
  sites.set(prefix, dist);
  const read = async (file: string): Promise<unknown> => JSON.parse(await readFile(path.join(dist, file), 'utf8'));
  const { bundles } = (await read('search-bundles.json')) as { bundles: string[] };
  const maps = await Promise.all(bundles.map(async (b) => decodeFacetMap(await read(`${b}facets.json`))));
  const facets = indexFacetMaps(maps);
  const moduleUrl = `${pathToFileURL(path.join(dist, 'pagefind', 'pagefind.js')).href}?${prefix}`;
  const pagefind = (await import(moduleUrl)) as Pagefind;
  await pagefind.options({ basePath: `/${prefix}/pagefind/`, baseUrl: '/', noWorker: true });
  for (const bundle of bundles.slice(1)) await pagefind.mergeIndex(`/${prefix}/${bundle}`, { baseUrl: '/' });
  await pagefind.init();
  const results = async (q: string): Promise<PagefindResultData[]> => {
    const { hits } = await readHits(facets, (await pagefind.search(searchTerms(q))).results);
    return (await Promise.all(hits.map((hit) => hit.data()))).sort((a, b) => a.url.localeCompare(b.url));
  };
  return {
    results,
    urls: async (q) => (await results(q)).map((data) => data.url),
  };
}
