/**
 * The names Pagefind gives pages, known before it writes them. Pagefind names a page by the first 7 hex digits of the
 * SHA-1 of its fragment (the JSON of its URL, content with runs of whitespace made one space, word count, filters
 * and meta with their keys sorted, and anchors), each byte written without a leading zero, and lengthens a name only
 * where two pages of one bundle share it. Names are unique within a bundle, not across bundles; the search page knows
 * a hit by its name alone, so a name that two bundles give pages with different filters costs a request for the
 * hit's own fragment, each time it is found (src/scripts/search.ts). At 300k demo items (12 bundles) 115 names were
 * shared; at a million pages some 2,000 (n² / 2²⁹).
 *
 * The build predicts each record's name and puts the records whose names collide in one bundle, where Pagefind
 * lengthens them, and gives no vocabulary record a name a page has. A prediction that misses (text Pagefind
 * normalises otherwise) costs only what a collision cost before: the search page still reads such hits from their
 * fragments. tests/integration/search-hashes.test.ts checks the prediction against Pagefind's own names.
 */
import { createHash } from 'node:crypto';
import type * as pagefind from 'pagefind';

const NAME_DIGITS = 7;
/**
 * Unicode's White_Space, as Pagefind (Rust) splits words: JavaScript's \s also takes U+FEFF and leaves out U+0085.
 * Pagefind also drops U+200B (zero width space) from the content it keeps.
 */
const WHITE_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

const sortedKeys = <T>(object: Record<string, T>): Record<string, T> =>
  Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, object[key] as T]),
  );

/** Pagefind's short name of a custom record's page, without the language prefix (`en_`). */
export function predictPageName(record: pagefind.CustomRecord): string {
  const content = record.content.replaceAll('\u200b', '').split(WHITE_SPACE).filter(Boolean).join(' ');
  const fragment = JSON.stringify({
    url: record.url,
    content,
    word_count: content === '' ? 0 : content.split(' ').length,
    filters: sortedKeys(record.filters ?? {}),
    meta: sortedKeys(record.meta ?? {}),
    anchors: [],
  });
  let hex = '';
  for (const byte of createHash('sha1').update(fragment).digest()) {
    hex += byte.toString(16);
    if (hex.length >= NAME_DIGITS) break;
  }
  return hex.slice(0, NAME_DIGITS);
}

/** A name as a number, for sorted arrays of names (7 hex digits fit 28 bits). */
export const nameNumber = (name: string): number => Number.parseInt(name, 16);

/** The names held more than once in `names` (sorted in place). */
export function sharedNames(names: Uint32Array): Set<number> {
  names.sort();
  const shared = new Set<number>();
  for (let i = 1; i < names.length; i++) if (names[i] === names[i - 1]) shared.add(names[i] as number);
  return shared;
}

/** Whether `name` is in `sorted` (ascending). */
export function hasName(sorted: Uint32Array, name: number): boolean {
  let [low, high] = [0, sorted.length - 1];
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = sorted[middle] as number;
    if (at === name) return true;
    if (at < name) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
