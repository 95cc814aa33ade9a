/**
 * A large table's first-view file: the first rows with every column (deferred ones too), each facet's dictionary over
 * every row numbered as the table file numbers it, and per facet value the rows holding it (list cells count each
 * value), with hostile text, missing cells, prototype-named values and fewer rows than the first view holds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFirstView } from '../../src/lib/tables/table-first-view.ts';
import { decodeCell, encodeTable, type TableRow, type TableSpec } from '../../src/lib/tables/table-model.ts';

const SPEC: TableSpec = {
  name: 'items',
  columns: [
    { key: 'key', label: 'Key', type: 'code', deferred: true },
    { key: 'name', label: 'Name', type: 'text' },
    { key: 'kind', label: 'Kind', type: 'code', facet: true },
    { key: 'languages', label: 'Languages', type: 'code', facet: true },
  ],
};

const ROWS: TableRow[] = [
  { key: 'a', name: 'bidi \u202e \ud800', kind: 'content', languages: ['en', 'da'] },
  { key: 'b', name: '__proto__', kind: 'media', languages: [] },
  { key: 'c', name: 'constructor', kind: 'content', languages: ['da'] },
  { key: 'd', kind: '__proto__', languages: ['en'] },
  { key: 'e', name: 'last', kind: 'content', languages: ['fr', 'en'] },
];

test('the first view holds the first rows with every column, deferred ones too', () => {
  const view = encodeFirstView(SPEC, ROWS, 3);
  assert.equal(view.count, 3);
  assert.equal(view.total, 5);
  assert.deepEqual(view.data[0], ['a', 'b', 'c']);
  assert.deepEqual(view.data[1], ['bidi \u202e \ud800', '__proto__', 'constructor']);
  const kinds = [0, 1, 2].map((r) => decodeCell(view.data[2] as never, r));
  assert.deepEqual(kinds, ['content', 'media', 'content']);
  const languages = [0, 1, 2].map((r) => decodeCell(view.data[3] as never, r));
  assert.deepEqual(languages, [['en', 'da'], [], ['da']]);
  // Through JSON and back, as the browser reads it.
  assert.deepEqual(JSON.parse(JSON.stringify(view)), view);
});

test('facet counts are over every row, a list cell counting each of its values', () => {
  const view = encodeFirstView(SPEC, ROWS, 2);
  const countsOf = (c: number): Map<string, number | undefined> => {
    const facet = view.data[c] as { values: unknown[] };
    return new Map(facet.values.map((v, k) => [String(v), view.counts[c]?.[k]]));
  };
  const expected = (pairs: Array<[string, number]>): Map<string, number | undefined> => new Map(pairs);
  assert.deepEqual(
    countsOf(2),
    expected([
      ['content', 3],
      ['media', 1],
      ['__proto__', 1],
    ]),
  );
  assert.deepEqual(
    countsOf(3),
    expected([
      ['en', 3],
      ['da', 2],
      ['fr', 1],
    ]),
  );
  assert.equal(view.counts[0], null);
  assert.equal(view.counts[1], null);
});

test('facet dictionaries number values as the table file does, so codes from either file agree', () => {
  const view = encodeFirstView(SPEC, ROWS, 5);
  const file = encodeTable(SPEC, ROWS);
  for (const c of [2, 3]) assert.deepEqual(view.data[c], file.data[c]);
});

test('a table smaller than the first view is held whole', () => {
  const view = encodeFirstView(SPEC, ROWS.slice(0, 2));
  assert.equal(view.count, 2);
  assert.equal(view.total, 2);
  assert.deepEqual(encodeFirstView(SPEC, []).data[2], { values: [], codes: [] });
});
