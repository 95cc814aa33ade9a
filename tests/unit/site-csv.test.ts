import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvCell, csvRow, parseCsv } from '../../src/lib/csv.ts';

describe('CSV (RFC 4180)', () => {
  it('quotes only when needed and doubles quotes', () => {
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    assert.equal(csvCell('cr\rhere'), '"cr\rhere"');
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(undefined), '');
    assert.equal(csvCell(42), '42');
    assert.equal(csvCell(false), 'false');
  });

  it('ends rows with CRLF', () => {
    assert.equal(csvRow(['a', 'b,c', 3]), 'a,"b,c",3\r\n');
  });

  it('guards against formula injection', () => {
    assert.equal(csvCell('=HYPERLINK("http://evil","x")'), `"'=HYPERLINK(""http://evil"",""x"")"`);
    assert.equal(csvCell('+1+2'), "'+1+2");
    assert.equal(csvCell('-2+3'), "'-2+3");
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvCell('\t=1'), "'\t=1");
    assert.equal(csvCell('\r=1'), `"'\r=1"`);
    assert.equal(csvCell('a=1'), 'a=1');
    assert.equal(csvCell(-5), '-5', 'numbers are data, not formulas');
  });

  it('round-trips through the parser', () => {
    const rows = [
      ['k', 'v'],
      ['a,b', 'x "y"'],
      ['multi\nline', ''],
      ['=cmd', 'ok'],
    ];
    const text = rows.map(csvRow).join('');
    assert.deepEqual(parseCsv(text), [
      ['k', 'v'],
      ['a,b', 'x "y"'],
      ['multi\nline', ''],
      ["'=cmd", 'ok'],
    ]);
  });
});
