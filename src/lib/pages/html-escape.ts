/**
 * HTML built as strings for the hot pages (one item page per content or media item): `markup` escapes every
 * interpolation unless it is markup this module made or rich text rich-text.ts sanitised (`trustedHtml`). The escaping
 * is Astro's own (text: & < > ' "; attribute values, always double-quoted: & "), so a page renders the same bytes as
 * the components did; on top of it, text is made inert where Astro passes it through: lone surrogates and control
 * characters become U+FFFD, and a bidi embedding, override or isolate left open is closed where the value ends.
 */

/** Markup safe to place in a page as it is. Only `markup`, `attr` and `trustedHtml` make one. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

export type HtmlPart = SafeHtml | string | number | false | null | undefined | readonly HtmlPart[];

const TEXT_SPECIAL = /[&<>'"]/g;
const ATTRIBUTE_SPECIAL = /[&"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '"': '&quot;' };
const entity = (ch: string): string => ENTITIES[ch] as string;
/** C0 and C1 controls except tab, line feed, form feed and carriage return; bidi controls; any surrogate. */
const SUSPECT = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/;
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/g;
const EMBEDDING_OPENERS = '\u202A\u202B\u202D\u202E';
const ISOLATE_OPENERS = '\u2066\u2067\u2068';
const POP_EMBEDDING = '\u202C';
const POP_ISOLATE = '\u2069';

/** Closes, at the end of `text`, every embedding, override or isolate it opens and leaves open (UAX #9, X1–X8). */
function closeBidi(text: string): string {
  const open: string[] = [];
  for (const ch of text) {
    if (EMBEDDING_OPENERS.includes(ch)) open.push(POP_EMBEDDING);
    else if (ISOLATE_OPENERS.includes(ch)) open.push(POP_ISOLATE);
    else if (ch === POP_EMBEDDING && open.at(-1) === POP_EMBEDDING) open.pop();
    else if (ch === POP_ISOLATE && open.includes(POP_ISOLATE)) open.length = open.lastIndexOf(POP_ISOLATE);
  }
  return open.length === 0 ? text : text + open.reverse().join('');
}

/** Text with lone surrogates and control characters replaced and open bidi controls closed; others unchanged. */
export function inertText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  return closeBidi(text.toWellFormed().replace(CONTROL, '\uFFFD'));
}

/** Most text on a page has nothing to escape: one test, and it is returned as it is. */
const ANY_TEXT_SPECIAL = /[&<>'"]/;
const ANY_ATTRIBUTE_SPECIAL = /[&"]/;

/** Text escaped exactly as Astro escapes an expression (`{title}`), with nothing made inert: for the layout's parts. */
export function escapeAsAstro(text: string): string {
  return ANY_TEXT_SPECIAL.test(text) ? text.replace(TEXT_SPECIAL, entity) : text;
}

/** Text made inert, then escaped as Astro escapes it. */
export function escapeText(text: string): string {
  return escapeAsAstro(inertText(text));
}

/** For a double-quoted attribute value, which only `&` and `"` can end or change. */
export function escapeAttribute(text: string): string {
  const inert = inertText(text);
  return ANY_ATTRIBUTE_SPECIAL.test(inert) ? inert.replace(ATTRIBUTE_SPECIAL, entity) : inert;
}

/** ` name="value"`, or nothing when the value is missing (as Astro renders an attribute). */
export function attr(name: string, value: string | number | null | undefined): SafeHtml {
  return new SafeHtml(value === null || value === undefined ? '' : ` ${name}="${escapeAttribute(String(value))}"`);
}

/** Rich text that sanitizeRichText made safe: the one kind of outside markup a page may hold as it is. */
export const trustedHtml = (sanitised: string): SafeHtml => new SafeHtml(sanitised);

function appendPart(out: string, part: HtmlPart): string {
  if (part === false || part === null || part === undefined) return out;
  if (part instanceof SafeHtml) return out + part.value;
  if (typeof part === 'string') return out + escapeText(part);
  if (typeof part === 'number') return out + String(part);
  let joined = out;
  for (const child of part) joined = appendPart(joined, child);
  return joined;
}

/** A template whose interpolations are escaped as text; arrays are joined; false, null and undefined add nothing. */
export function markup(strings: TemplateStringsArray, ...parts: HtmlPart[]): SafeHtml {
  let out = strings[0] as string;
  for (let i = 0; i < parts.length; i += 1) out = appendPart(out, parts[i]) + (strings[i + 1] as string);
  return new SafeHtml(out);
}
