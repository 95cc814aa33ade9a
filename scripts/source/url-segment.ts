/**
 * Umbraco's default URL segment for a name (DefaultShortStringHelper with the default
 * RequestHandler char replacements and ConvertUrlsToAscii = "try").
 */
const DEFAULT_REPLACEMENTS: ReadonlyArray<readonly [string, string]> = [
  [' ', '-'], ['"', ''], ["'", ''], ['%', ''], ['.', ''], [';', ''], ['/', ''], ['\\', ''], [':', ''],
  ['#', ''], ['+', 'plus'], ['*', 'star'], ['&', ''], ['?', ''], ['æ', 'ae'], ['ä', 'ae'], ['ø', 'oe'],
  ['ö', 'oe'], ['å', 'aa'], ['ü', 'ue'], ['ß', 'ss'], ['|', '-'], ['<', ''], ['>', ''],
];

export function toUrlSegment(text: string): string {
  let s = text.trim();
  for (const [from, to] of DEFAULT_REPLACEMENTS) s = s.split(from).join(to);
  const ascii = s.normalize('NFD').replace(/\p{M}/gu, '');
  if (/^[\x00-\x7f]*$/.test(ascii)) s = ascii;
  const terms = s.match(/[\p{L}\p{Nd}_]+/gu) ?? [];
  return terms.join('-').toLowerCase().slice(0, 240);
}
