/**
 * JSON written in pieces must be the bytes JSON.stringify gives for the same value: the site data's readers parse the
 * files as JSON, and a build that writes them in pieces must not change a byte of them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arrayPieces, objectPieces, valuePieces } from '../../src/lib/json-pieces.ts';

const awkward: Record<string, unknown> = Object.assign(Object.create({ inherited: true }) as object, {
  text: 'line\u2028separator \u202e bidi "quoted" \\ \u0000 \ud800 lone',
  nested: { list: [1, 'two', null, undefined, { deep: [[], {}] }], empty: [] },
  skipped: undefined,
  fn: () => 1,
  date: new Date(Date.UTC(2026, 10, 26, 12, 0, 0)),
  '10': 'an index-like key, which JSON.stringify and Object.entries both put first',
  map: new Map([['a', 1]]),
  numbers: [0, -0, 1.5, Number.NaN, Infinity],
});
// An own key named __proto__ (as JSON.parse makes one), beside the inherited member JSON.stringify leaves out.
Object.defineProperty(awkward, '__proto__', { value: 'a key named __proto__', enumerable: true });

test('valuePieces joins to JSON.stringify at any depth, for awkward values', () => {
  for (const depth of [0, 1, 2, 3, 6]) {
    for (const value of [awkward, [awkward, [awkward]], [], {}, 'text', 7, null, [undefined, () => 1]])
      assert.equal([...valuePieces(value, depth)].join(''), JSON.stringify(value), `depth ${depth}`);
  }
});

test('valuePieces hands a long list out in bounded pieces, never as one string', () => {
  const items = Array.from({ length: 50_000 }, (_, i) => ({ key: `k${i}`, properties: [{ alias: 'a', to: i }] }));
  const value = { from: { dir: 'a' }, items: { changed: items } };
  const pieces = [...valuePieces(value, 3)];
  assert.equal(pieces.join(''), JSON.stringify(value));
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  assert.ok(pieces.length > 20, `${pieces.length} pieces`);
  // Each piece stops at the first member past 64 KB of gathered text.
  assert.ok(Math.max(...pieces.map((p) => p.length)) < 70_000, 'no piece grows with the list');
  assert.ok(total > 2_000_000);
});

test('arrayPieces and objectPieces join to JSON.stringify of the same array and object', () => {
  const values = [1, undefined, 'x', { a: [1, 2] }, null];
  assert.equal([...arrayPieces(values)].join(''), JSON.stringify(values));
  const many = Array.from({ length: 5000 }, (_, i) => ({ i }));
  assert.equal([...arrayPieces(many)].join(''), JSON.stringify(many));
  const entries: Array<[string, unknown]> = [
    ['a', 1],
    ['skip', undefined],
    ['b', { pieces: arrayPieces([1, 2]) }],
  ];
  assert.equal([...objectPieces(entries)].join(''), JSON.stringify({ a: 1, b: [1, 2] }));
});
