/**
 * The words every search bundle knows. Pagefind completes a query word from the words of the bundle it searches, and
 * when none starts with it, it falls back to the longest word that the query word starts with: in a bundle without
 * "tonight", a search for "tonight" finds the pages with "to". With one bundle that only happens for a word the site
 * never uses; with the index sharded into several bundles, it happened whenever some bundle lacked the word, and those
 * pages were mixed into the real results: on the 100k demo (4 bundles), "glacier", a word of 2 records, listed 21.
 *
 * So each bundle is given, in vocabulary records of its own, the words of the whole index that its pages lack: every
 * bundle then finds the word, or a word starting with it, wherever the site has one, and falls back only where a
 * single bundle would. The vocabulary records are marked in the bundle's facet map and never shown (search.ts).
 *
 * Words are the letter-only parts of the records' text, as Pagefind splits it (on spaces and punctuation), lower-case.
 * Parts holding digits (codes, numbers, dates) are left out: at a million items they would be a million words in
 * every bundle, and an identifier is found exactly by the lookup before any full-text search.
 */
import type * as pagefind from 'pagefind';

const PARTS = /[^\p{L}\p{N}]+/u;
const LETTERS = /^\p{L}+$/u;
/** Words per vocabulary record: a page of ordinary length, so page-length ranking barely moves. */
export const VOCABULARY_WORDS_PER_RECORD = 2000;
/** The meta key marking a vocabulary record; its fragment is read back by the facet map writer. */
export const VOCABULARY_META = 'vocabulary';

/** Adds the letter-only words of `text` to `into`, lower-case. */
export function addWords(text: string, into: Set<string>): void {
  for (const token of text.split(/\s+/))
    for (const part of token.split(PARTS)) if (part !== '' && LETTERS.test(part)) into.add(part.toLowerCase());
}

/** Records holding the words of `all` that `own` lacks, sorted, for the bundle named `bundle`. */
export function vocabularyRecords(
  all: ReadonlySet<string>,
  own: ReadonlySet<string>,
  base: string,
  bundle: string,
): pagefind.CustomRecord[] {
  const missing = [...all].filter((word) => !own.has(word)).sort();
  const records: pagefind.CustomRecord[] = [];
  for (let i = 0; i < missing.length; i += VOCABULARY_WORDS_PER_RECORD)
    records.push({
      url: `${base}search-vocabulary/${bundle}/${records.length + 1}/`,
      content: missing.slice(i, i + VOCABULARY_WORDS_PER_RECORD).join(' '),
      language: 'en',
      meta: { [VOCABULARY_META]: 'true' },
      filters: {},
    });
  return records;
}
