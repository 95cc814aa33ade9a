/**
 * The table file written in pieces is, byte for byte, the one the encoder wrote as one string before: with hostile
 * text, list-valued facets, missing cells, a deferred column, no rows, and more rows than one piece holds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeDeferredColumn, encodeTable, type TableRow, type TableSpec } from '../../src/lib/tables/table-model.ts';
import { encodeDeferredPieces, encodeTablePieces, streamedJson } from '../../src/lib/tables/table-stream.ts';

const SPEC: TableSpec = {
  name: 'items "all"',
  rowAttr: { name: 'key', column: 'key' },
  columns: [
    { key: 'key', label: 'Key', type: 'code', deferred: true },
    { key: 'name', label: 'Name', type: 'text', link: '{kind}/{key}/' },
    { key: 'kind', label: 'Kind', type: 'text', facet: true },
    { key: 'languages', label: 'Languages', type: 'text', facet: true },
    { key: 'id', label: 'Id', type: 'num' },
    { key: 'complete', label: 'Complete', type: 'text', facet: true, hidden: true },
  ],
};

const HOSTILE = [
  'plain',
  'quote " backslash \\ tab \t newline \n',
  'bidi \u202e reversed \u2066 isolate',
  'line \u2028 and paragraph \u2029 separators',
  'lone \ud800 high and \udc00 low surrogates',
  'control \u0000 \u001f \u007f',
  '__proto__',
  'constructor',
  '😀 emoji and é',
  '',
];

function rowsOf(count: number): TableRow[] {
  return Array.from({ length: count }, (_, i) => {
    const row: TableRow = {
      key: `k-${i}-${HOSTILE[i % HOSTILE.length]}`,
      name: HOSTILE[(i * 7) % HOSTILE.length] as string,
      kind: i % 3 === 0 ? 'media' : (HOSTILE[i % 4] as string),
      languages: i % 5 === 0 ? [] : ['en-US', HOSTILE[i % HOSTILE.length] as string].slice(0, 1 + (i % 2)),
      complete: i % 11 !== 0,
    };
    // Some rows lack a cell: the encoder writes null for it.
    if (i % 13 !== 0) row.id = i % 17 === 0 ? null : i * 1.5;
    return row;
  });
}

for (const count of [0, 1, 7, 5000]) {
  test(`${count} rows: the pieces joined are the encoder's JSON`, async () => {
    const rows = rowsOf(count);
    const expected = JSON.stringify(encodeTable(SPEC, rows));
    const pieces = [...encodeTablePieces(SPEC, rows)];
    assert.equal(pieces.join(''), expected);
    assert.equal(await streamedJson(encodeTablePieces(SPEC, rows)).text(), expected);
    assert.equal([...encodeDeferredPieces(rows, 'key')].join(''), JSON.stringify(encodeDeferredColumn(rows, 'key')));
    if (count === 5000) {
      assert.ok(pieces.length > 10, `${pieces.length} pieces`);
      const largest = Math.max(...pieces.map((p) => p.length));
      assert.ok(largest < expected.length / 3, `largest piece ${largest} of ${expected.length}`);
    }
  });
}
