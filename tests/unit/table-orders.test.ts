/**
 * A column's order file: row numbers in ascending order as the table sorts (text ignoring case, numbers as numbers
 * with empty cells first, lists by their joined text, ties in file order), 4 bytes each, little-endian. Expected
 * orders are written out by hand.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { orderFile, readOrderFile } from '../../src/lib/tables/table-orders.ts';
import type { TableColumn, TableRow } from '../../src/lib/tables/table-model.ts';

const ROWS: TableRow[] = [
  { name: 'beta', level: 10, languages: ['en', 'da'] },
  { name: 'Alpha', level: 2, languages: ['da'] },
  { name: '__proto__', level: null, languages: [] },
  { name: 'alpha', level: 2, languages: ['da', 'en'] },
  { level: -1, languages: ['en'] },
  { name: 'bidi \u202e', level: 1e3, languages: ['da'] },
];

const column = (key: string, type: TableColumn['type']): TableColumn => ({ key, label: key, type });
const orderOf = (key: string, type: TableColumn['type']): number[] => [
  ...readOrderFile(orderFile(ROWS, column(key, type)).buffer),
];

test('text sorts ignoring case, empty first, ties in file order', () => {
  // '' < '__proto__' < 'alpha' (rows 1 and 3, in file order) < 'beta' < 'bidi'
  assert.deepEqual(orderOf('name', 'text'), [4, 2, 1, 3, 0, 5]);
});

test('numbers sort as numbers, an empty cell first', () => {
  assert.deepEqual(orderOf('level', 'num'), [2, 4, 1, 3, 0, 5]);
});

test("a number column's cells that are no numbers sort after every number, in file order", () => {
  const rows: TableRow[] = [{ n: 'n/a' }, { n: 3 }, { n: 'x' }, { n: null }, { n: -2 }, { n: 'n/a' }];
  const order = [...readOrderFile(orderFile(rows, column('n', 'num')).buffer)];
  assert.deepEqual(order, [3, 4, 1, 0, 2, 5]);
});

test('a list sorts by its joined text', () => {
  // '' < 'da' (rows 1 and 5) < 'da, en' < 'en' < 'en, da'
  assert.deepEqual(orderOf('languages', 'code'), [2, 1, 5, 3, 4, 0]);
});

test('the file is 4 bytes a row, little-endian', () => {
  const bytes = orderFile(ROWS, column('level', 'num'));
  assert.equal(bytes.byteLength, ROWS.length * 4);
  assert.deepEqual([...bytes.subarray(0, 8)], [2, 0, 0, 0, 4, 0, 0, 0]);
  assert.deepEqual([...readOrderFile(new ArrayBuffer(0))], []);
});

test('a truncated order file is refused with its size named', () => {
  assert.throws(() => readOrderFile(new ArrayBuffer(7)), /4 bytes a row, but this one has 7 bytes/);
});
