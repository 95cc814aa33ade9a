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

/** A facet map made page by page: each page's name and its values per filter key. */
export class FacetMapBuilder {
  private readonly valueIndex = FACET_KEYS.map(() => new Map<string, number>());
  private readonly comboIndex = new Map<string, number>();
  private readonly values: string[][] = FACET_KEYS.map(() => []);
  private readonly combos: number[][][] = [];
  private readonly short: Array<[number, number]> = [];
  private readonly other: Record<string, number> = Object.create(null);
  /** Names of hits that are no page (Pagefind's vocabulary records). */
  readonly vocabulary: string[] = [];

  private readonly prefix: string;

  constructor(prefix: string) {
    this.prefix = prefix;
  }

  get pages(): number {
    return this.short.length + Object.keys(this.other).length;
  }

  add(name: string, valuesOf: (key: (typeof FACET_KEYS)[number]) => readonly string[]): void {
    const combo = FACET_KEYS.map((key, k) =>
      valuesOf(key).map((value) => {
        const index = this.valueIndex[k] as Map<string, number>;
        let i = index.get(value);
        if (i === undefined) {
          i = index.size;
          index.set(value, i);
          (this.values[k] as string[]).push(value);
        }
        return i;
      }),
    );
    const id = JSON.stringify(combo);
    let c = this.comboIndex.get(id);
    if (c === undefined) {
      c = this.combos.length;
      this.comboIndex.set(id, c);
      this.combos.push(combo);
    }
    const n = shortName(name, this.prefix);
    if (n >= 0) this.short.push([n, c]);
    else this.other[name] = c;
  }

  build(): FacetMap {
    return {
      version: FACET_MAP_VERSION,
      keys: [...FACET_KEYS],
      values: this.values,
      combos: this.combos,
      prefix: this.prefix,
      count: this.short.length,
      names: encodeShortNames(this.short),
      other: this.other,
      vocabulary: this.vocabulary,
    };
  }
}

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
  const builder = new FacetMapBuilder(NAME_PREFIX);
  let restored = 0;
  for (const name of names) {
    const file = path.join(fragmentDir, name);
    const { parsed, fragments } = decodeFragmentFile(file, readFileSync(file));
    let changed = false;
    for (const [hash, fragment] of fragments) {
      if (fragment.meta?.[VOCABULARY_META] === 'true') {
        builder.vocabulary.push(hash);
        continue;
      }
      const more = typeof fragment.url === 'string' ? shown?.get(fragment.url) : undefined;
      if (more !== undefined) {
        fragment.meta = { ...fragment.meta, ...more };
        changed = true;
        restored += 1;
      }
      builder.add(hash, (key) => valuesOf(fragment.filters, key));
    }
    if (changed) await writeFile(file, encodeFragmentFile(parsed));
  }
  const pages = builder.pages;
  if (shown !== undefined && restored !== pages)
    throw new Error(
      `${restored} of the ${pages} pages in ${fragmentDir} have a URL given metadata: Pagefind wrote their URLs otherwise`,
    );
  const map = builder.build();
  await writeFile(path.join(bundleDir, FACETS_FILE), JSON.stringify(map));
  return pages;
}
