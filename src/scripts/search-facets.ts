/**
 * Facet counts and filtering for the search page, from each bundle's facet map (src/lib/search/facet-map.ts):
 * page hash → combo → the page's values per filter key. Pagefind's own filter counting runs on every search once its
 * filter files are loaded and takes seconds at 100k items; this takes milliseconds, because a bundle's 20,000 pages
 * share a few hundred combos.
 */
import type { FacetMap } from '../lib/search/facet-map.ts';

/** A page's values per filter key; buckets have no prototype, so a value named `constructor` is a value. */
export type Values = Record<string, string[]>;
/** Counts per key and value. */
export type Counts = Record<string, Record<string, number>>;

/** A bundle's map, decoded: each combo's values by key, and how many pages of the bundle carry it. */
export interface DecodedFacetMap {
  keys: string[];
  combos: Values[];
  pages: Map<string, number>;
  totals: number[];
  /** The bundle's vocabulary records: hits that are no page. */
  vocabulary: string[];
}

export interface FacetIndex {
  byHash: Map<string, Values>;
  ambiguous: Set<string>;
  /** Every bundle's vocabulary records (scripts/pipeline/search-vocabulary.ts), dropped from every search. */
  vocabulary: Set<string>;
  complete: boolean;
}

const isMap = (json: unknown): json is FacetMap => {
  const m = json as FacetMap | null | undefined;
  return !!m && m.version === 1 && Array.isArray(m.keys) && Array.isArray(m.combos);
};

export function decodeFacetMap(json: unknown): DecodedFacetMap | undefined {
  if (!isMap(json)) return undefined;
  const combos = json.combos.map((combo) => {
    const values: Values = Object.create(null);
    json.keys.forEach((key, k) => {
      values[key] = (combo[k] ?? []).map((i) => json.values[k]?.[i] as string);
    });
    return values;
  });
  const pages = new Map(Object.entries(json.pages ?? {}));
  const totals = new Array<number>(combos.length).fill(0);
  for (const c of pages.values()) totals[c] = (totals[c] ?? 0) + 1;
  const vocabulary = Array.isArray(json.vocabulary) ? json.vocabulary.filter((h) => typeof h === 'string') : [];
  return { keys: json.keys, combos, pages, totals, vocabulary };
}

/**
 * One lookup over every bundle's map: page hash → values. Hashes are unique within a bundle only; a hash that two
 * bundles give different values is ambiguous, and the page's own fragment has to say (see `facetReader` in search.ts).
 */
export function indexFacetMaps(maps: ReadonlyArray<DecodedFacetMap | undefined>): FacetIndex {
  const byHash = new Map<string, Values>();
  const ambiguous = new Set<string>();
  const vocabulary = new Set<string>();
  for (const map of maps) {
    if (!map) continue;
    for (const hash of map.vocabulary) vocabulary.add(hash);
    for (const [hash, c] of map.pages) {
      const values = map.combos[c] as Values;
      const seen = byHash.get(hash);
      if (seen === undefined) byHash.set(hash, values);
      else if (JSON.stringify(seen) !== JSON.stringify(values)) ambiguous.add(hash);
    }
  }
  // A vocabulary record's hash that a page of another bundle has too (hashes are unique within a bundle only): the
  // hit's own fragment says which it is, so that page is never dropped as a vocabulary record.
  for (const hash of vocabulary)
    if (maps.some((map) => map?.pages.has(hash))) {
      vocabulary.delete(hash);
      ambiguous.add(hash);
    }
  for (const hash of ambiguous) byHash.delete(hash);
  return { byHash, ambiguous, vocabulary, complete: maps.every(Boolean) };
}

/** Pagefind's hits without the bundles' vocabulary records, which are no page. */
export function pageHits<H extends { id: string }>(hits: readonly H[], facets: FacetIndex): H[] {
  return facets.vocabulary.size === 0 ? [...hits] : hits.filter((hit) => !facets.vocabulary.has(hit.id));
}

/** The keys whose selected values the page lacks (a key with no selection never excludes). */
function failedKeys(values: Values, filters: Values): string[] {
  const failed: string[] = [];
  for (const [key, wanted] of Object.entries(filters)) {
    if (wanted.length === 0) continue;
    const have = values[key] ?? [];
    if (!wanted.some((w) => have.includes(w))) failed.push(key);
  }
  return failed;
}

function addCounts(counts: Counts, values: Values, keys: readonly string[], n: number): void {
  for (const key of keys) {
    const bucket = (counts[key] ??= Object.create(null) as Record<string, number>);
    for (const v of values[key] ?? []) bucket[v] = (bucket[v] ?? 0) + n;
  }
}

/** Adds exactly found items to filter counts, in place: their kind, and the language a URL was found in. */
export function addExactCounts(counts: Counts, hits: ReadonlyArray<{ kind: string; language?: string }>): Counts {
  for (const hit of hits) {
    addCounts(counts, { kind: [hit.kind], language: hit.language ? [hit.language] : [] }, ['kind', 'language'], 1);
  }
  return counts;
}

/**
 * Keeps the hits that have, for every filtered key, one of its selected values (any value within a key, all keys
 * together), and counts each key's values over the hits that pass the *other* keys' filters, so a second value of a
 * key already filtered still shows how many it would add. `valuesOf(hit)` gives a hit's values; a hit without any
 * (its bundle has no map) is kept and not counted.
 */
export function filterAndCount<H>(
  hits: readonly H[],
  valuesOf: (hit: H) => Values | undefined,
  filters: Values,
): { kept: H[]; counts: Counts } {
  const kept: H[] = [];
  const counts: Counts = Object.create(null);
  const perCombo = new Map<Values, { values: Values; failed: string[]; n: number }>();
  for (const hit of hits) {
    const values = valuesOf(hit);
    if (values === undefined) {
      kept.push(hit);
      continue;
    }
    let entry = perCombo.get(values);
    if (entry === undefined) {
      entry = { values, failed: failedKeys(values, filters), n: 0 };
      perCombo.set(values, entry);
    }
    entry.n += 1;
    if (entry.failed.length === 0) kept.push(hit);
  }
  for (const { values, failed, n } of perCombo.values()) {
    const keys = failed.length === 0 ? Object.keys(values) : failed.length === 1 ? failed : [];
    addCounts(counts, values, keys, n);
  }
  return { kept, counts };
}

/** Every value of every key with its number of pages across all bundles: the filters shown before a search. */
export function totalCounts(maps: ReadonlyArray<DecodedFacetMap | undefined>): Counts {
  const counts: Counts = Object.create(null);
  for (const map of maps) {
    if (!map) continue;
    map.combos.forEach((values, c) => {
      const n = map.totals[c] ?? 0;
      if (n > 0) addCounts(counts, values, Object.keys(values), n);
    });
  }
  return counts;
}
