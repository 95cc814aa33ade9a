/**
 * The search page's engine over the word index (`--search-engine words`, src/lib/search/word-index.ts), with the
 * part of Pagefind's API the page uses (`search`, `preload`), so the page runs either. A query fetches the segments
 * holding its words' sets, once each per visit, and answers with every page holding each word at the start of one of
 * its words: pages whose title does come first, then the others, each in the site's order. A result's shown data
 * and excerpt come from its chunk file when it is shown.
 */
import {
  PAGES_PER_CHUNK,
  TEXT,
  WORD_INDEX_FILE,
  WORD_INDEX_VERSION,
  addSet,
  addTitleSet,
  chunkFile,
  decodeSegment,
  isGzip,
  pageName,
  queryTerms,
  segmentFile,
  segmentsFor,
  wordsOf,
  type SegmentEntry,
  type ShownPage,
  type WordIndexManifest,
} from '../lib/search/word-index.ts';
import type { PagefindResult, PagefindResultData } from './pagefind-api.ts';

/** The part of Pagefind's API the search page uses. */
export interface SearchEngine {
  /** `null` lists every page. */
  search(term: string | null): Promise<{ results: PagefindResult[] }>;
  preload(term: string): Promise<void>;
}

/** Reads a file of the site by its path under the site's base; the page fetches it. */
export type LoadBytes = (path: string) => Promise<Uint8Array>;

export const fetchBytes =
  (base: string): LoadBytes =>
  async (file) => {
    const response = await fetch(`${base}${file}`);
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };

/** A gzip file's bytes, or the bytes as they came when the host already decompressed them. */
async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const isManifest = (json: unknown): json is WordIndexManifest => {
  const m = json as WordIndexManifest | null;
  return (
    !!m &&
    m.version === WORD_INDEX_VERSION &&
    Number.isSafeInteger(m.pages) &&
    m.pages >= 0 &&
    Array.isArray(m.segments) &&
    m.segments.every((s) => Array.isArray(s) && typeof s[0] === 'string' && typeof s[1] === 'string')
  );
};

const EXCERPT_WORDS = 24;
const TOKEN = /[\p{L}\p{N}\p{M}'\u2019]+/gu;
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * About `EXCERPT_WORDS` words of `content` from just before its first word that starts with a query term, as HTML
 * with each such word in `<mark>`, as Pagefind's excerpts are.
 */
function excerptOf(content: string, terms: readonly string[]): string {
  const tokens = [...content.matchAll(TOKEN)];
  if (tokens.length === 0) return '';
  const hits = tokens.map((t) => wordsOf(t[0]).some((w) => terms.some((term) => w.startsWith(term))));
  const first = Math.max(0, hits.indexOf(true));
  const start = Math.max(0, Math.min(first - 3, tokens.length - EXCERPT_WORDS));
  const end = Math.min(tokens.length, start + EXCERPT_WORDS);
  let html = '';
  let at = (tokens[start] as RegExpExecArray).index;
  for (let i = start; i < end; i++) {
    const token = tokens[i] as RegExpExecArray;
    html += escapeHtml(content.slice(at, token.index));
    html += hits[i] ? `<mark>${escapeHtml(token[0])}</mark>` : escapeHtml(token[0]);
    at = token.index + token[0].length;
  }
  return html;
}

class Bundle {
  private readonly segments = new Map<number, Promise<SegmentEntry[]>>();
  private readonly chunks = new Map<number, Promise<ShownPage[]>>();

  private readonly dir: string;
  readonly manifest: WordIndexManifest;
  private readonly load: LoadBytes;

  constructor(dir: string, manifest: WordIndexManifest, load: LoadBytes) {
    this.dir = dir;
    this.manifest = manifest;
    this.load = load;
  }

  private segment(n: number): Promise<SegmentEntry[]> {
    let entries = this.segments.get(n);
    if (entries === undefined) {
      entries = this.load(`${this.dir}${segmentFile(n)}`)
        .then(gunzip)
        .then(decodeSegment);
      // A failed fetch is tried again by the next search, not remembered.
      entries.catch(() => this.segments.delete(n));
      this.segments.set(n, entries);
    }
    return entries;
  }

  preload(terms: readonly string[]): Promise<unknown> {
    return Promise.all(terms.flatMap((t) => segmentsFor(this.manifest.segments, t).map((n) => this.segment(n))));
  }

  /** The pages holding every term, those whose titles do first; every page for no terms. */
  async pages(terms: readonly string[]): Promise<number[]> {
    const words = Math.ceil(this.manifest.pages / 32);
    if (terms.length === 0) return Array.from({ length: this.manifest.pages }, (_, i) => i);
    // Every segment the query needs is asked for at once, not one after the other (a round trip each).
    await this.preload(terms);
    let text: Uint32Array | undefined;
    let title: Uint32Array | undefined;
    for (const term of terms) {
      const inText = new Uint32Array(words);
      const inTitle = new Uint32Array(words);
      for (const n of segmentsFor(this.manifest.segments, term)) {
        const entries = await this.segment(n);
        entries.forEach((entry, i) => {
          if (!entry.word.startsWith(term)) return;
          // A title set follows its word's text set, over which it is coded (decodeSegment checks).
          if (entry.field === TEXT) addSet(inText, entry.kind, entry.bytes);
          else addTitleSet(inTitle, entries[i - 1] as SegmentEntry, entry);
        });
      }
      text = text === undefined ? inText : and(text, inText);
      title = title === undefined ? inTitle : and(title, inTitle);
    }
    const first: number[] = [];
    const rest: number[] = [];
    const t = text as Uint32Array;
    const named = title as Uint32Array;
    for (let w = 0; w < words; w++) {
      let bits = t[w] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        const page = w * 32 + 31 - Math.clz32(low);
        ((named[w] as number) & low ? first : rest).push(page);
        bits ^= low;
      }
    }
    return first.concat(rest);
  }

  async shown(page: number): Promise<ShownPage> {
    const n = Math.floor(page / PAGES_PER_CHUNK);
    let chunk = this.chunks.get(n);
    if (chunk === undefined) {
      chunk = this.load(`${this.dir}${chunkFile(n)}`)
        .then(gunzip)
        .then((bytes) => JSON.parse(new TextDecoder().decode(bytes)) as ShownPage[]);
      chunk.catch(() => this.chunks.delete(n));
      this.chunks.set(n, chunk);
    }
    const found = (await chunk)[page % PAGES_PER_CHUNK];
    if (found === undefined) throw new Error(`the search index has no page ${page}`);
    return found;
  }
}

function and(a: Uint32Array, b: Uint32Array): Uint32Array {
  for (let i = 0; i < a.length; i++) a[i] = (a[i] as number) & (b[i] as number);
  return a;
}

/**
 * A result: its page's name, and its shown data when asked for. A class, not an object with a closure: a common
 * word's search hands out hundreds of thousands of results at a million pages.
 */
class Hit implements PagefindResult {
  readonly id: string;
  private readonly bundle: Bundle;
  private readonly page: number;
  private readonly terms: readonly string[];

  constructor(bundle: Bundle, page: number, terms: readonly string[]) {
    this.id = pageName(page);
    this.bundle = bundle;
    this.page = page;
    this.terms = terms;
  }

  async data(): Promise<PagefindResultData> {
    const shown = await this.bundle.shown(this.page);
    return {
      url: shown.url,
      meta: { title: shown.title, kind: shown.kind, breadcrumbs: shown.breadcrumbs },
      excerpt: excerptOf(shown.content, this.terms),
    };
  }
}

/** Opens the site's word index bundles (`search-bundles.json`), read with `load`. */
export async function openWordSearch(bundles: readonly string[], load: LoadBytes): Promise<SearchEngine> {
  const opened = await Promise.all(
    bundles.map(async (dir) => {
      const json: unknown = JSON.parse(new TextDecoder().decode(await load(`${dir}${WORD_INDEX_FILE}`)));
      if (!isManifest(json)) throw new Error(`${dir}${WORD_INDEX_FILE} is not a word index of this version`);
      return new Bundle(dir, json, load);
    }),
  );
  return {
    async search(term) {
      const terms = term === null ? [] : queryTerms(term);
      if (term !== null && terms.length === 0) return { results: [] };
      const results: PagefindResult[] = [];
      for (const bundle of opened)
        for (const page of await bundle.pages(terms)) results.push(new Hit(bundle, page, terms));
      return { results };
    },
    async preload(term) {
      await Promise.all(opened.map((b) => b.preload(queryTerms(term))));
    },
  };
}
