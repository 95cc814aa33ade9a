/**
 * The site-data folder: what `derive/prepare-site-data.ts` derives from a snapshot in one streaming pass and the
 * pages load once per build. Internal to the site (not a public contract), versioned so a stale folder is refused.
 * Schema first: each file's shape is a zod schema, its type inferred from it, and every reader checks what it reads
 * (a stale or hand-edited folder fails with the file, line and field, not with a page that renders `undefined`).
 */
import { z } from 'zod';
import { ITEM_KINDS } from '#core/snapshot-format.ts';

export const SITE_DATA_VERSION = 2;
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

const itemKind = z.enum(ITEM_KINDS);
const strings = z.array(z.string());
const counts = z.record(z.string(), z.number());
/**
 * An object keyed by text from the source (property aliases), each value checked. Not z.record: it drops a key named
 * `__proto__`, and a property may be named so.
 */
const keyedBySourceText = <V extends z.ZodType>(value: V) =>
  z.custom<Record<string, z.infer<V>>>(
    (input) =>
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      Object.values(input).every((entry) => value.safeParse(entry).success),
    'must be an object of checked values',
  );

/** Items of a type whose property is empty: `[key]`, or `[key, languages lacking it]` for a culture-variant item. */
export const missingEntrySchema = z.object({
  type: z.string(),
  property: z.string(),
  count: z.number(),
  items: z.array(z.tuple([z.string(), strings.optional()])),
});
export type MissingEntry = z.infer<typeof missingEntrySchema>;

export const mediaFileSchema = z.object({
  path: z.string().optional(),
  extension: z.string().optional(),
  bytes: z.number().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/** One content or media item: its index entry plus what the full item told (cultures, template, media file). */
export const siteNodeSchema = z.object({
  kind: itemKind,
  id: z.number(),
  key: z.string(),
  name: z.string(),
  type: z.string(),
  parentId: z.number(),
  parent: z.string().nullable(),
  root: z.string(),
  level: z.number(),
  sortOrder: z.number(),
  childCount: z.number(),
  url: z.string().nullable(),
  createDate: z.string().nullable(),
  updateDate: z.string().nullable(),
  chunk: z.string().nullable(),
  offset: z.number().nullable(),
  length: z.number().nullable(),
  cultures: strings,
  template: z.string().optional(),
  file: mediaFileSchema.optional(),
  /** URL per language of a culture-variant item. */
  urls: z.record(z.string(), z.string()).optional(),
  /** Name per language of a culture-variant item, where it differs from `name` (the default language's). */
  names: z.record(z.string(), z.string()).optional(),
  /** Why the site shows this item without its properties (see scripts/core/item-limits.ts), when it does. */
  unshown: z.string().optional(),
});
export type SiteNode = z.infer<typeof siteNodeSchema>;

export const usedByEntrySchema = z.object({
  count: z.number(),
  from: z.array(z.object({ key: z.string(), kind: itemKind, aliases: strings })),
});
export type UsedByEntry = z.infer<typeof usedByEntrySchema>;
export const usedBySchema = z.record(z.string(), usedByEntrySchema);

export const propertyFillSchema = z.object({
  filled: z.number(),
  total: z.number(),
  cultures: z.record(z.string(), z.tuple([z.number(), z.number()])).optional(),
});
export type PropertyFill = z.infer<typeof propertyFillSchema>;

export const blockHolderSchema = z.object({ key: z.string(), kind: itemKind, name: z.string(), properties: strings });
export type BlockHolder = z.infer<typeof blockHolderSchema>;

export const typeUsageSchema = z.object({
  /** `element or document`: the source's flag cannot be trusted and use does not decide (see type-kind.ts). */
  kind: z.enum([...ITEM_KINDS, 'element', 'element or document']),
  key: z.string().optional(),
  alias: z.string(),
  name: z.string(),
  defined: z.boolean(),
  itemCount: z.number(),
  sample: strings,
  blockUses: z.number(),
  fill: keyedBySourceText(propertyFillSchema),
  /** Aliases of the types that compose this one, inherit from it, or allow it as a child (see type-relations.ts). */
  composedInto: strings,
  parentOf: strings,
  allowedUnder: strings,
  itemsThroughCompositions: z.number(),
  unused: z.boolean(),
  /** As a block element: the items (first BLOCK_HOLDER_LIMIT) and properties holding it, fill over its instances. */
  blockHolderItems: z.number(),
  blockHolders: z.array(blockHolderSchema),
  blockFill: keyedBySourceText(propertyFillSchema),
});
export type TypeUsage = z.infer<typeof typeUsageSchema>;

export const editorUsageSchema = z.object({
  editorAlias: z.string(),
  types: strings,
  properties: strings,
  blockProperties: strings,
  items: z.number(),
  values: z.number(),
  blockValues: z.number(),
});
export type EditorUsage = z.infer<typeof editorUsageSchema>;

export const brokenReferenceSchema = z.object({
  fromKind: itemKind,
  fromKey: z.string(),
  fromName: z.string(),
  property: z.string(),
  cultures: strings,
  raw: z.string(),
  via: z.string(),
  path: z.string(),
});
export type BrokenReference = z.infer<typeof brokenReferenceSchema>;

export const orphanMediaSchema = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  type: z.string(),
  path: z.string(),
  file: z.string(),
  extension: z.string(),
  bytes: z.number().nullable(),
});
export type OrphanMedia = z.infer<typeof orphanMediaSchema>;

/** `type` is the content type name for items and empty for type records (which the type filter must not match). */
export const searchRecordSchema = z.object({
  url: z.string(),
  title: z.string(),
  breadcrumbs: z.string(),
  kind: z.enum([...ITEM_KINDS, 'type']),
  type: z.string(),
  root: z.string(),
  languages: strings,
  content: z.string(),
});
export type SearchRecord = z.infer<typeof searchRecordSchema>;

export const siteDataMetaSchema = z.object({
  formatVersion: z.literal(SITE_DATA_VERSION),
  generatedAt: z.string(),
  snapshotFinishedAt: z.string(),
  languages: strings,
  roots: z.object({ content: strings, media: strings }),
  counts: z.object({
    content: z.number(),
    media: z.number(),
    contentTypes: z.number(),
    failedItems: z.number(),
    references: z.number(),
    brokenReferences: z.number(),
    orphanMedia: z.number(),
    searchRecords: z.number(),
    cultureItems: counts,
  }),
});
export type SiteDataMeta = z.infer<typeof siteDataMetaSchema>;

/** A row of an inventory's rows file (the `.ndjson` its table reads): cells by column key. */
export const tableRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), strings]));

/** The model diagrams the site-data step drew (`diagrams/`): one SVG per type, `model-<n>.svg` per cluster. */
export const modelDiagramsSchema = z.object({
  /** One diagram holds the whole model (it stayed under the size guard). */
  whole: z.boolean(),
  types: z.number(),
  edges: z.number(),
  clusters: z.array(
    z.object({
      title: z.string(),
      types: z.number(),
      edges: z.number(),
      drawn: z.boolean(),
      note: z.string().optional(),
    }),
  ),
  millis: z.number(),
});
export type ModelDiagrams = z.infer<typeof modelDiagramsSchema>;
