/**
 * Sort orders of a table's columns as the browser sorts (src/scripts/table-engine.ts): text ignoring case, numbers as
 * numbers with empty cells first, ties in the file's order. The build writes each column's order of a large table as
 * a file (`tables/<name>.order.<column>.bin`, row numbers as 32-bit little-endian integers), so a sort at a million
 * rows fetches its order instead of sorting in the browser.
 */
import { cellText, type CellValue, type TableColumn, type TableRow } from './table-model.ts';

/** The key a cell sorts by. */
export function sortKey(value: CellValue | undefined, type: TableColumn['type']): string | number {
  const text = cellText(value);
  if (type !== 'num') return text.toLowerCase();
  return text === '' ? -Infinity : Number(text);
}

/**
 * Row numbers in ascending order of their keys, ties in row order. Rows are grouped by key first, so only the distinct
 * keys are sorted: a facet column (a kind, a type, a language) of a million rows sorts a handful of keys, and a
 * column of distinct keys costs what one sort of its rows did.
 */
export function ascendingOf(keys: ReadonlyArray<string | number>): Uint32Array {
  const groups = new Map<string | number, number[]>();
  for (let r = 0; r < keys.length; r++) {
    const key = keys[r] as string | number;
    const rows = groups.get(key);
    if (rows === undefined) groups.set(key, [r]);
    else rows.push(r);
  }
  // Text and numbers never share a column (sortKey). A cell of a number column that is no number (NaN, one group)
  // sorts after every number.
  const distinct = [...groups.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : Number.isNaN(a) ? 1 : -1));
  const order = new Uint32Array(keys.length);
  let at = 0;
  for (const key of distinct) for (const r of groups.get(key)!) order[at++] = r;
  return order;
}

/** The order file of one column: its ascending row numbers, 4 bytes each, little-endian. */
export function orderFile(rows: readonly TableRow[], column: TableColumn): Uint8Array<ArrayBuffer> {
  const order = ascendingOf(rows.map((row) => sortKey(row[column.key], column.type)));
  const bytes = new Uint8Array(new ArrayBuffer(order.length * 4));
  const view = new DataView(bytes.buffer);
  for (const [i, r] of order.entries()) view.setUint32(i * 4, r, true);
  return bytes;
}

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** Reads an order file back (on any machine: a big-endian one reads it value by value). */
export function readOrderFile(buffer: ArrayBuffer): Uint32Array {
  if (buffer.byteLength % 4 !== 0)
    throw new Error(`an order file holds 4 bytes a row, but this one has ${buffer.byteLength} bytes`);
  if (LITTLE_ENDIAN) return new Uint32Array(buffer);
  const view = new DataView(buffer);
  return Uint32Array.from({ length: buffer.byteLength / 4 }, (_, i) => view.getUint32(i * 4, true));
}
