/**
 * Facet counts and filtering for the search page, from each bundle's facet map (src/lib/search/facet-map.ts):
 * page hash → combo → the page's values per filter key. Pagefind's own filter counting runs on every search once its
 * filter files are loaded and takes seconds at 100k items; this takes milliseconds, because a bundle's 20,000 pages
 * share a few hundred combos.
 */
import { FACET_MAP_VERSION, decodeShortNames, nameOfShort, shortName, type FacetMap } from '../lib/search/facet-map.ts';
import type { PagefindResult } from './pagefind-api.ts';

/** A page's values per filter key; buckets have no prototype, so a value named `constructor` is a value. */
export type Values = Record<string, string[]>;
/** Counts per key and value. */
export type Counts = Record<string, Record<string, number>>;

/** A bundle's map, decoded: each combo's values by key, its pages, and how many of them carry each combo. */
export interface DecodedFacetMap {
  keys: string[];
  combos: Values[];
  prefix: string;
  /** The short-named pages (facet-map.ts) as numbers, ascending, and each one's combo. */
  names: Uint32Array;
  comboOf: Uint32Array;
  /** Every other page by its whole name. */
  other: Map<string, number>;
  totals: number[];
  /** The bundle's vocabulary records: hits that are no page. */
  vocabulary: string[];
}

/** What `FacetIndex.comboOf` answers for a hit that is not a page of a known combo. */
export const NOT_A_PAGE = -1;
/** Two bundles name it with different values, or a page and a vocabulary record share the name: its fragment says. */
export const AMBIGUOUS = -2;
/** No map names it (its bundle's map did not load): kept, never counted. */
export const UNKNOWN = -3;

export interface FacetIndex {
  /** Every distinct combo of every bundle; the same values are one combo, whichever bundle carries them. */
  combos: Values[];
  /** A hit's combo in `combos`, or NOT_A_PAGE, AMBIGUOUS or UNKNOWN. */
  comboOf(id: string): number;
  /** A hit's values: undefined unless its combo is known. */
  valuesOf(id: string): Values | undefined;
  /** The names that are AMBIGUOUS. */
  ambiguous: Set<string>;
  /** Every bundle's vocabulary records (scripts/pipeline/search-vocabulary.ts), dropped from every search. */
  vocabulary: Set<string>;
}

const isMap = (json: unknown): json is FacetMap => {
  const m = json as FacetMap | null | undefined;
  return (
    !!m &&
    m.version === FACET_MAP_VERSION &&
    Array.isArray(m.keys) &&
    Array.isArray(m.values) &&
    Array.isArray(m.combos) &&
    typeof m.prefix === 'string' &&
    Number.isSafeInteger(m.count) &&
    m.count >= 0 &&
    typeof m.names === 'string' &&
    !!m.other &&
    typeof m.other === 'object'
  );
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
  const short = decodeShortNames(json.names, json.count, combos.length);
  if (short === undefined) return undefined;
  const other = new Map<string, number>();
  for (const name of Object.keys(json.other)) {
    const c = json.other[name];
    if (!Number.isInteger(c) || (c as number) < 0 || (c as number) >= combos.length) return undefined;
    other.set(name, c as number);
  }
  const totals = new Array<number>(combos.length).fill(0);
  for (const c of short.combos) totals[c] = (totals[c] ?? 0) + 1;
  for (const c of other.values()) totals[c] = (totals[c] ?? 0) + 1;
  const vocabulary = Array.isArray(json.vocabulary) ? json.vocabulary.filter((h) => typeof h === 'string') : [];
  return {
    keys: json.keys,
    combos,
    prefix: json.prefix,
    names: short.names,
    comboOf: short.combos,
    other,
    totals,
    vocabulary,
  };
}

/**
 * Short names to combos in one typed array, each slot a name plus one (0 is free) beside its combo, so a lookup reads
 * one cache line: a million pages cost 16 MB and no object each. Open addressing with linear probing.
 */
class NameTable {
  private readonly slots: Int32Array;
  private readonly shift: number;

  constructor(size: number) {
    const bits = Math.max(4, Math.ceil(Math.log2(size * 2 + 1)));
    this.slots = new Int32Array(2 ** (bits + 1));
    this.shift = 32 - bits;
  }

  private slot(name: number): number {
    const slots = this.slots;
    const mask = slots.length - 2;
    let i = (Math.imul(name, 0x9e3779b1) >>> this.shift) << 1;
    for (let key = slots[i]; key !== 0 && key !== name + 1; key = slots[i]) i = (i + 2) & mask;
    return i;
  }

  get(name: number): number | undefined {
    const i = this.slot(name);
    return this.slots[i] === 0 ? undefined : this.slots[i + 1];
  }

  set(name: number, combo: number): void {
    const i = this.slot(name);
    this.slots[i] = name + 1;
    this.slots[i + 1] = combo;
  }

  /** Sets a name not yet in the table and answers undefined, or answers the combo it already has. */
  add(name: number, combo: number): number | undefined {
    const i = this.slot(name);
    if (this.slots[i] !== 0) return this.slots[i + 1];
    this.slots[i] = name + 1;
    this.slots[i + 1] = combo;
    return undefined;
  }
}

/**
 * One lookup over every bundle's map: page name → combo. Names are unique within a bundle only (the build keeps them
 * unique across bundles too, scripts/pipeline/search-hashes.ts); a name two bundles give different values is
 * ambiguous, and the page's own fragment has to say (`readHits`).
 */
export function indexFacetMaps(maps: ReadonlyArray<DecodedFacetMap | undefined>): FacetIndex {
  const loaded = maps.filter((map): map is DecodedFacetMap => map !== undefined);
  const prefix = loaded[0]?.prefix ?? '';
  const combos: Values[] = [];
  const comboIds = new Map<string, number>();
  const table = new NameTable(loaded.reduce((n, map) => n + map.names.length, 0));
  const other = new Map<string, number>();
  const ambiguous = new Set<string>();
  const vocabulary = new Set<string>();
  const put = (name: string, n: number, combo: number) => {
    const seen = n >= 0 ? table.get(n) : other.get(name);
    if (seen === combo || seen === AMBIGUOUS) return;
    if (seen !== undefined) ambiguous.add(name);
    if (n >= 0) table.set(n, seen === undefined ? combo : AMBIGUOUS);
    else other.set(name, seen === undefined ? combo : AMBIGUOUS);
  };
  for (const map of loaded) {
    // The map's combos as the index's: JSON of values in key order names a combo wherever it is.
    const global = map.combos.map((values) => {
      const id = JSON.stringify(map.keys.map((key) => values[key]));
      let c = comboIds.get(id);
      if (c === undefined) {
        c = combos.push(values) - 1;
        comboIds.set(id, c);
      }
      return c;
    });
    for (const hash of map.vocabulary) vocabulary.add(hash);
    const samePrefix = map.prefix === prefix;
    for (let i = 0; i < map.names.length; i++) {
      const n = map.names[i] as number;
      const combo = global[map.comboOf[i] as number] as number;
      if (samePrefix) {
        const seen = table.add(n, combo);
        if (seen !== undefined && seen !== combo) put(nameOfShort(n, prefix), n, combo);
      } else put(nameOfShort(n, map.prefix), -1, combo);
    }
    for (const [name, c] of map.other) put(name, shortName(name, prefix), global[c] as number);
  }
  // A vocabulary record's name that a page of another bundle has too (names are unique within a bundle only): the
  // hit's own fragment says which it is, so that page is never dropped as a vocabulary record.
  for (const hash of vocabulary) {
    const n = shortName(hash, prefix);
    const seen = n >= 0 ? table.get(n) : other.get(hash);
    if (seen === undefined) continue;
    vocabulary.delete(hash);
    ambiguous.add(hash);
    if (n >= 0) table.set(n, AMBIGUOUS);
    else other.set(hash, AMBIGUOUS);
  }
  const comboOf = (id: string): number => {
    const n = shortName(id, prefix);
    const c = n >= 0 ? table.get(n) : other.get(id);
    return c !== undefined ? c : vocabulary.has(id) ? NOT_A_PAGE : UNKNOWN;
  };
  return {
    combos,
    comboOf,
    valuesOf: (id) => {
      const c = comboOf(id);
      return c >= 0 ? combos[c] : undefined;
    },
    ambiguous,
    vocabulary,
  };
}

/** A search's hits that are pages; hit i has the values `combos[comboOf[i]]`, or none known when that is negative. */
export interface Found<H extends PagefindResult = PagefindResult> {
  hits: H[];
  comboOf: Int32Array;
  combos: readonly Values[];
}

/**
 * The hits that are pages, and their combos: from the facet maps, one lookup a hit, or, for the rare name two bundles
 * give different values (or a page shares with another bundle's vocabulary record), from the hit's own fragment.
 */
export async function readHits<H extends PagefindResult>(facets: FacetIndex, results: readonly H[]): Promise<Found<H>> {
  const hits: H[] = [];
  const comboOf = new Int32Array(results.length);
  const unsure: number[] = [];
  for (const hit of results) {
    const c = facets.comboOf(hit.id);
    if (c === NOT_A_PAGE) continue;
    if (c === AMBIGUOUS) unsure.push(hits.length);
    comboOf[hits.length] = c;
    hits.push(hit);
  }
  if (unsure.length === 0) return { hits, comboOf: comboOf.subarray(0, hits.length), combos: facets.combos };
  const combos = [...facets.combos];
  const notPages = new Set<number>();
  await Promise.all(
    unsure.map(async (i) => {
      const data = await (hits[i] as H).data();
      if (data.meta?.vocabulary === 'true') notPages.add(i);
      else comboOf[i] = combos.push(data.filters ?? {}) - 1;
    }),
  );
  const pages: H[] = [];
  const kept = new Int32Array(hits.length - notPages.size);
  hits.forEach((hit, i) => {
    if (notPages.has(i)) return;
    kept[pages.length] = comboOf[i] as number;
    pages.push(hit);
  });
  return { hits: pages, comboOf: kept, combos };
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
 * key already filtered still shows how many it would add. Hit i has the values `combos[comboOf[i]]`; a hit whose combo
 * is negative (its bundle has no map) is kept and not counted. Each combo is judged once, so a million hits cost a
 * typed-array increment each.
 */
export function filterAndCount<H>(
  hits: readonly H[],
  comboOf: ArrayLike<number>,
  combos: readonly Values[],
  filters: Values,
): { kept: H[]; counts: Counts } {
  const kept: H[] = [];
  const seen = new Uint32Array(combos.length);
  // Per combo, once: the filtered keys it lacks (none: it passes).
  const failedOf: Array<string[] | undefined> = new Array(combos.length);
  for (let i = 0; i < hits.length; i++) {
    const c = comboOf[i] as number;
    if (c < 0) {
      kept.push(hits[i] as H);
      continue;
    }
    seen[c] = (seen[c] as number) + 1;
    const failed = (failedOf[c] ??= failedKeys(combos[c] as Values, filters));
    if (failed.length === 0) kept.push(hits[i] as H);
  }
  const counts: Counts = Object.create(null);
  seen.forEach((n, c) => {
    if (n === 0) return;
    const values = combos[c] as Values;
    const failed = failedOf[c] as string[];
    const keys = failed.length === 0 ? Object.keys(values) : failed.length === 1 ? failed : [];
    addCounts(counts, values, keys, n);
  });
  return { kept, counts };
}

/** The pages of every bundle (vocabulary records left out). */
export const totalPages = (maps: ReadonlyArray<DecodedFacetMap | undefined>): number =>
  maps.reduce((sum, map) => sum + (map ? map.names.length + map.other.size : 0), 0);

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
