/**
 * The search filters and the facet map that carries them (`<bundle>/facets.json`): written by the build
 * (scripts/pipeline/search-facets.ts) from each Pagefind bundle, read by the search page
 * (src/scripts/search-facets.ts). Pure, so both import it.
 */
export const FACETS_FILE = 'facets.json';
/** The site's list of Pagefind bundles (`{ bundles: ["pagefind/", …] }`), merged by the search page in this order. */
export const SEARCH_BUNDLES_FILE = 'search-bundles.json';

/** The filter keys of every search record, with the label the search page gives each. */
export const FACET_LABELS = { kind: 'Kind', type: 'Content type', root: 'Root section', language: 'Language' } as const;
export type FacetKey = keyof typeof FACET_LABELS;
export const FACET_KEYS = Object.keys(FACET_LABELS) as FacetKey[];

/** A search record's filter values by key (a record without a type leaves `type` out). */
export type FacetValues = Partial<Record<FacetKey, string[]>>;

/**
 * `values[k]` lists key k's values; `combos` lists each distinct assignment, per key the indexes of its values. A
 * bundle of 20,000 items has a few hundred combos. Each page is named as Pagefind names it in a result's `id`:
 * `prefix` ("en_") and the first 7 hex digits of a SHA-1, for all but the rare page whose name Pagefind lengthened.
 * Those short names are packed (`encodeShortNames`): at a million pages the version-1 map, a JSON object keyed by
 * name, was 15.9 MB and took 1.1–1.3 s to parse and index before the first query; packed, 4.8 MB and 0.14–0.21 s.
 */
export interface FacetMap {
  version: 2;
  keys: string[];
  values: string[][];
  combos: number[][][];
  /** The part of a short name before its 7 hex digits: Pagefind's language and an underscore. */
  prefix: string;
  /** How many pages `names` holds. */
  count: number;
  /** The short-named pages, packed by `encodeShortNames`. */
  names: string;
  /** Every other page by its whole name, with its combo. */
  other: Record<string, number>;
  /** Hashes of the bundle's vocabulary records (scripts/pipeline/search-vocabulary.ts): hits never shown. */
  vocabulary?: string[];
}

export const FACET_MAP_VERSION = 2;

/** The number a page's name stands for when it is `prefix` and 7 lower-case hex digits, else -1. */
export function shortName(name: string, prefix: string): number {
  if (name.length !== prefix.length + 7 || !name.startsWith(prefix)) return -1;
  let n = 0;
  for (let i = prefix.length; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const digit = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (digit < 0) return -1;
    n = n * 16 + digit;
  }
  return n;
}

/** The page name a short name's number stands for. */
export const nameOfShort = (n: number, prefix: string): string => `${prefix}${n.toString(16).padStart(7, '0')}`;

/** Appends `value` (a whole number ≥ 0) to `bytes` as unsigned LEB128: 7 bits a byte, the high bit set on all but
 * the last. */
export function pushLeb128(bytes: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    bytes.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  bytes.push(v);
}

/**
 * Short names and their combos as base64 of unsigned LEB128 numbers: for each page in ascending order of name, the
 * name's difference from the one before it (the first from 0), then its combo. Random 28-bit names 20,000 to a bundle
 * lie about 13,000 apart, so a page costs about 3 bytes where its JSON entry cost 15.
 */
export function encodeShortNames(pages: ReadonlyArray<readonly [name: number, combo: number]>): string {
  const sorted = [...pages].sort((a, b) => a[0] - b[0]);
  const bytes: number[] = [];
  let previous = 0;
  for (const [name, combo] of sorted) {
    pushLeb128(bytes, name - previous);
    pushLeb128(bytes, combo);
    previous = name;
  }
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.slice(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The pages `encodeShortNames` packed, as names in ascending order and their combos; undefined when the text is not
 * base64 of exactly `count` such pairs with names under 16⁷ and combos under `combos`.
 */
export function decodeShortNames(
  text: string,
  count: number,
  combos: number,
): { names: Uint32Array; combos: Uint32Array } | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const names = new Uint32Array(count);
  const comboOf = new Uint32Array(count);
  let at = 0;
  const next = (): number => {
    let value = 0;
    let scale = 1;
    for (let shift = 0; shift < 35; shift += 7) {
      if (at >= binary.length) return -1;
      const byte = binary.charCodeAt(at++);
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
    return -1;
  };
  let name = 0;
  for (let i = 0; i < count; i++) {
    const step = next();
    const combo = next();
    name += step;
    if (step < 0 || combo < 0 || combo >= combos || (i > 0 && step === 0) || name >= 0x10000000) return undefined;
    names[i] = name;
    comboOf[i] = combo;
  }
  return at === binary.length ? { names, combos: comboOf } : undefined;
}

/** Every page of a map with its combo, by whole name: short names first, in order, then the others. */
export function facetMapPages(map: FacetMap): Array<[string, number]> {
  const decoded = decodeShortNames(map.names, map.count, map.combos.length);
  if (decoded === undefined) throw new Error("the facet map's names are not packed as encodeShortNames packs them");
  const pages: Array<[string, number]> = [];
  decoded.names.forEach((n, i) => pages.push([nameOfShort(n, map.prefix), decoded.combos[i] as number]));
  for (const name of Object.keys(map.other)) pages.push([name, map.other[name] as number]);
  return pages;
}
