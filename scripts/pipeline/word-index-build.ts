/**
 * Writes the word index (`--search-engine words`, src/lib/search/word-index.ts) from the site data's search records,
 * in one pass: each record is a page, numbered in the file's order; its words go to the sets of its text and title,
 * its shown data to a chunk file, its filter values to the facet map. Then each word's sets are encoded and written
 * in segments, in sorted order of the words. What it writes depends on the records alone, so the same records give
 * the same bytes.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { iterateNdjson } from '../core/snapshot-format.ts';
import { FACETS_FILE, SEARCH_BUNDLES_FILE } from '../../src/lib/search/facet-map.ts';
import {
  MAX_PAGES,
  PAGES_PER_CHUNK,
  PAGE_NAME_PREFIX,
  SEGMENT_BYTES,
  TEXT,
  TITLE,
  WORD_BUNDLE,
  WORD_INDEX_FILE,
  WORD_INDEX_VERSION,
  chunkFile,
  encodeSegment,
  encodeSet,
  pageName,
  segmentFile,
  titleRanks,
  wordsOf,
  type SegmentEntry,
  type ShownPage,
  type WordIndexManifest,
} from '../../src/lib/search/word-index.ts';
import { searchRecordSchema } from '../../src/lib/site-data/site-data-format.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';
import { FacetMapBuilder } from './search-facets.ts';
import { toCustomRecord, shownMeta, type SearchIndexSummary } from './search-index.ts';

/** Each word's pages, in ascending order, with the last page added to drop repeats. */
class Postings {
  private readonly sets = new Map<string, number[]>();

  add(words: readonly string[], page: number): void {
    for (const word of words) {
      let set = this.sets.get(word);
      if (set === undefined) this.sets.set(word, (set = []));
      if (set.at(-1) !== page) set.push(page);
    }
  }

  get(word: string): number[] | undefined {
    return this.sets.get(word);
  }

  words(): IterableIterator<string> {
    return this.sets.keys();
  }
}

const gzip = (text: string | Uint8Array): Buffer => gzipSync(text, { level: 9 });

/** Compares as the search page does (`<` on strings: UTF-16 code units), never by locale. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export async function buildWordIndex(recordsFile: string, outDir: string, base: string): Promise<SearchIndexSummary> {
  const started = Date.now();
  const bundle = path.join(outDir, WORD_BUNDLE);
  await rm(bundle, { recursive: true, force: true });
  await mkdir(path.join(bundle, 's'), { recursive: true });
  await mkdir(path.join(bundle, 'p'), { recursive: true });
  const text = new Postings();
  const titles = new Postings();
  const facets = new FacetMapBuilder(PAGE_NAME_PREFIX);
  let chunk: ShownPage[] = [];
  let chunks = 0;
  const writeChunk = async () => {
    await writeFile(path.join(bundle, chunkFile(chunks)), gzip(JSON.stringify(chunk)));
    chunks += 1;
    chunk = [];
  };
  let pages = 0;
  for await (const record of iterateNdjson(recordsFile, searchRecordSchema)) {
    if (pages >= MAX_PAGES)
      throw new BuildError(BUILD_EXIT_CODES.search, `the word index holds ${MAX_PAGES} pages at most`);
    const custom = toCustomRecord(record, base);
    const title = custom.meta?.title ?? '';
    // The title is part of the page's text (Pagefind indexes its meta the same way).
    text.add(wordsOf(`${title}\n${custom.content}`), pages);
    titles.add(wordsOf(title), pages);
    facets.add(pageName(pages), (key) => custom.filters?.[key] ?? []);
    const { breadcrumbs = '', kind = '' } = shownMeta(record);
    chunk.push({ url: custom.url, title, kind, breadcrumbs, content: custom.content });
    pages += 1;
    if (chunk.length === PAGES_PER_CHUNK) await writeChunk();
  }
  if (chunk.length > 0) await writeChunk();

  // A title's words are words of the text too.
  const words = [...text.words()].sort(byCodeUnits);
  const segments: WordIndexManifest['segments'] = [];
  let entries: SegmentEntry[] = [];
  let bytes = 0;
  const writeSegment = async () => {
    await writeFile(path.join(bundle, segmentFile(segments.length)), gzip(encodeSegment(entries)));
    segments.push([(entries[0] as SegmentEntry).word, (entries.at(-1) as SegmentEntry).word]);
    entries = [];
    bytes = 0;
  };
  for (const word of words) {
    const inText = text.get(word) as number[];
    const inTitles = titles.get(word);
    const sets: SegmentEntry[] = [{ field: TEXT, word, ...encodeSet(inText, pages) }];
    // Coded over the text set, which holds every page whose title holds the word.
    if (inTitles !== undefined)
      sets.push({ field: TITLE, word, ...encodeSet(titleRanks(inText, inTitles), inText.length) });
    const size = sets.reduce((sum, e) => sum + e.bytes.length + word.length + 8, 0);
    if (entries.length > 0 && bytes + size > SEGMENT_BYTES) await writeSegment();
    entries.push(...sets);
    bytes += size;
  }
  if (entries.length > 0) await writeSegment();

  const manifest: WordIndexManifest = { version: WORD_INDEX_VERSION, pages, segments };
  await writeFile(path.join(bundle, WORD_INDEX_FILE), JSON.stringify(manifest));
  await writeFile(path.join(bundle, FACETS_FILE), JSON.stringify(facets.build()));
  await writeFile(
    path.join(outDir, SEARCH_BUNDLES_FILE),
    `${JSON.stringify({ engine: 'words', bundles: [WORD_BUNDLE] })}\n`,
  );
  return { records: pages, bundles: [WORD_BUNDLE], millis: Date.now() - started };
}
