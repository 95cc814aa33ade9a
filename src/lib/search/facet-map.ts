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
 * `values[k]` lists key k's values; `combos` lists each distinct assignment, per key the indexes of its values;
 * `pages` maps a page hash to its combo. A bundle of 20,000 items has a few hundred combos.
 */
export interface FacetMap {
  version: 1;
  keys: string[];
  values: string[][];
  combos: number[][][];
  pages: Record<string, number>;
  /** Hashes of the bundle's vocabulary records (scripts/pipeline/search-vocabulary.ts): hits never shown. */
  vocabulary?: string[];
}
