/**
 * The files beside a table file that a large table's page reads: one first view and one order per column, named
 * `<name>.first-view.json` and `<name>.order-<column>.bin`, answered with the first view's JSON and the order's bytes;
 * any other name is not one of them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { viewFileNames, viewFileResponse } from '../../src/lib/tables/table-view-files.ts';
import type { TableRow, TableSpec } from '../../src/lib/tables/table-model.ts';

const SPEC: TableSpec = {
  name: 'items-added',
  columns: [
    { key: 'name', label: 'Name', type: 'text' },
    { key: 'kind', label: 'Kind', type: 'code', facet: true },
  ],
};
const ROWS: TableRow[] = [
  { name: 'b', kind: 'media' },
  { name: 'A', kind: 'content' },
  { name: 'constructor', kind: 'content' },
];

test('one first view and one order per column', () => {
  assert.deepEqual(viewFileNames('items-added', SPEC), [
    'items-added.first-view.json',
    'items-added.order-name.bin',
    'items-added.order-kind.bin',
  ]);
});

test('the first view and the orders are answered; another name is not', async () => {
  const first = (await viewFileResponse(SPEC, ROWS, 'first-view.json')?.json()) as { total: number; counts: unknown };
  assert.equal(first.total, 3);
  assert.deepEqual(first.counts, [null, [1, 2]]);
  const order = new Uint8Array((await viewFileResponse(SPEC, ROWS, 'order-name.bin')?.arrayBuffer()) as ArrayBuffer);
  // 'a' < 'b' < 'constructor'
  assert.deepEqual([...order], [1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0]);
  assert.equal(viewFileResponse(SPEC, ROWS, 'json'), undefined);
  assert.equal(viewFileResponse(SPEC, ROWS, 'order-missing.bin'), undefined);
  assert.equal(viewFileResponse(SPEC, ROWS, 'order-__proto__.bin'), undefined);
});
