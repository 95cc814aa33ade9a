/**
 * JSON as Umbraco 15–17 writes it to `umbracoPropertyData` (System.Text.Json with the default encoder):
 * HTML-sensitive characters and everything outside printable ASCII are written as upper-case `\uXXXX`
 * escapes (`<` → `\u003C`, `"` inside a string → `\u0022`, `é` → `\u00E9`). Readers that JSON.parse get
 * the same value back; readers that search the raw text must not assume plain characters.
 */
export function toDotnetJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(toDotnetJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${quote(k)}:${toDotnetJson(v)}`).join(',')}}`;
}

const HTML_SENSITIVE: ReadonlyArray<readonly [string, string]> = [
  ['\\"', '\\u0022'],
  ['<', '\\u003C'],
  ['>', '\\u003E'],
  ['&', '\\u0026'],
  ["'", '\\u0027'],
  ['+', '\\u002B'],
  ['`', '\\u0060'],
];
const NON_ASCII = /[^\x00-\x7e]/g;
const HAS_NON_ASCII = /[^\x00-\x7e]/;

/**
 * JSON.stringify does the standard escaping (`\\`, `\"`, `\n`); the .NET-only escapes are then plain
 * replacements, which is much faster than a callback per character on megabytes of markup. Inside
 * the string body every `"` is escaped, so `\"` always stands for a quote (`\\\"` is `\\` + `\"`).
 */
function quote(text: string): string {
  let body = JSON.stringify(text).slice(1, -1);
  for (const [from, to] of HTML_SENSITIVE) if (body.includes(from)) body = body.replaceAll(from, to);
  if (HAS_NON_ASCII.test(body))
    body = body.replace(NON_ASCII, (ch) => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
  return `"${body}"`;
}
