/**
 * Umbraco's default URL segment for a name: `DefaultShortStringHelper.CleanStringForUrlSegment` as configured by
 * `RequestHandlerSettings` (char replacements, ConvertUrlsToAscii), steps in Umbraco's order: replace characters,
 * recode to ASCII, split into terms, join with '-', lower-case, cut to 240 UTF-16 units.
 */
import { ASCII_FOLDS } from './url-segment-ascii.ts';

export type AsciiMode = 'try' | 'true' | 'false';

export interface UrlSegmentOptions {
  /** `ConvertUrlsToAscii`: 'try' (v9+ default), 'true', or 'false' (v7/v8 default). */
  toAscii?: AsciiMode;
  /** Replaces the default list (`UserDefinedCharCollection` with `EnableDefaultCharReplacements=false`). */
  charReplacements?: ReadonlyArray<readonly [string, string]>;
  /** The content culture: Umbraco lower-cases with it, which matters only for Turkic cultures (I → ı). */
  culture?: string;
}

/** `RequestHandlerSettings.DefaultCharCollection`, applied in this order, case-sensitively. */
export const DEFAULT_CHAR_REPLACEMENTS: ReadonlyArray<readonly [string, string]> = [
  [' ', '-'],
  ['"', ''],
  ["'", ''],
  ['%', ''],
  ['.', ''],
  [';', ''],
  ['/', ''],
  ['\\', ''],
  [':', ''],
  ['#', ''],
  ['+', 'plus'],
  ['*', 'star'],
  ['&', ''],
  ['?', ''],
  ['æ', 'ae'],
  ['ä', 'ae'],
  ['ø', 'oe'],
  ['ö', 'oe'],
  ['å', 'aa'],
  ['ü', 'ue'],
  ['ß', 'ss'],
  ['|', '-'],
  ['<', ''],
  ['>', ''],
];

const MAX_LENGTH = 240;

export function toUrlSegment(text: string, options: UrlSegmentOptions = {}): string {
  const replaced = replaceChars(text, options.charReplacements ?? DEFAULT_CHAR_REPLACEMENTS);
  const recoded = recode(replaced, options.toAscii ?? 'try');
  return joinTerms(recoded, options.culture).slice(0, MAX_LENGTH);
}

function replaceChars(text: string, replacements: ReadonlyArray<readonly [string, string]>): string {
  let result = text;
  for (const [from, to] of replacements) if (from) result = result.split(from).join(to);
  return result;
}

function recode(text: string, mode: AsciiMode): string {
  if (mode === 'true') return toAscii(text, '?') as string;
  if (mode === 'try') return toAscii(text, null) ?? text;
  // Utf8 mode: Umbraco swaps each surrogate pair (emoji…) for '?', which then separates terms.
  let result = '';
  for (let i = 0; i < text.length; i++) {
    if (isSurrogate(text.charCodeAt(i))) {
      result += '?';
      i++;
    } else result += text.charAt(i);
  }
  return result;
}

/** `Utf8ToAsciiConverter.ToAsciiString`; with `fail = null`, returns null as soon as a character cannot convert. */
function toAscii(text: string, fail: string | null): string | null {
  let result = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    const code = text.charCodeAt(i);
    let folded: string | undefined;
    if (isSurrogate(code)) {
      i++;
      folded = undefined;
    } else if (/\p{Cc}/u.test(ch)) folded = '';
    else if (/[\p{Zs}\u2028\u2029]/u.test(ch)) folded = ' ';
    else folded = code < 0x80 ? ch : ASCII_FOLDS.get(ch);
    if (folded === undefined) {
      if (fail === null) return null;
      folded = fail;
    }
    result += folded;
  }
  return result;
}

const BREAK = 0;
const UPPER_START = 1;
const IN_TERM = 2;

/**
 * `CleanCodeString` for URL segments: terms are runs of .NET `char.IsLetterOrDigit` (L*, Nd) or '_'. Surrogate
 * code units are skipped without ending a term (Umbraco 10+), so an emoji touching a word stays inside that term,
 * except after a single upper-case letter, where Umbraco copies just that letter.
 */
function joinTerms(text: string, culture: string | undefined): string {
  let out = '';
  let state = BREAK;
  let start = 0;
  const emit = (term: string): void => {
    out += lowerCase(term, culture);
  };
  for (let i = 0; i < text.length; i++) {
    if (isSurrogate(text.charCodeAt(i))) continue;
    const ch = text.charAt(i);
    const term = /[\p{L}\p{Nd}_]/u.test(ch);
    if (state === BREAK) {
      if (!term) continue;
      if (out) out += '-';
      start = i;
      state = /\p{Lu}/u.test(ch) ? UPPER_START : IN_TERM;
    } else if (state === UPPER_START) {
      if (term) state = IN_TERM;
      else {
        emit(text.charAt(start));
        state = BREAK;
      }
    } else if (!term) {
      emit(text.slice(start, i));
      state = BREAK;
    }
  }
  if (state !== BREAK) emit(text.slice(start));
  return out;
}

/** .NET lower-cases one UTF-16 unit at a time (no final sigma, no length change); Turkic cultures map I → ı. */
function lowerCase(term: string, culture: string | undefined): string {
  const turkic = culture !== undefined && /^(tr|az)(-|$)/i.test(culture);
  let result = '';
  for (const unit of term.split('')) {
    const lower = turkic ? unit.toLocaleLowerCase('tr') : unit.toLowerCase();
    result += lower.length === 1 ? lower : unit;
  }
  return result;
}

function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff;
}
