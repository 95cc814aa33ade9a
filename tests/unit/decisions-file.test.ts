/**
 * Reading a decisions file: malformed CSV stops with file, line and column; each row that cannot be used (a key that
 * is no GUID, hostile text included, an unknown disposition, a merge without a target) is listed with its line and
 * column, never dropped silently; quoted cells spanning lines keep the line numbers of the rows after them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DecisionsFileError, readDecisions } from '../../src/lib/decisions/decisions-file.ts';

const A = '0bff89b9-7876-4f72-b0d9-177b1c0e454d';
const B = 'd123b7b4-c388-4132-b878-8ddcace5c081';

describe('decisions file', () => {
  it('reads every column, keys normalised to lower case with dashes, header names in any spelling', () => {
    const text =
      '\uFEFFKey,Disposition,Target Type,owner,PRIORITY,note,decided_at\r\n' +
      `${A.toUpperCase()},Rewrite,article,Ann,high,"two\nlines, ""quoted""",2026-01-05\r\n` +
      `${B.replace(/-/g, '')},merge-into:${A},,Bo,low,,\r\n`;
    const { decisions, problems } = readDecisions(text, 'd.csv');
    assert.deepEqual(problems, []);
    assert.deepEqual(
      decisions.map((d) => [d.key, d.disposition, d.mergeInto, d.targetType, d.owner, d.priority, d.note, d.line]),
      [
        [A, 'rewrite', '', 'article', 'Ann', 'high', 'two\nlines, "quoted"', 2],
        [B, `merge-into:${A}`, A, '', 'Bo', 'low', '', 4],
      ],
    );
  });

  it('names file, line and column of malformed CSV', () => {
    assert.throws(() => readDecisions(`key,disposition\n${A},"keep\n`, 'bad.csv'), {
      name: 'DecisionsFileError',
      message: /^bad\.csv:2:38: a quoted cell is never closed$/,
    });
    assert.throws(
      () => readDecisions(`key,disposition\n${A},ke"ep\n`, 'bad.csv'),
      /^DecisionsFileError: bad\.csv:2:40:/,
    );
    assert.throws(() => readDecisions('id,what\n1,keep\n', 'x.csv'), DecisionsFileError);
  });

  it('lists every row it cannot use with its line and column, and keeps the others', () => {
    const text = [
      'key,disposition,owner,decided-at,colour',
      `__proto__,keep,,,`,
      `${A},destroy,,,`,
      `${B},merge-into:nowhere,,,`,
      `constructor\u202e,keep,,,`,
      `${A},keep,Ann,yesterday,`,
      `${A},archive,Bo,,`,
    ].join('\n');
    const { decisions, problems } = readDecisions(text, 'd.csv');
    assert.deepEqual(
      decisions.map((d) => [d.key, d.disposition, d.owner, d.line]),
      [[A, 'archive', 'Bo', 7]],
    );
    assert.deepEqual(
      problems.map((p) => `${p.file}:${p.line}:${p.column}`),
      ['d.csv:1:34', 'd.csv:2:1', 'd.csv:3:38', 'd.csv:4:38', 'd.csv:5:1', 'd.csv:6:47', 'd.csv:7:1'],
    );
    assert.match(problems[0]!.message, /unknown column "colour"/);
    assert.match(problems[1]!.message, /key "__proto__" is not a GUID: row not used/);
    assert.match(problems[2]!.message, /unknown disposition "destroy"/);
    assert.match(problems[3]!.message, /merge-into needs the GUID/);
    assert.match(problems[4]!.message, /\\u202e/);
    assert.doesNotMatch(problems[4]!.message, /\u202e/);
    assert.match(problems[5]!.message, /decided-at "yesterday" is not a date/);
    assert.match(problems[6]!.message, /decided on line 6 too: this later row is used/);
  });
});
