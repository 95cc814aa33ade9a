/**
 * The word index (`--search-engine words`): each word's set of pages, stored whole and compactly, in segments of
 * words in sorted order, so a query fetches the segments holding its words and nothing else. Written by the build
 * (scripts/pipeline/word-index-build.ts), read by the search page (src/scripts/word-search.ts). Pure, so both import
 * it.
 *
 * Pagefind stores each word's positions in every page, so at a million pages a query of four common words fetched
 * 3.4 MB and took about 0.9 s; a page set needs no more than its entropy, about one bit a page for a word in a third
 * of the pages. A set is a bitmap (a bit a page) or, when shorter, the gaps between its pages as varints. A word's
 * title set is coded over its text set (a title's words are words of its text): its members are the ranks, among the
 * text set's pages, of those whose title holds the word, so a word in many titles costs about half as much.
 *
 * A bundle folder holds `words.json` (the manifest), `s/<n>.bin` (segments), `p/<n>.bin` (the shown data of
 * `PAGES_PER_CHUNK` pages a file) and `facets.json` (the facet map, facet-map.ts). Segments and chunks are gzip
 * files; the page decompresses them itself, and takes them as they are when a host already did.
 */

import { nameOfShort, pushLeb128 } from './facet-map.ts';

export const WORD_INDEX_VERSION = 2;
export const WORD_INDEX_FILE = 'words.json';
/** The bundle folder of a site built with the word index. */
export const WORD_BUNDLE = 'words/';
/**
 * A segment closes once its sets reach this many bytes; a set larger than that is a segment alone. A query fetches
 * whole segments, so this is what a rare word costs beside its own set: at 100k pages, a rare word fetched 4.6 KB
 * against 19.7 KB with 32 KB segments, and the manifest grew from 2.5 KB to 10 KB.
 */
export const SEGMENT_BYTES = 8 * 1024;
/** Pages whose shown data share a file: a page of 20 results fetches at most 20 such files. */
export const PAGES_PER_CHUNK = 8;
/** A page's name in results and in the facet map: this prefix and its number as 7 hex digits (facet-map.ts). */
export const PAGE_NAME_PREFIX = 'w_';
export const MAX_PAGES = 0x1000_0000;

export const segmentFile = (n: number): string => `s/${n}.bin`;
export const chunkFile = (n: number): string => `p/${n}.bin`;
export const pageName = (page: number): string => nameOfShort(page, PAGE_NAME_PREFIX);

export interface WordIndexManifest {
  version: typeof WORD_INDEX_VERSION;
  /** Pages in the bundle, numbered from 0 in the order of the site's search records. */
  pages: number;
  /** Each segment's first and last word; segment n is `segmentFile(n)`. */
  segments: Array<[first: string, last: string]>;
}

/** What a result shows, one entry a page in a chunk file (a JSON array). */
export interface ShownPage {
  url: string;
  title: string;
  kind: string;
  breadcrumbs: string;
  content: string;
}

/**
 * Where a set is the page's words: its text (title included), or its title alone (ranks a result first). A word's
 * title set follows its text set in the same segment and is coded over it (`titleRanks`, `addTitleSet`).
 */
export const TEXT = 0;
export const TITLE = 1;
export type Field = typeof TEXT | typeof TITLE;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const APOSTROPHES = /['\u2019]/gu;

/**
 * The words of a text as indexed and as searched: lower-case runs of letters, digits and combining marks, apostrophes
 * dropped ("don't" is "dont"), any other character a break (so a URL path, a date or a SKU is its parts). Lone
 * surrogates become U+FFFD, a break.
 */
export function wordsOf(text: string): string[] {
  return text.toWellFormed().normalize('NFC').toLowerCase().replace(APOSTROPHES, '').match(WORD) ?? [];
}

/** The query's distinct words; a result holds every one of them at the start of one of its words. */
export function queryTerms(q: string): string[] {
  return [...new Set(wordsOf(q))];
}

// ---- sets ----

const LIST = 0;
const BITMAP = 1;

/** A sorted set of page numbers under `pages`, encoded as whichever of a bitmap and gap varints is shorter. */
export function encodeSet(sorted: ArrayLike<number>, pages: number): { kind: number; bytes: Uint8Array } {
  const bitmapBytes = Math.ceil(pages / 8);
  const list = new Uint8Array(Math.min(sorted.length * 5, bitmapBytes + 5));
  let p = 0;
  let previous = -1;
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i] as number;
    let gap = v - previous - 1;
    previous = v;
    if (p + 5 > list.length) return { kind: BITMAP, bytes: bitmap(sorted, bitmapBytes) };
    while (gap >= 0x80) {
      list[p++] = (gap & 0x7f) | 0x80;
      gap >>>= 7;
    }
    list[p++] = gap;
  }
  return p <= bitmapBytes
    ? { kind: LIST, bytes: list.slice(0, p) }
    : { kind: BITMAP, bytes: bitmap(sorted, bitmapBytes) };
}

function bitmap(sorted: ArrayLike<number>, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i] as number;
    out[v >>> 3] = (out[v >>> 3] as number) | (1 << (v & 7));
  }
  return out;
}

/** Adds an encoded set's pages to `bits` (a bit a page, 32 pages a word). */
export function addSet(bits: Uint32Array, kind: number, bytes: Uint8Array): void {
  if (kind === BITMAP) {
    const whole = bytes.length >>> 2;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < whole && i < bits.length; i++) bits[i] = (bits[i] as number) | view.getUint32(i * 4, true);
    for (let b = whole * 4; b < bytes.length; b++) {
      const w = b >>> 2;
      if (w < bits.length) bits[w] = (bits[w] as number) | ((bytes[b] as number) << ((b & 3) * 8));
    }
    return;
  }
  forEachPage(kind, bytes, bits.length * 32, (page) => {
    bits[page >>> 5] = (bits[page >>> 5] as number) | (1 << (page & 31));
  });
}

/** Calls `visit` with each page of an encoded set, in ascending order; pages at `pages` or above are not visited. */
export function forEachPage(kind: number, bytes: Uint8Array, pages: number, visit: (page: number) => void): void {
  if (kind === BITMAP) {
    for (let b = 0; b < bytes.length; b++) {
      let byte = bytes[b] as number;
      while (byte !== 0) {
        const low = byte & -byte;
        const page = b * 8 + 31 - Math.clz32(low);
        if (page < pages) visit(page);
        byte ^= low;
      }
    }
    return;
  }
  let v = -1;
  let p = 0;
  while (p < bytes.length) {
    let gap = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[p++] as number;
      gap += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80 && p < bytes.length);
    v += gap + 1;
    if (v >= pages) return;
    visit(v);
  }
}

/**
 * A title set as the build stores it: the ranks, in `text` (a word's text set, ascending), of the pages of `title`
 * (ascending, each in `text`). A page of `title` missing from `text` is a fault of the caller, thrown.
 */
export function titleRanks(text: ArrayLike<number>, title: ArrayLike<number>): number[] {
  const ranks: number[] = [];
  let r = 0;
  for (let i = 0; i < title.length; i++) {
    const page = title[i] as number;
    while (r < text.length && (text[r] as number) < page) r++;
    if (r === text.length || text[r] !== page) throw new Error(`page ${page} is in a title set, not in its text set`);
    ranks.push(r);
  }
  return ranks;
}

/** Adds a title set's pages to `bits`: `title` holds ranks among the pages of `text`, its word's text set. */
export function addTitleSet(bits: Uint32Array, text: SegmentEntry, title: SegmentEntry): void {
  const pages = bits.length * 32;
  // The ranks as a bitmap, read in step with the text set's pages: no list of those pages is made (at a million
  // pages, a list of a common word's 280,000 pages took 35-60 ms to fill and read, this 2-3 ms).
  let ranks = title.bytes;
  if (title.kind !== BITMAP) {
    ranks = new Uint8Array(Math.ceil(pages / 8));
    const into = ranks;
    forEachPage(title.kind, title.bytes, pages, (rank) => {
      into[rank >>> 3] = (into[rank >>> 3] as number) | (1 << (rank & 7));
    });
  }
  let rank = 0;
  forEachPage(text.kind, text.bytes, pages, (page) => {
    if (((ranks[rank >>> 3] ?? 0) >>> (rank & 7)) & 1)
      bits[page >>> 5] = (bits[page >>> 5] as number) | (1 << (page & 31));
    rank += 1;
  });
}

// ---- segments ----

export interface SegmentEntry {
  field: Field;
  word: string;
  kind: number;
  bytes: Uint8Array;
}

/** A segment's entries as bytes: per entry its field, word (UTF-8, length first), set kind and set (length first). */
export function encodeSegment(entries: readonly SegmentEntry[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (const e of entries) {
    const word = encoder.encode(e.word);
    const head: number[] = [e.field];
    pushLeb128(head, word.length);
    const tail: number[] = [e.kind];
    pushLeb128(tail, e.bytes.length);
    for (const part of [Uint8Array.from(head), word, Uint8Array.from(tail), e.bytes]) {
      parts.push(part);
      total += part.length;
    }
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A segment's entries; a truncated or malformed segment is refused with an error naming what is wrong. */
export function decodeSegment(bytes: Uint8Array): SegmentEntry[] {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const entries: SegmentEntry[] = [];
  let p = 0;
  const varint = (): number => {
    let n = 0;
    let shift = 0;
    for (;;) {
      if (p >= bytes.length || shift > 28) throw new Error('the search index segment is truncated');
      const byte = bytes[p++] as number;
      n += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return n;
      shift += 7;
    }
  };
  while (p < bytes.length) {
    const field = bytes[p++] as number;
    if (field !== TEXT && field !== TITLE) throw new Error(`the search index segment has an unknown field ${field}`);
    const length = varint();
    if (p + length > bytes.length) throw new Error('the search index segment is truncated');
    const word = decoder.decode(bytes.subarray(p, p + length));
    p += length;
    if (p >= bytes.length) throw new Error('the search index segment is truncated');
    const kind = bytes[p++] as number;
    if (kind !== LIST && kind !== BITMAP) throw new Error(`the search index segment has an unknown set kind ${kind}`);
    const size = varint();
    if (p + size > bytes.length) throw new Error('the search index segment is truncated');
    const before = entries.at(-1);
    if (field === TITLE && (before?.field !== TEXT || before.word !== word))
      throw new Error('the search index segment has a title set without its text set');
    entries.push({ field, word, kind, bytes: bytes.subarray(p, p + size) });
    p += size;
  }
  return entries;
}

/** The segments that may hold words starting with `term` (each segment's words lie between its first and last). */
export function segmentsFor(segments: ReadonlyArray<readonly [string, string]>, term: string): number[] {
  let lo = 0;
  let hi = segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((segments[mid] as readonly [string, string])[1] < term) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let s = lo; s < segments.length; s++) {
    const [first] = segments[s] as readonly [string, string];
    if (first > term && !first.startsWith(term)) break;
    out.push(s);
  }
  return out;
}

export const isGzip = (bytes: Uint8Array): boolean => bytes[0] === 0x1f && bytes[1] === 0x8b;
