/**
 * Cell text as documented in docs/mapping.md: formula-like text behind a `'` guard that reading removes; characters
 * XML cannot hold as OOXML `_xHHHH_` escapes (decoded here by the spec's rule, not by the code under test); cells cut
 * at 32,767 characters without splitting an escape or a surrogate pair.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellValueText, fromCellText, toCellText } from '../../scripts/mapping/cell-text.ts';

/** ECMA-376 ST_Xstring: `_xHHHH_` stands for the UTF-16 code unit HHHH. */
const decodeOoxml = (text: string): string =>
  text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const SAMPLES = [
  'plain',
  '=1+1',
  '+SUM(A1)',
  '-2',
  '@cmd',
  '\tTab',
  '\rreturn',
  "'quoted",
  "'=guard-looking",
  'nul \u0000 bell \u0007 vt \u000b ff \u000c us \u001f',
  'fffe \uFFFE ffff \uFFFF',
  '_x0041_ and _x00_ and _X0041_',
  'bidi \u202e\u2066 and \u2028\u2029',
  '😀 pair kept',
  '__proto__',
];

test('text survives the trip into a cell and back', () => {
  for (const text of SAMPLES) {
    const cell = toCellText(text);
    assert.doesNotMatch(cell, /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/, JSON.stringify(text));
    assert.doesNotMatch(cell, /^[=+\-@\t\r]/, `${JSON.stringify(text)} is not a formula`);
    assert.equal(fromCellText(decodeOoxml(cell)), text, JSON.stringify(text));
  }
});

test('a lone surrogate, which no file can hold, becomes U+FFFD', () => {
  assert.equal(fromCellText(decodeOoxml(toCellText('a\uD800b\uDC00c'))), 'a\uFFFDb\uFFFDc');
});

test('long text is cut at the cell limit without breaking an escape or a pair', () => {
  for (const filler of ['x', '\u0001', '😀']) {
    const cell = toCellText(filler.repeat(40_000));
    assert.ok(cell.length <= 32_767, `${cell.length}`);
    assert.ok(cell.endsWith('…'));
    const body = cell.slice(0, -1);
    assert.doesNotMatch(body, /_x[0-9A-F]{0,4}$/);
    assert.doesNotMatch(body, /[\uD800-\uDBFF]$/);
  }
});

test('cells as the reader sees them become plain text', () => {
  assert.equal(cellValueText(null), '');
  assert.equal(cellValueText(42), '42');
  assert.equal(cellValueText(true), 'true');
  assert.equal(cellValueText(new Date('2026-01-02T03:04:05Z')), '2026-01-02T03:04:05.000Z');
  assert.equal(cellValueText({ richText: [{ text: "'=a" }, { text: 'b' }] }), '=ab');
  assert.equal(cellValueText({ formula: 'A1', result: 7 }), '7');
  assert.equal(cellValueText({ text: 'link', hyperlink: 'http://x' }), 'link');
  assert.equal(cellValueText({ error: '#REF!' }), '#REF!');
});
