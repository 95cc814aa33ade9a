/**
 * The Pagefind index, built with the Node API from the site data's search records (`addCustomRecord`; no HTML is
 * parsed). Memory stays bounded: a bundle is written and the Pagefind service closed every `shardSize` records, or
 * sooner when the shard's records reach their share of the bytes (see `planShardBytes`), so at most one shard sits in
 * memory. The first bundle is `pagefind/`, the others `pagefind-<n>/`; the search page
 * reads `search-bundles.json` and merges them with `mergeIndex`. Each bundle gets a facet map (search-facets.ts), so
 * the page never loads Pagefind's own filter files, whose counting makes every search slow at scale. A first pass
 * reads every record's words (search-vocabulary.ts) and predicted page name (search-hashes.ts): records whose names
 * collide go into the last bundle together, so no name is in two bundles.
 */
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { iterateNdjsonSized } from '../core/snapshot-format.ts';
import { SEARCH_BUNDLES_FILE, type FacetValues } from '../../src/lib/search/facet-map.ts';
import { searchRecordSchema, type SearchRecord } from '../../src/lib/site-data/site-data-format.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';
import { writeFacetMap } from './search-facets.ts';
import { hasName, nameNumber, predictPageName, sharedNames } from './search-hashes.ts';
import { addWords, vocabularyRecords } from './search-vocabulary.ts';

export interface SearchIndexSummary {
  records: number;
  bundles: string[];
  millis: number;
}

const BATCH = 64;
/** Fragments are bundled into shared files past this many per bundle, to keep file counts sane at 100k items. */
const MAX_FRAGMENTS = 4000;
/**
 * Postings (a word's occurrences in a page, plus one per page) after which Pagefind closes a word-index chunk. A query
 * fetches, from every bundle, the chunk holding each of its words; a chunk closes on the word that crosses this
 * number, so a common word ends a chunk, and a rarer word before it comes with that common word's postings. With
 * Pagefind's default of 20,000 a four-word name fetched 455 KB at 100k items, 420 KB of it chunks, mostly of words
 * not asked for; at 500 it fetches 287 KB (bench/README.md, "Bytes per query"). A prefix is still completed only
 * from the words of the chunk it falls in, as at any size: "ligh" finds "light" but no longer "lighthouse".
 * Pagefind (1.5 and later) reads the number from `PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE`; a value set there wins.
 */
export const INDEX_CHUNK_POSTINGS = 500;
export const INDEX_CHUNK_ENV = 'PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE';

async function newIndex(): Promise<pagefind.PagefindIndex> {
  // The Pagefind service is a child process that inherits this environment when it starts. Pagefind would take
  // anything it cannot read as its default without a word, and 0 as a chunk per word: both are refused here.
  const chunk = (process.env[INDEX_CHUNK_ENV] ??= String(INDEX_CHUNK_POSTINGS));
  if (!/^[1-9]\d{0,8}$/.test(chunk))
    throw new BuildError(
      BUILD_EXIT_CODES.search,
      `${INDEX_CHUNK_ENV} must be a whole number of postings, not "${chunk}"`,
    );
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en', maxFragments: MAX_FRAGMENTS });
  if (index === undefined)
    throw new BuildError(BUILD_EXIT_CODES.search, `pagefind could not start: ${errors.join('; ')}`);
  return index;
}

/** Pagefind refuses a record holding a lone surrogate; snapshots from older crawls may still have one. */
const wellFormed = (text: string): string => text.toWellFormed();

/**
 * The record Pagefind indexes. Pagefind makes every meta value searchable, so the meta holds the title alone (the
 * page's name, which its text starts with anyway); the breadcrumbs and the kind are shown with each result but are no
 * words of the page (`shownMeta`, written into the fragments after the index, search-facets.ts). Given to Pagefind,
 * a name of every ancestor matched every page below it, and "content" every content item.
 */
export function toCustomRecord(record: SearchRecord, base: string): pagefind.CustomRecord {
  return {
    url: `${base}${record.url}`,
    content: wellFormed(record.content),
    language: 'en',
    meta: { title: wellFormed(record.title) },
    filters: {
      kind: [record.kind],
      ...(record.type ? { type: [wellFormed(record.type)] } : {}),
      root: [wellFormed(record.root)],
      language: record.languages.map(wellFormed),
    } satisfies FacetValues,
  };
}

/** What each result shows beside its title, kept out of the index. */
export const shownMeta = (record: SearchRecord): Record<string, string> => ({
  breadcrumbs: wellFormed(record.breadcrumbs),
  kind: record.kind,
});

/**
 * Pagefind's memory follows the text it holds: writing a bundle of 20,000 records with 20 MB of text peaked at
 * 1.3 GB, of 8.7 MB at 640 MB. A shard closes at `MAX_SHARD_BYTES` of records at most; the records are spread evenly
 * over as many shards as that takes, so no bundle is much heavier than the others.
 */
const MAX_SHARD_BYTES = 16 << 20;

/** The bytes of records after which a shard closes, for a records file of `totalBytes`. */
export function planShardBytes(totalBytes: number, maxShardBytes = MAX_SHARD_BYTES): number {
  const shards = Math.max(1, Math.ceil(totalBytes / maxShardBytes));
  return Math.ceil(totalBytes / shards);
}

/** Bundle folder names: `pagefind/` first (the search page loads its JS from there), then `pagefind-<n>/`. */
const defaultBundleName = (n: number): string => (n === 0 ? 'pagefind' : `pagefind-${n}`);

/** What the build knows of the whole site's records before it indexes any: their words and their page names. */
export interface SiteRecordFacts {
  /** Every word (search-vocabulary.ts). */
  words: Set<string>;
  /** Every record's predicted page name (search-hashes.ts), as a number, sorted. */
  names: Uint32Array;
  /** The same names in the file's order, so a later pass over the records reads them instead of hashing again. */
  inOrder: Uint32Array;
  /** The names more than one record would get. */
  shared: Set<number>;
}

/** One pass over a search records file: its words and its records' page names under `base`. */
export async function readRecordFacts(
  recordsFile: string,
  base: string,
  nameOf: (record: pagefind.CustomRecord) => string = predictPageName,
): Promise<SiteRecordFacts> {
  const words = new Set<string>();
  const names: number[] = [];
  for await (const { value } of iterateNdjsonSized(recordsFile, searchRecordSchema)) {
    addWords(value.content, words);
    names.push(nameNumber(nameOf(toCustomRecord(value, base))));
  }
  const inOrder = Uint32Array.from(names);
  const sorted = inOrder.slice();
  return { words, names: sorted, inOrder, shared: sharedNames(sorted) };
}

/**
 * A search records file's records, each with the page name the first pass read for it (`names`, in the file's order).
 * A file that gained or lost records since is refused: the names would no longer be its records'.
 */
export async function* iterateNamedRecords(
  recordsFile: string,
  names: ArrayLike<number>,
): AsyncGenerator<{ record: SearchRecord; bytes: number; name: number }> {
  let at = 0;
  for await (const { value: record, bytes } of iterateNdjsonSized(recordsFile, searchRecordSchema)) {
    const name = names[at];
    if (name === undefined)
      throw new BuildError(BUILD_EXIT_CODES.search, `${recordsFile} has more records than names were read for`);
    at += 1;
    yield { record, bytes, name };
  }
  if (at !== names.length)
    throw new BuildError(
      BUILD_EXIT_CODES.search,
      `${recordsFile} has ${at} records where ${names.length} were read before: it changed during the build`,
    );
}

export interface SearchIndexOptions {
  bundleName?: (n: number) => string;
  maxShardBytes?: number;
  /**
   * When these records are a partition's share: the whole site's facts (`readRecordFacts`), and the share's own
   * records' names in the share's order (picked from `facts.inOrder` as the share was written).
   */
  share?: { facts: SiteRecordFacts; names: Uint32Array };
  /** The page name Pagefind gives a record: predicted (search-hashes.ts); tests give their own. */
  nameOf?: (record: pagefind.CustomRecord) => string;
  /**
   * Awaited before the first bundle is written. Pagefind's memory jumps while it writes a bundle (from about 0.2 GB
   * to 1 GB for 16 MB of records); beside `astro build` the build waits for Astro to end first (render-step.ts).
   */
  beforeFirstWrite?: () => Promise<void>;
}

/** A vocabulary record whose page name no page of the site has: its URL numbered on until it is so. */
function clearOfPages(
  record: pagefind.CustomRecord,
  names: Uint32Array,
  nameOf: (record: pagefind.CustomRecord) => string,
): pagefind.CustomRecord {
  let clear = record;
  for (let n = 1; hasName(names, nameNumber(nameOf(clear))); n++) clear = { ...record, url: `${record.url}${n}/` };
  return clear;
}

export async function buildSearchIndex(
  recordsFile: string,
  outDir: string,
  base: string,
  shardSize: number,
  options: SearchIndexOptions = {},
): Promise<SearchIndexSummary> {
  const started = Date.now();
  const { bundleName = defaultBundleName, maxShardBytes = MAX_SHARD_BYTES, nameOf = predictPageName } = options;
  const facts = options.share?.facts ?? (await readRecordFacts(recordsFile, base, nameOf));
  // Each record's name, in the file's order: read in the first pass, never hashed twice.
  const names = options.share?.names ?? facts.inOrder;
  const vocabulary = facts.words;
  // Records whose page names collide wait, and all go into the last bundle, where Pagefind lengthens their names.
  const waiting: Array<[pagefind.CustomRecord, Record<string, string>]> = [];
  // The shown metadata of the records in the bundle being filled, by URL.
  let shown = new Map<string, Record<string, string>>();
  let ownWords = new Set<string>();
  const bundles: string[] = [];
  let index: pagefind.PagefindIndex | undefined;
  let inShard = 0;
  let shardBytes = 0;
  let records = 0;
  const shardBytesLimit = planShardBytes((await stat(recordsFile)).size, maxShardBytes);
  let batch: Promise<pagefind.NewFileResponse>[] = [];
  const flushBatch = async () => {
    for (const response of await Promise.all(batch)) {
      if (response.errors.length > 0)
        throw new BuildError(BUILD_EXIT_CODES.search, `pagefind refused a record: ${response.errors.join('; ')}`);
    }
    batch = [];
  };
  const writeShard = async () => {
    if (index === undefined) return;
    const name = bundleName(bundles.length);
    for (const record of vocabularyRecords(vocabulary, ownWords, base, name))
      batch.push(index.addCustomRecord(clearOfPages(record, facts.names, nameOf)));
    await flushBatch();
    if (bundles.length === 0) await options.beforeFirstWrite?.();
    const { errors } = await index.writeFiles({ outputPath: path.join(outDir, name) });
    if (errors.length > 0)
      throw new BuildError(BUILD_EXIT_CODES.search, `pagefind could not write ${name}: ${errors.join('; ')}`);
    const pages = await writeFacetMap(path.join(outDir, name), shown);
    if (pages !== inShard)
      throw new BuildError(
        BUILD_EXIT_CODES.search,
        `pagefind wrote ${pages} pages into ${name} for ${inShard} records: its output format is not the one expected`,
      );
    bundles.push(`${name}/`);
    await pagefind.close();
    index = undefined;
    inShard = 0;
    shardBytes = 0;
    ownWords = new Set();
    shown = new Map();
  };
  try {
    const add = async (custom: pagefind.CustomRecord, more: Record<string, string>) => {
      shown.set(custom.url, more);
      index ??= await newIndex();
      batch.push(index.addCustomRecord(custom));
      addWords(custom.content, ownWords);
      if (batch.length >= BATCH) await flushBatch();
      inShard += 1;
    };
    for await (const { record, bytes, name } of iterateNamedRecords(recordsFile, names)) {
      const custom = toCustomRecord(record, base);
      records += 1;
      if (facts.shared.has(name)) {
        waiting.push([custom, shownMeta(record)]);
        continue;
      }
      await add(custom, shownMeta(record));
      shardBytes += bytes;
      if (inShard >= shardSize || shardBytes >= shardBytesLimit) await writeShard();
    }
    for (const [custom, more] of waiting) await add(custom, more);
    if (index === undefined && bundles.length === 0) index = await newIndex();
    await writeShard();
  } finally {
    // Records still being added when a check throws: settled before Pagefind closes, not left to reject unheard.
    await Promise.allSettled(batch);
    await pagefind.close();
  }
  await writeFile(path.join(outDir, SEARCH_BUNDLES_FILE), `${JSON.stringify({ bundles })}\n`);
  return { records, bundles, millis: Date.now() - started };
}
