/**
 * Exact lookup of an item by what an analyst holds: GUID (any case, dashes or braces or none), UDI, int id, URL path;
 * and of a content, element or media type by its key or its alias.
 * The build writes small shard files under `lookup/` (see lookup-files.ts) and the search page fetches the one shard a
 * query names (src/scripts/exact-lookup.ts imports these rules: pure code, no Node built-ins, so it runs in the
 * browser).
 *
 * Shards: `g/<first hex chars of the GUID>.json` (items and types), `i/<floor(id / ID_BLOCK)>.json`,
 * `u/<FNV-1a of the path mod buckets>.json`, `a/<FNV-1a of the lower-case alias mod ALIAS_BUCKETS>.json`.
 */
export const LOOKUP_DIR = 'lookup';
export const LOOKUP_LAYOUT_FILE = 'layout.json';
export const ID_BLOCK = 32;
/** Type aliases are few (hundreds at most): a fixed number of alias shards, each written even when empty. */
export const ALIAS_BUCKETS = 16;
/**
 * Entries a shard aims to stay under, so that every lookup fetches a few KB at 100k items: GUID hits are short
 * (`[kind, name]`, the key is the shard's own key), URL hits carry the item key too.
 */
export const GUID_SHARD_TARGET = 64;
export const URL_SHARD_TARGET = 32;

export interface LookupLayout {
  version: 1;
  guidChars: number;
  idBlock: number;
  urlBuckets: number;
}

/**
 * A shard's hits by lookup key: `[kind, name]` by GUID (the key is the item's), `[kind, 32-hex key, name]` by id, and
 * a list of `[kind, 32-hex key, name, language?]` by URL (several items may share a path across domains).
 */
export type LookupHit = [kind: string, keyOrName: string, name?: string, language?: string];
export type LookupShard = Record<string, LookupHit | LookupHit[]>;

export function planLayout(items: number, urls: number): LookupLayout {
  let guidChars = 1;
  while (guidChars < 4 && items / 16 ** guidChars > GUID_SHARD_TARGET) guidChars += 1;
  let urlBuckets = 1;
  while (urls / urlBuckets > URL_SHARD_TARGET) urlBuckets *= 2;
  return { version: 1, guidChars, idBlock: ID_BLOCK, urlBuckets };
}

/** 32 lower-case hex digits, from a GUID in any of its written forms or a UDI; undefined otherwise. */
export function guidKeyOf(text: string): string | undefined {
  const t = text
    .trim()
    .replace(/^umb:\/\/[a-z-]+\//i, '')
    .replace(/^\{(.*)\}$/, '$1');
  return /^[0-9a-f]{32}$/i.test(t.replace(/-/g, '')) && /^[0-9a-f-]+$/i.test(t)
    ? t.replace(/-/g, '').toLowerCase()
    : undefined;
}

export function idKeyOf(text: string): number | undefined {
  const t = text.trim();
  return /^\d{1,10}$/.test(t) ? Number(t) : undefined;
}

/** A URL or path reduced to its lower-case path without trailing slash (the root stays `/`); undefined for words. */
export function urlKeyOf(text: string): string | undefined {
  const t = text.trim();
  let pathname: string;
  if (/^https?:\/\//i.test(t)) {
    try {
      pathname = new URL(t).pathname;
    } catch {
      return undefined;
    }
  } else if (t.startsWith('/')) pathname = t.replace(/[?#].*$/, '');
  else return undefined;
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    /* a stray % stays as written */
  }
  const trimmed = decoded.toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** A type alias as typed: one word of letters, digits, `_`, `.` or `-` starting with a letter or `_`, lower-cased. */
export function aliasKeyOf(text: string): string | undefined {
  const t = text.trim();
  return /^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/.test(t) ? t.toLowerCase() : undefined;
}

/**
 * FNV-1a over UTF-16 code units, then MurmurHash3's final mix: FNV's low bits alone spread paths that differ in a few
 * characters unevenly over power-of-two bucket counts. Unsigned 32-bit.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

export const guidShard = (layout: LookupLayout, guidKey: string): string =>
  `g/${guidKey.slice(0, layout.guidChars)}.json`;
export const idShard = (layout: LookupLayout, id: number): string => `i/${Math.floor(id / layout.idBlock)}.json`;
export const urlShard = (layout: LookupLayout, urlKey: string): string => `u/${fnv1a(urlKey) % layout.urlBuckets}.json`;
export const aliasShard = (aliasKey: string): string => `a/${fnv1a(aliasKey) % ALIAS_BUCKETS}.json`;
