/**
 * A query as the search page hands it to Pagefind. Pagefind drops the punctuation in a query word and joins what it
 * separated ("rustic-coffee" becomes "rusticcoffee", a URL path one long word), then completes that word from the
 * words of the bundle it searches; where no word starts with it, it falls back to the longest word the joined word
 * starts with. So on the 100k demo "rustic-coffee" found every page holding "rustic" (6,544 in one bundle, where
 * 3,342 hold both words), and a URL path the 2,297 pages of a bundle under its first segments, where one page of the
 * site holds all its parts. The index splits the text it is given at punctuation into parts, and so does the page:
 * a hyphenated name, a path, a date or a SKU finds the pages holding every one of its parts. Apostrophes still join
 * ("don't" is the word "dont"), as in the index, and a query in double quotes stays Pagefind's exact-phrase search.
 */

/** Punctuation Pagefind drops from a query (dashes, brackets, quotes, other), apostrophes aside. */
const SPLIT_AT = /(?!['\u2019])[\p{Pd}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]/gu;
const QUOTED = /^".+"$/su;

/** The text to search for `q`: its words split at punctuation, spaces collapsed, outer double quotes kept. */
export function searchTerms(q: string): string {
  const trimmed = q.trim();
  const quoted = QUOTED.test(trimmed);
  const inner = (quoted ? trimmed.slice(1, -1) : trimmed).replace(SPLIT_AT, ' ').replace(/\s+/gu, ' ').trim();
  return quoted && inner !== '' ? `"${inner}"` : inner;
}

/** The words of `q` as searched, lower-case. */
export function queryWords(q: string): string[] {
  const terms = searchTerms(q);
  return (QUOTED.test(terms) ? terms.slice(1, -1) : terms).toLowerCase().split(' ').filter(Boolean);
}

/**
 * What a marked word is cut at: anything but letters, digits, combining marks and apostrophes, underscores too, so
 * "tea" marks its part of "black_tea.jpg".
 */
const CUT_AT = /([^\p{L}\p{N}\p{M}'\u2019]+)/u;

/**
 * A word Pagefind marked in an excerpt, as pieces to show marked or not. Pagefind marks a whole token, so a word of
 * the query inside a URL path marked the path end to end. The token is cut into its words, and only those that
 * start with a query word stay marked; a token none of whose parts does (a form the stemmer matched) stays
 * marked whole.
 */
export function markedParts(token: string, words: readonly string[]): Array<{ text: string; mark: boolean }> {
  const bare = (text: string) => text.toLowerCase().replace(/['\u2019]/gu, '');
  const wanted = words.map(bare).filter((w) => w !== '');
  // Split at a capturing pattern: the token's words at even places (empty at a cut that starts or ends it), the
  // cuts between them at odd ones.
  const pieces = token.split(CUT_AT);
  const marks = pieces.map((piece, i) => i % 2 === 0 && wanted.some((w) => bare(piece).startsWith(w)));
  if (!marks.includes(true)) return [{ text: token, mark: true }];
  const out: Array<{ text: string; mark: boolean }> = [];
  pieces.forEach((text, i) => {
    if (text === '') return;
    const mark = marks[i] === true;
    const last = out.at(-1);
    if (last !== undefined && last.mark === mark) last.text += text;
    else out.push({ text, mark });
  });
  return out;
}
