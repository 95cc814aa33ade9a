import type { DateConverter } from './dates.ts';

/** One `umbracoPropertyData` row's value columns. */
export interface StoredValue {
  intValue: number | bigint | null;
  decimalValue: string | number | null;
  dateValue: string | null;
  varcharValue: string | null;
  textValue: string | null;
}

/**
 * The value as the interface serves it. Umbraco returns the first non-empty column in the order
 * int → decimal → date → varchar → text (PropertyDataDto.Value), typed by that column; strings that
 * are JSON objects or arrays are sent parsed, as deployed sources do.
 */
export function toServedValue(row: StoredValue, toIsoDate: DateConverter): unknown {
  if (row.intValue !== null) return Number(row.intValue);
  if (row.decimalValue !== null) return Number(row.decimalValue);
  if (row.dateValue !== null) return toIsoDate(row.dateValue);
  const text = row.varcharValue ?? row.textValue;
  return text === null ? null : parseJsonText(text);
}

export function parseJsonText(text: string): unknown {
  const trimmed = text.trim();
  const looksLikeJson =
    (trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'));
  if (!looksLikeJson) return text;
  try {
    return JSON.parse(trimmed);
  } catch {
    return text;
  }
}
