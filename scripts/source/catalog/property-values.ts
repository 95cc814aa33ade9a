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
 * A decimal column's value. It is sent as a JSON number (its `toJSON`); the plugin flavors send it as their
 * generation does, whatever the editor: Umbraco's published cache holds every decimal as text.
 */
export class StoredDecimal {
  readonly value: number;
  constructor(text: string) {
    this.value = Number(text);
  }
  toJSON(): number {
    return this.value;
  }
}

/**
 * The value as the interface serves it. Umbraco returns the first non-empty column in the order
 * int → decimal → date → varchar → text (PropertyDataDto.Value), typed by that column; strings that
 * are JSON objects or arrays are sent parsed, as deployed sources do.
 */
export function toServedValue(row: StoredValue, toIsoDate: DateConverter): unknown {
  if (row.intValue !== null) return Number(row.intValue);
  if (row.decimalValue !== null) return new StoredDecimal(String(row.decimalValue));
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
