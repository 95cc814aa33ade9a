/**
 * The facet map of a Pagefind bundle (`<bundle>/facets.json`): every page's filter values, keyed by the page hash
 * Pagefind gives a search result as its `id`. Pagefind counts filter values itself once its filter files are loaded,
 * but then every search pays for it: 1–5 s for a common word at 100k items. With this map the search page counts and
 * filters a list of 20,000 results in a few milliseconds, and never loads Pagefind's filter files.
 *
 * The map is read back from the bundle Pagefind wrote (its fragments hold each page's filters), so it cannot
 * disagree with the index. Fragments are gzip files holding `pagefind_dcd` and JSON: one page's fragment, or, where
 * fragments were bundled together (`maxFragments`), an object of fragments by page hash.
 */
import { readFileSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  FACETS_FILE,
  FACET_KEYS,
  FACET_MAP_VERSION,
  encodeShortNames,
  shortName,
  type FacetMap,
} from '../../src/lib/search/facet-map.ts';
import { VOCABULARY_META } from './search-vocabulary.ts';

const FRAGMENT_PREFIX = 'pagefind_dcd';
const FRAGMENT_EXTENSION = '.pf_fragment';
/** Pagefind's page names start with the page's language: the index is built with `forceLanguage: 'en'`. */
const NAME_PREFIX = 'en_';

interface Fragment {
  url?: unknown;
  filters?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

/** A fragment file's parsed JSON (one fragment, or fragments by page hash) and its fragments by page hash. */
function decodeFragmentFile(file: string, bytes: Buffer): { parsed: unknown; fragments: Array<[string, Fragment]> } {
  let text: string;
  try {
    text = gunzipSync(bytes).toString('utf8');
  } catch {
    throw new Error(`${file} is not a gzip Pagefind fragment`);
  }
  if (!text.startsWith(FRAGMENT_PREFIX)) throw new Error(`${file} does not start with '${FRAGMENT_PREFIX}'`);
  const parsed = JSON.parse(text.slice(FRAGMENT_PREFIX.length)) as Record<string, unknown>;
  if (typeof parsed.url === 'string') return { parsed, fragments: [[path.basename(file, FRAGMENT_EXTENSION), parsed]] };
  return { parsed, fragments: Object.entries(parsed as Record<string, Fragment>) };
}

const encodeFragmentFile = (parsed: unknown): Buffer =>
  gzipSync(Buffer.from(`${FRAGMENT_PREFIX}${JSON.stringify(parsed)}`, 'utf8'));

const valuesOf = (filters: Fragment['filters'], key: string): string[] => {
  const raw = filters?.[key];
  return Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
};

/**
 * Builds the facet map from a written bundle's fragments and writes it beside them; returns the count of pages, which
 * leaves out the bundle's vocabulary records (listed in the map's `vocabulary`).
 */
export async function writeFacetMap(
  bundleDir: string,
  /**
   * Metadata to show with each page's results that Pagefind must not index (Pagefind 1.6 makes every meta value
   * searchable), by the URL given to Pagefind: written into the pages' fragments here, after the index is.
   */
  shown?: ReadonlyMap<string, Readonly<Record<string, string>>>,
): Promise<number> {
  const fragmentDir = path.join(bundleDir, 'fragment');
  // An empty index (a source with no items) has no fragment folder at all.
  const listed = await readdir(fragmentDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const names = listed.filter((n) => n.endsWith(FRAGMENT_EXTENSION)).sort();
  const valueIndex = FACET_KEYS.map(() => new Map<string, number>());
  const comboIndex = new Map<string, number>();
  const vocabulary: string[] = [];
  const values: string[][] = FACET_KEYS.map(() => []);
  const combos: number[][][] = [];
  const short: Array<[number, number]> = [];
  const other: Record<string, number> = Object.create(null);
  let restored = 0;
  for (const name of names) {
    const file = path.join(fragmentDir, name);
    const { parsed, fragments } = decodeFragmentFile(file, readFileSync(file));
    let changed = false;
    for (const [hash, fragment] of fragments) {
      if (fragment.meta?.[VOCABULARY_META] === 'true') {
        vocabulary.push(hash);
        continue;
      }
      const more = typeof fragment.url === 'string' ? shown?.get(fragment.url) : undefined;
      if (more !== undefined) {
        fragment.meta = { ...fragment.meta, ...more };
        changed = true;
        restored += 1;
      }
      const combo = FACET_KEYS.map((key, k) =>
        valuesOf(fragment.filters, key).map((value) => {
          const index = valueIndex[k] as Map<string, number>;
          let i = index.get(value);
          if (i === undefined) {
            i = index.size;
            index.set(value, i);
            (values[k] as string[]).push(value);
          }
          return i;
        }),
      );
      const id = JSON.stringify(combo);
      let c = comboIndex.get(id);
      if (c === undefined) {
        c = combos.length;
        comboIndex.set(id, c);
        combos.push(combo);
      }
      const n = shortName(hash, NAME_PREFIX);
      if (n >= 0) short.push([n, c]);
      else other[hash] = c;
    }
    if (changed) await writeFile(file, encodeFragmentFile(parsed));
  }
  const pages = short.length + Object.keys(other).length;
  if (shown !== undefined && restored !== pages)
    throw new Error(
      `${restored} of the ${pages} pages in ${fragmentDir} have a URL given metadata: Pagefind wrote their URLs otherwise`,
    );
  const map: FacetMap = {
    version: FACET_MAP_VERSION,
    keys: [...FACET_KEYS],
    values,
    combos,
    prefix: NAME_PREFIX,
    count: short.length,
    names: encodeShortNames(short),
    other,
    vocabulary,
  };
  await writeFile(path.join(bundleDir, FACETS_FILE), JSON.stringify(map));
  return pages;
}
