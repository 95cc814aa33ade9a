/**
 * Scalar values as an analyst reads them: toggles as Yes/No, numbers and decimals as numbers, price-like maps
 * (Umbraco Commerce stores a price as `{"<currency key>": amount}`) as "key: amount" pairs, file sizes in units.
 */

/** Umbraco.TrueFalse stores `1`/`0`, `true`/`false` or their text forms, depending on version and source. */
const TOGGLE_EDITORS = new Set(['umbraco.truefalse']);
const TRUE_TEXT = new Set(['1', 'true']);
const FALSE_TEXT = new Set(['0', 'false']);

export function formatToggle(value: unknown, editorAlias: string | undefined): string | undefined {
  const isToggle = editorAlias !== undefined && TOGGLE_EDITORS.has(editorAlias.toLowerCase());
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (!isToggle) return undefined;
  const text = String(value).trim().toLowerCase();
  if (TRUE_TEXT.has(text)) return 'Yes';
  if (FALSE_TEXT.has(text)) return 'No';
  return undefined;
}

/**
 * Umbraco.ColorPicker stores `{"value":"ff0000","label":"Red"}` (or only the hex code, in older values);
 * Umbraco.ColorPicker.EyeDropper a CSS colour string. Read as "Red (#ff0000)".
 */
export function formatColour(value: unknown, editorAlias: string | undefined): string | undefined {
  if (editorAlias === undefined || !editorAlias.toLowerCase().startsWith('umbraco.colorpicker')) return undefined;
  const hex = (text: string) => (/^[0-9a-f]{3,8}$/i.test(text) ? `#${text}` : text);
  if (typeof value === 'string') return hex(value.trim());
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { value: code, label } = value as { value?: unknown; label?: unknown };
  if (typeof code !== 'string') return undefined;
  return typeof label === 'string' && label.trim() !== '' && label !== code ? `${label} (${hex(code)})` : hex(code);
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** A number as written (no rounding, no grouping: ids, years and stock counts must read exactly as stored). */
export function formatNumber(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return value.trim();
  return undefined;
}

/** `{key: number}` maps with at least one entry, every value numeric: prices per currency, quantities per unit. */
export function formatNumberMap(value: unknown): Array<[key: string, amount: string]> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return undefined;
  const pairs: Array<[string, string]> = [];
  for (const [key, amount] of entries) {
    const text = formatNumber(amount);
    if (text === undefined) return undefined;
    pairs.push([key, text]);
  }
  return pairs;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1024-based, one decimal from KB up: "834 bytes", "1.2 MB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return String(bytes);
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}` : `${size.toFixed(1)} ${UNITS[unit]}`;
}

/**
 * Nested JSON flattened to dotted paths and display text, for block layout `config` and similar small objects:
 * `{attributes:{volume:"340ml"}, isDefault:false}` → `attributes.volume: 340ml`, `isDefault: No`.
 */
export function flattenFields(value: unknown, prefix = '', depth = 0): Array<[path: string, text: string]> {
  if (depth > 8) return [[prefix, JSON.stringify(value)]];
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
      flattenFields(child, prefix ? `${prefix}.${key}` : key, depth + 1),
    );
  }
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null)) return [[prefix, value.map(String).join(', ')]];
    return value.flatMap((child, i) => flattenFields(child, `${prefix}[${i}]`, depth + 1));
  }
  if (value === null || value === undefined) return [[prefix, '(empty)']];
  return [[prefix, formatToggle(value, undefined) ?? String(value)]];
}

/** A type as analysts look for it: its name with its alias beside it ("Product Page (productPage)"). */
export const typeLabel = (name: string | undefined, alias: string): string =>
  name === undefined || name === alias ? alias : `${name} (${alias})`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An ISO date-time as a reader says it: "22 Nov 2026, 22:52 UTC". A time without a zone (Umbraco stores local server
 * time) keeps its clock reading and says no zone; text that is not a date comes back as it was.
 */
export function formatDate(text: string | null | undefined): string | undefined {
  if (text === null || text === undefined || text.trim() === '') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    text.trim(),
  );
  if (m === null) return text;
  const [, y, mo, d, h, mi, zone] = m;
  const day = `${Number(d)} ${MONTHS[Number(mo) - 1] ?? mo} ${y}`;
  if (h === undefined) return day;
  if (zone === undefined) return `${day}, ${h}:${mi}`;
  const utc = new Date(text.trim());
  if (Number.isNaN(utc.getTime())) return text;
  const iso = utc.toISOString();
  return `${Number(iso.slice(8, 10))} ${MONTHS[utc.getUTCMonth()]} ${iso.slice(0, 4)}, ${iso.slice(11, 16)} UTC`;
}
