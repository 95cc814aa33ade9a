/**
 * The site-data folder: what `derive/prepare-site-data.ts` derives from a snapshot in one streaming pass and the
 * pages load once per build. Internal to the site (not a public contract), versioned so a stale folder is refused.
 */
import type { ItemKind } from '../values/reference-target.ts';

export const SITE_DATA_VERSION = 1;
export const SITE_DATA_FILES = {
  meta: 'site-data.json',
  nodes: 'nodes.ndjson',
  usedBy: 'used-by.json',
  types: 'types.json',
  editors: 'editors.json',
  broken: 'broken-references.ndjson',
  orphans: 'orphan-media.ndjson',
  search: 'search-records.ndjson',
  missing: 'missing-values.ndjson',
  downloads: 'downloads',
  diagrams: 'diagrams',
  modelDiagrams: 'diagrams/model.json',
  modelGraph: 'diagrams/model-graph.json',
  audit: 'audit.ndjson',
  redirects: 'redirects.ndjson',
  decisions: 'decisions.ndjson',
  issues: 'issues.ndjson',
  externalLinks: 'external-links.ndjson',
} as const;

/** How many sources of "used by" and how many sample items of a type are kept (the counts stay exact). */
export const USED_BY_LIMIT = 200;
export const TYPE_SAMPLE_LIMIT = 500;
export const MISSING_LIMIT = 500;

/** Items of a type whose property is empty: `[key]`, or `[key, languages lacking it]` for a culture-variant item. */
export interface MissingEntry {
  type: string;
  property: string;
  count: number;
  items: Array<[key: string, languages?: string[]]>;
}

/** One content or media item: its index entry plus what the full item told (cultures, template, media file). */
export interface SiteNode {
  kind: ItemKind;
  id: number;
  key: string;
  name: string;
  type: string;
  parentId: number;
  parent: string | null;
  root: string;
  level: number;
  sortOrder: number;
  childCount: number;
  url: string | null;
  createDate: string | null;
  updateDate: string | null;
  chunk: string | null;
  offset: number | null;
  length: number | null;
  cultures: string[];
  template?: string;
  file?: MediaFile;
  /** URL per language of a culture-variant item. */
  urls?: Record<string, string>;
  /** Name per language of a culture-variant item, where it differs from `name` (the default language's). */
  names?: Record<string, string>;
  /** Why the site shows this item without its properties (see scripts/core/item-limits.ts), when it does. */
  unshown?: string;
}

export interface MediaFile {
  path?: string;
  extension?: string;
  bytes?: number;
  width?: number;
  height?: number;
}

export interface UsedByEntry {
  count: number;
  from: Array<{ key: string; kind: ItemKind; aliases: string[] }>;
}

export interface PropertyFill {
  filled: number;
  total: number;
  cultures?: Record<string, [filled: number, total: number]>;
}
export interface TypeUsage {
  /** `element or document`: the source's flag cannot be trusted and use does not decide (see type-kind.ts). */
  kind: ItemKind | 'element' | 'element or document';
  key?: string;
  alias: string;
  name: string;
  defined: boolean;
  itemCount: number;
  sample: string[];
  blockUses: number;
  fill: Record<string, PropertyFill>;
  /** Aliases of the types that compose this one, inherit from it, or allow it as a child (see type-relations.ts). */
  composedInto: string[];
  parentOf: string[];
  allowedUnder: string[];
  itemsThroughCompositions: number;
  unused: boolean;
  /** As a block element: the items (first BLOCK_HOLDER_LIMIT) and properties holding it, fill over its instances. */
  blockHolderItems: number;
  blockHolders: BlockHolder[];
  blockFill: Record<string, PropertyFill>;
}
export interface BlockHolder {
  key: string;
  kind: ItemKind;
  name: string;
  properties: string[];
}

export interface EditorUsage {
  editorAlias: string;
  types: string[];
  properties: string[];
  blockProperties: string[];
  items: number;
  values: number;
  blockValues: number;
}

export interface BrokenReference {
  fromKind: ItemKind;
  fromKey: string;
  fromName: string;
  property: string;
  cultures: string[];
  raw: string;
  via: string;
  path: string;
}

export interface OrphanMedia {
  id: number;
  key: string;
  name: string;
  type: string;
  path: string;
  file: string;
  extension: string;
  bytes: number | null;
}

/** `type` is the content type name for items and empty for type records (which the type filter must not match). */
export interface SearchRecord {
  url: string;
  title: string;
  breadcrumbs: string;
  kind: ItemKind | 'type';
  type: string;
  root: string;
  languages: string[];
  content: string;
}

export interface SiteDataMeta {
  formatVersion: typeof SITE_DATA_VERSION;
  generatedAt: string;
  snapshotFinishedAt: string;
  languages: string[];
  roots: Record<ItemKind, string[]>;
  counts: {
    content: number;
    media: number;
    contentTypes: number;
    failedItems: number;
    references: number;
    brokenReferences: number;
    orphanMedia: number;
    searchRecords: number;
    cultureItems: Record<string, number>;
  };
}

/** The model diagrams the site-data step drew (`diagrams/`): one SVG per type, `model-<n>.svg` per cluster. */
export interface ModelDiagrams {
  /** One diagram holds the whole model (it stayed under the size guard). */
  whole: boolean;
  types: number;
  edges: number;
  clusters: Array<{ title: string; types: number; edges: number; drawn: boolean; note?: string }>;
  millis: number;
}
