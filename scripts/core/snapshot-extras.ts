/**
 * The snapshot's extras (format version 1, additive): what the local read service's extension operations give and
 * deployed plugins do not (drafts, unpublished items, the recycle bin, scheduled publishing, the dictionary,
 * languages, domains, redirect URLs). One NDJSON file per extra the source offered; the manifest's `extras` says,
 * for each, whether it was offered. docs/snapshot-format.md explains every field.
 */
import path from 'node:path';
import { z } from 'zod';
import { KeySpans, openLinesByKey } from './key-spans.ts';
import { iterateNdjson } from './snapshot-format.ts';
import type { Manifest } from './snapshot-schemas.ts';

export const EXTRA_NAMES = [
  'drafts',
  'unpublished',
  'recycle-bin',
  'schedule',
  'dictionary',
  'languages',
  'domains',
  'redirect-urls',
] as const;
export type ExtraName = (typeof EXTRA_NAMES)[number];

export const EXTRA_OPERATIONS: Record<ExtraName, string> = {
  drafts: 'GetDrafts',
  unpublished: 'GetUnpublishedContent',
  'recycle-bin': 'GetRecycleBin',
  schedule: 'GetContentSchedule',
  dictionary: 'GetDictionary',
  languages: 'GetLanguages',
  domains: 'GetDomains',
  'redirect-urls': 'GetRedirectUrls',
};

/** `offered`: the file holds every entry; `not-offered`: 404/405/501 or no array; `failed`: asked, no usable answer. */
export const EXTRA_STATUSES = ['offered', 'not-offered', 'failed'] as const;
export type ExtraStatus = (typeof EXTRA_STATUSES)[number];

export const extraFileOf = (name: ExtraName): string => `extras/${name}.ndjson`;

const key = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const int = z.number().int();
const date = z.string().nullable();
/** Checked in place and never rebuilt, so a property alias such as `__proto__` stays a key (see snapshot-schemas). */
const properties = z.custom<Record<string, unknown>>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.values(v).every((p) => typeof p === 'object' && p !== null && !Array.isArray(p)),
  { message: 'expected an object of properties keyed by alias' },
);

const hiddenItem = {
  id: int,
  key,
  name: z.string(),
  type: z.string(),
  parentId: int,
  level: int,
  updateDate: date,
  properties,
  cultures: z.record(z.string(), z.looseObject({ name: z.string(), properties })).optional(),
};

export const draftSchema = z.looseObject({
  ...hiddenItem,
  publishedName: z.string().nullable(),
  publishedDate: date,
  editedCultures: z.array(z.string()),
});
export const unpublishedSchema = z.looseObject({ ...hiddenItem, everPublished: z.boolean() });
export const trashedSchema = z.looseObject({
  kind: z.enum(['content', 'media']),
  id: int,
  key,
  name: z.string(),
  type: z.string(),
  parentId: int,
  level: int,
  trashedDate: date.optional(),
  originalParentKey: key.nullable().optional(),
});
export const scheduleSchema = z.looseObject({
  id: int,
  key: key.nullable(),
  culture: z.string().nullable(),
  action: z.string(),
  date,
});
export const dictionarySchema = z.looseObject({
  key,
  name: z.string(),
  parentKey: key.nullable(),
  values: z.array(z.looseObject({ culture: z.string(), value: z.string() })),
});
export const languageSchema = z.looseObject({ isoCode: z.string(), name: z.string(), isDefault: z.boolean() });
export const domainSchema = z.looseObject({
  name: z.string(),
  rootKey: key.nullable(),
  culture: z.string().nullable(),
  wildcard: z.boolean(),
});
export const redirectUrlSchema = z.looseObject({
  url: z.string(),
  culture: z.string().nullable(),
  contentKey: key,
  createDate: date,
});

export const EXTRA_SCHEMAS = {
  drafts: draftSchema,
  unpublished: unpublishedSchema,
  'recycle-bin': trashedSchema,
  schedule: scheduleSchema,
  dictionary: dictionarySchema,
  languages: languageSchema,
  domains: domainSchema,
  'redirect-urls': redirectUrlSchema,
} as const satisfies Record<ExtraName, z.ZodType>;
export type ExtraRecord<N extends ExtraName> = z.infer<(typeof EXTRA_SCHEMAS)[N]>;

/** Fields holding keys: stored lower-case like every key in the snapshot. */
export const EXTRA_KEY_FIELDS = ['key', 'parentKey', 'contentKey', 'rootKey', 'originalParentKey'] as const;

export const extraStatusOf = (manifest: Manifest, name: ExtraName): ExtraStatus =>
  manifest.extras?.[name] ?? 'not-offered';

/** Each entry of an extra the snapshot holds, in file order, one at a time; none when the source did not offer it. */
export async function* iterateExtra<N extends ExtraName>(
  dir: string,
  manifest: Manifest,
  name: N,
): AsyncGenerator<ExtraRecord<N>> {
  if (manifest.files[extraFileOf(name)] === undefined) return;
  const schema = EXTRA_SCHEMAS[name] as unknown as z.ZodType<ExtraRecord<N>>;
  yield* iterateNdjson(path.join(dir, extraFileOf(name)), schema);
}

/** Every entry of an extra the snapshot holds; nothing when the source did not offer it. */
export async function listExtra<N extends ExtraName>(
  dir: string,
  manifest: Manifest,
  name: N,
): Promise<Array<ExtraRecord<N>>> {
  const records: Array<ExtraRecord<N>> = [];
  for await (const record of iterateExtra(dir, manifest, name)) records.push(record);
  return records;
}

/** An extra's entries read by key (`openExtraByKey`). */
export interface ExtraByKey<N extends ExtraName> {
  /** The entry whose `key` is `key`, checked against the extra's schema; undefined when there is none. */
  get(key: string): ExtraRecord<N> | undefined;
  /** The line `get` parses, as the file holds it, unchecked: the same line is the same entry. */
  line(key: string): string | undefined;
  has(key: string): boolean;
  /** The keys, in the order the file first gives them; a key given twice is read as its last entry. */
  keys(): IterableIterator<string>;
  /** Entries with a key. */
  readonly size: number;
  close(): void;
}

/** How the crawler writes an entry with a key: its id, then its key, first (the schema's order). */
const HEAD = /^\{"id":-?\d{1,16},"key":"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/;
const HEAD_BYTES = 80;

/**
 * An extra whose entries have keys (drafts, unpublished items), read one entry at a time: the file is scanned once for
 * where each line lies and what key it holds (from the line's head when the crawler wrote it, else from the parsed
 * line), and an entry is then one positioned read, parsed and checked when asked for. The pages of drafts and
 * unpublished items held every entry of both files before: 125 MB and 73 MB of NDJSON at 100k demo items, 260 MB of
 * heap in the item page writer. Nothing when the source did not offer the extra.
 */
export function openExtraByKey<N extends 'drafts' | 'unpublished'>(
  dir: string,
  manifest: Manifest,
  name: N,
  chunkBytes = 1 << 20,
): ExtraByKey<N> {
  if (manifest.files[extraFileOf(name)] === undefined) {
    const none = new KeySpans();
    const nothing = () => undefined;
    return { get: nothing, line: nothing, has: () => false, keys: () => none.keys(), size: 0, close: () => {} };
  }
  const file = path.join(dir, extraFileOf(name));
  const schema = EXTRA_SCHEMAS[name] as unknown as z.ZodType<ExtraRecord<N>>;
  const keyed = openLinesByKey(file, { pattern: HEAD, bytes: HEAD_BYTES }, 'an entry', chunkBytes);
  return {
    size: keyed.spans.size,
    has: (key) => keyed.spans.has(key),
    keys: () => keyed.spans.keys(),
    line: (key) => keyed.read(key),
    get(key) {
      const text = keyed.read(key);
      if (text === undefined) return undefined;
      let entry: ExtraRecord<N>;
      try {
        entry = schema.parse(JSON.parse(text));
      } catch (error) {
        throw new Error(
          `${file}, the entry of ${key} at byte ${keyed.spans.find(key)?.start}: ${(error as Error).message}`,
        );
      }
      if ((entry as { key: string }).key !== key) throw new Error(`${file} changed while it was read`);
      return entry;
    },
    close: () => keyed.close(),
  };
}
