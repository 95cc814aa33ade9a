/**
 * Text into and out of workbook cells, unchanged by the trip. Facts are never formulas: a value that a spreadsheet
 * would take as one (`=`, `+`, `-`, `@`, tab, return) or that starts with the guard itself gets a leading `'`, which
 * reading removes again. Characters XML cannot hold are written as OOXML's `_xHHHH_` escapes (and a literal
 * `_xHHHH_` has its underscore escaped), so Excel, LibreOffice and the reader show and return the original text; lone
 * surrogates, which no file can hold, become U+FFFD. Cells hold at most 32,767 characters.
 */
const GUARDED = /^['=+\-@\t\r]/;
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const CELL_LIMIT = 32_767;

const hex = (char: string): string => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;

export function toCellText(text: string): string {
  const guarded = GUARDED.test(text) ? `'${text}` : text;
  const clean = guarded.replace(LONE_SURROGATE, '\uFFFD').replace(NOT_XML, hex);
  if (clean.length <= CELL_LIMIT) return clean;
  // Never cut inside an escape or a surrogate pair.
  const cut = clean.slice(0, CELL_LIMIT - 1).replace(/_x[0-9A-F]{0,4}$|[\uD800-\uDBFF]$/, '');
  return `${cut}…`;
}

/** The text a cell's reader value stands for (the readers have already undone the `_xHHHH_` escapes). */
export function fromCellText(text: string): string {
  return text.startsWith("'") && GUARDED.test(text.slice(1)) ? text.slice(1) : text;
}

/** A cell as exceljs reads it (text, number, boolean, date, rich text, formula, hyperlink, error) as plain text. */
export function cellValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return fromCellText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text?: unknown }>; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return fromCellText(v.richText.map((r) => String(r.text ?? '')).join(''));
    if ('result' in v) return cellValueText(v.result);
    if (typeof v.text === 'string') return fromCellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return String(value);
}
