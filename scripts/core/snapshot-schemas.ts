/**
 * The snapshot format (version 1): the file names and the schema of every file.
 * docs/snapshot-format.md explains every file; snapshot-format.ts re-exports this module with the readers.
 */
import { z } from 'zod';

export const FORMAT_VERSION = 1 as const;
export const ITEMS_PER_CHUNK = 1000;
export const ITEM_KINDS = ['content', 'media'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const MANIFEST_FILE = 'manifest.json';
export const CONTENT_TYPES_FILE = 'content-types.json';
export const REPORT_FILE = 'report.json';

export const indexFileOf = (kind: ItemKind): string => `${kind}/index.ndjson`;
export const chunkFileOf = (kind: ItemKind, chunkNumber: number): string =>
  `${kind}/items-${String(chunkNumber).padStart(5, '0')}.ndjson`;

/** Keys are stored lower-case with dashes, whatever case the source used. */
const key = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const int = z.number().int();
const count = int.min(0);

/**
 * An object keyed by source data (aliases), checked in place and never rebuilt: zod's record and object copy keys
 * into a fresh `{}`, where `__proto__` becomes the prototype instead of a key and is lost.
 */
const dataRecord = <T>(value: z.ZodType<T>) =>
  z.custom<Record<string, T>>(
    (input) =>
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      Object.values(input).every((v) => value.safeParse(v).success),
    { message: 'expected an object keyed by alias' },
  );

/** One line of `<kind>/index.ndjson`, in tree order. `chunk`/`offset`/`length` are null when the full item failed. */
export const indexEntrySchema = z.object({
  id: int,
  key,
  name: z.string(),
  url: z.string().nullable(),
  type: z.string(),
  parentId: int,
  level: int.min(1),
  sortOrder: int,
  createDate: z.string().nullable(),
  updateDate: z.string().nullable(),
  chunk: z.string().nullable(),
  offset: count.nullable(),
  length: count.nullable(),
  childCount: count,
});
export type IndexEntry = z.infer<typeof indexEntrySchema>;

/** One line of `<kind>/items-NNNNN.ndjson`: the source's full item minus `children`, plus kind/parentId/level. */
export const itemRecordSchema = z.looseObject({
  id: int,
  key,
  name: z.string(),
  type: z.string(),
  kind: z.enum(ITEM_KINDS),
  parentId: int,
  level: int.min(1),
  properties: dataRecord(z.unknown()),
});
export type ItemRecord = z.infer<typeof itemRecordSchema>;

const contentTypeRefSchema = z.looseObject({
  key,
  alias: z.string().optional(),
  id: int.optional(),
  name: z.string().optional(),
});
const propertyTypeSchema = z.looseObject({ alias: z.string(), editorAlias: z.string().optional() });
export const contentTypeRecordSchema = z.looseObject({
  id: int,
  key,
  alias: z.string(),
  name: z.string(),
  propertyGroups: z.array(z.looseObject({ name: z.string().optional(), propertyTypes: z.array(propertyTypeSchema) })),
  compositions: z.array(contentTypeRefSchema),
  allowedContentTypes: z.array(contentTypeRefSchema),
  allowedTemplates: z.array(z.unknown()),
  /** Decided by the crawler: the source's flag, or use as a block element (or composition of one); see `elementBy`. */
  element: z.boolean().optional(),
  elementBy: z.enum(['flag', 'block-use', 'composition']).optional(),
});
export type ContentTypeRecord = z.infer<typeof contentTypeRecordSchema>;

export const UNAVAILABLE_REASONS = ['media-type', 'not-found', 'null-body', 'failed', 'invalid'] as const;
export const unavailableContentTypeSchema = z.object({
  alias: z.string().optional(),
  key: key.optional(),
  reason: z.enum(UNAVAILABLE_REASONS),
  referencedBy: z.string(),
  url: z.string().optional(),
});
export type UnavailableContentType = z.infer<typeof unavailableContentTypeSchema>;

export const contentTypesFileSchema = z.object({
  formatVersion: z.literal(FORMAT_VERSION),
  contentTypes: z.array(contentTypeRecordSchema),
  /** Present when the source listed its media types (`GetMediaTypes`). */
  mediaTypes: z.array(contentTypeRecordSchema).optional(),
  unavailable: z.array(unavailableContentTypeSchema),
});
export type ContentTypesFile = z.infer<typeof contentTypesFileSchema>;

const issueSchema = z.object({ path: z.string(), message: z.string() });
export const failureSchema = z.object({
  url: z.string(),
  operation: z.string(),
  id: int.optional(),
  key: z.string().optional(),
  alias: z.string().optional(),
  /** 0 when no HTTP answer came (network error, timeout). */
  status: count,
  attempts: count,
  message: z.string(),
  issues: z.array(issueSchema).optional(),
});
export type Failure = z.infer<typeof failureSchema>;

export const warningSchema = z.object({
  code: z.string(),
  message: z.string(),
  url: z.string().optional(),
  id: int.optional(),
});
export type Warning = z.infer<typeof warningSchema>;

export const deviationSchema = z.object({
  code: z.enum(['additive-field', 'shape']),
  operation: z.string(),
  path: z.string(),
  message: z.string(),
  count: count,
  urls: z.array(z.string()),
});
export type Deviation = z.infer<typeof deviationSchema>;

export const fileEntrySchema = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: count, records: count });
export type FileEntry = z.infer<typeof fileEntrySchema>;

export const manifestSchema = z.object({
  formatVersion: z.literal(FORMAT_VERSION),
  tool: z.object({ name: z.string(), version: z.string() }),
  status: z.enum(['complete', 'partial']),
  source: z.object({
    url: z.string(),
    kind: z.enum(['http', 'database', 'demo']),
    database: z.string().optional(),
    /** Where the operations were mounted under `url`, when not at `/cms/Ext/Migrations/`. */
    apiPath: z.string().optional(),
  }),
  startedAt: z.string(),
  finishedAt: z.string(),
  interfaceVariant: z.record(z.string(), z.array(z.string())),
  counts: z.object({
    content: count,
    media: count,
    contentTypes: count,
    contentByType: dataRecord(count),
    mediaByType: dataRecord(count),
    failures: count,
    warnings: count,
    deviations: count,
  }),
  reused: count,
  /** Incremental crawls (`--since-snapshot`) in a row up to this one; 0 or absent: a full crawl. */
  incrementalRuns: count.optional(),
  /** `requests` = plan.atRoot + plan.items + plan.contentTypes + plan.typeLists: nothing is asked for twice. */
  http: z.object({
    requests: count,
    attempts: count,
    plan: z
      .object({ atRoot: count, items: count, contentTypes: count, typeLists: count, extras: count.optional() })
      .optional(),
  }),
  failures: z.array(failureSchema.omit({ issues: true })),
  warnings: z.array(warningSchema),
  /** Per extension operation (snapshot-extras.ts): offered, not offered or failed; absent from older snapshots. */
  extras: z.partialRecord(z.string(), z.enum(['offered', 'not-offered', 'failed'])).optional(),
  files: z.record(z.string(), fileEntrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const reportSchema = z.object({
  formatVersion: z.literal(FORMAT_VERSION),
  failures: z.array(failureSchema),
  deviations: z.array(deviationSchema),
  warnings: z.array(warningSchema),
  unavailableContentTypes: z.array(unavailableContentTypeSchema),
  /** The largest answer read (bytes once unpacked, ms of its attempt), and the tree windows asked for by width. */
  answers: z
    .object({
      largest: z.object({ bytes: count, ms: count, url: z.string() }).nullable(),
      windowTargetBytes: count,
      windows: z.record(z.string(), count),
      narrowed: count,
      /** Windows asked for again wider (absent before they were). */
      widened: count.optional(),
    })
    .optional(),
});
export type Report = z.infer<typeof reportSchema>;
