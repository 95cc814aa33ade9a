import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCsv } from '../../src/lib/csv.ts';
import { encodeTable, type TableRow, type TableSpec } from '../../src/lib/tables/table-model.ts';
import { decodeTable } from '../../src/scripts/table-data.ts';
import { runQuery, toCsv, toJson, type TableQuery } from '../../src/scripts/table-engine.ts';
import { columnKind, type ColumnFilter } from '../../src/scripts/table-filters.ts';

const SPEC: TableSpec = {
  name: 't',
  columns: [
    { key: 'id', label: 'Id', type: 'num' },
    { key: 'name', label: 'Name', type: 'text' },
    { key: 'type', label: 'Type', type: 'code', facet: true },
    { key: 'languages', label: 'Languages', type: 'code', facet: true },
    { key: 'updated', label: 'Updated', type: 'code' },
    { key: 'path', label: 'Path', type: 'text', hidden: true },
  ],
};
const ROWS: TableRow[] = [
  { id: 1, name: 'Tea', type: 'product', languages: ['en', 'da'], updated: '2024-01-05T10:00:00Z', path: 'Home / Tea' },
  { id: 2, name: '=SUM(A1)', type: '__proto__', languages: [], updated: '2024-03-01T00:00:00Z', path: 'Home' },
  { id: 3, name: '', type: 'constructor', languages: ['da'], updated: null, path: 'Home / x' },
  {
    id: 10,
    name: 'Coffee',
    type: 'product',
    languages: ['en'],
    updated: '2023-12-31T23:59:59Z',
    path: 'Home / Coffee',
  },
];
const table = decodeTable(structuredClone(encodeTable(SPEC, ROWS)));
const query = (change: Partial<TableQuery>): number[] =>
  runQuery(table, { sort: undefined, text: '', facets: new Map(), filters: [], ...change }).rows.map(
    (r) => table.value(0, r) as number,
  );
const where = (...filters: ColumnFilter[]): number[] => query({ filters });

describe('table engine', () => {
  it('reads a column kind from its type or its values', () => {
    assert.deepEqual(
      SPEC.columns.map((_, c) => columnKind(table, c)),
      ['num', 'text', 'text', 'text', 'date', 'text'],
    );
  });

  it('filters text by contains, is, is empty and is not empty', () => {
    assert.deepEqual(where({ key: 'name', op: 'contains', value: 'CO' }), [10]);
    assert.deepEqual(where({ key: 'name', op: 'equals', value: 'Tea' }), [1]);
    assert.deepEqual(where({ key: 'name', op: 'empty', value: '' }), [3]);
    assert.deepEqual(where({ key: 'name', op: 'notempty', value: '' }), [1, 2, 10]);
    assert.deepEqual(where({ key: 'type', op: 'equals', value: '__proto__' }), [2]);
  });

  it('compares numbers as numbers and dates by their leading characters', () => {
    assert.deepEqual(where({ key: 'id', op: 'lt', value: '3' }), [1, 2]);
    assert.deepEqual(where({ key: 'id', op: 'gt', value: '2' }), [3, 10], '10 > 2 as numbers, not as text');
    assert.deepEqual(where({ key: 'updated', op: 'before', value: '2024-01-05' }), [10]);
    assert.deepEqual(where({ key: 'updated', op: 'after', value: '2024-01' }), [2], 'after January 2024');
    assert.deepEqual(where({ key: 'updated', op: 'empty', value: '' }), [3]);
  });

  it('treats a list cell as empty when it has no value, and as any of its values otherwise', () => {
    assert.deepEqual(where({ key: 'languages', op: 'empty', value: '' }), [2]);
    assert.deepEqual(where({ key: 'languages', op: 'equals', value: 'da' }), [1, 3]);
  });

  it('ignores a filter on an unknown column or without its value, and ANDs the others', () => {
    assert.deepEqual(
      where({ key: 'nope', op: 'equals', value: 'x' }, { key: 'name', op: 'contains', value: ' ' }),
      [1, 2, 3, 10],
    );
    assert.deepEqual(where({ key: 'type', op: 'equals', value: 'product' }, { key: 'id', op: 'gt', value: '5' }), [10]);
  });

  it('keeps rows with any chosen value of a facet, and counts each facet over the other filters', () => {
    const view = runQuery(table, {
      sort: { key: 'id', descending: true },
      text: '',
      facets: new Map([['type', ['product', 'constructor']]]),
      filters: [{ key: 'languages', op: 'equals', value: 'da' }],
    });
    assert.deepEqual(
      view.rows.map((r) => table.value(0, r)),
      [3, 1],
    );
    const types = view.counts.get(2) ?? [];
    const values = (table.data[2] as { values: string[] }).values;
    assert.deepEqual(
      values.map((v, k) => [v, types[k]]),
      [
        ['product', 1],
        ['__proto__', 0],
        ['constructor', 1],
      ],
    );
  });

  it('writes every column of the view as CSV (formula-guarded, lists joined) and JSON', () => {
    const rows = runQuery(table, { sort: undefined, text: '', facets: new Map(), filters: [] }).rows.slice(0, 2);
    const every = SPEC.columns.map((_, c) => c);
    const csv = parseCsv(toCsv(table, rows, every));
    assert.deepEqual(csv[0], ['id', 'name', 'type', 'languages', 'updated', 'path']);
    assert.deepEqual(csv[1], ['1', 'Tea', 'product', 'en; da', '2024-01-05T10:00:00Z', 'Home / Tea']);
    assert.equal(csv[2]?.[1], "'=SUM(A1)");
    assert.deepEqual(JSON.parse(toJson(table, rows, [0, 5])), [
      { id: 1, path: 'Home / Tea' },
      { id: 2, path: 'Home' },
    ]);
  });
});
