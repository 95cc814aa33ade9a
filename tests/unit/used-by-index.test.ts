/**
 * used-by.json read by key: every entry as JSON.parse of the whole file gives it (the oracle), with keys and values
 * that hold what a scanner could trip on (quotes, backslashes, braces, commas and colons in strings, escapes, lone
 * surrogates, bidi and line-separator characters, prototype names), across read boundaries of every size; and a
 * broken file named with what is wrong.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { usedBySchema } from '../../src/lib/site-data/site-data-format.ts';
import { openUsedByIndex } from '../../src/lib/site-data/used-by-index.ts';

const HOSTILE = [
  '__proto__',
  'constructor',
  'toString',
  'a"b',
  'back\\slash',
  '{"not":"a key"}',
  'comma, colon: bracket] brace}',
  'lone \ud800 surrogate',
  'bidi \u202e and \u2028 line',
  'ünïcødé ✓ 𝄞',
  '',
];

function entry(i: number, alias: string) {
  return { count: i + 1, from: [{ key: `k-${i}`, kind: i % 2 ? 'media' : 'content', aliases: [alias, `${alias}}]`] }] };
}

describe('used-by.json read by key', () => {
  let tmp: string;
  const whole: Record<string, unknown> = Object.create(null);

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'used-by-index-'));
    HOSTILE.forEach((key, i) => (whole[key] = entry(i, HOSTILE[(i + 3) % HOSTILE.length] as string)));
    for (let i = 0; i < 500; i++) whole[`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`] = entry(i, `a${i}`);
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  it('gives every entry as JSON.parse of the whole file does, at any read size, and nothing for other keys', async () => {
    const file = path.join(tmp, 'used-by.json');
    const text = JSON.stringify(whole);
    await writeFile(file, text);
    const oracle = JSON.parse(text) as Record<string, unknown>;
    assert.ok(usedBySchema.safeParse(oracle).success, 'the fixture is a used-by.json as the format describes it');
    for (const chunk of [1, 2, 3, 7, 64, 1 << 20]) {
      const index = openUsedByIndex(file, chunk);
      try {
        assert.equal(index.size, Object.keys(oracle).length, `read size ${chunk}`);
        for (const key of Object.keys(oracle)) assert.deepEqual(index.get(key), oracle[key], `${key} at ${chunk}`);
        for (const absent of ['hasOwnProperty', 'k-1', 'a"', '__PROTO__']) assert.equal(index.get(absent), undefined);
      } finally {
        index.close();
      }
    }
  });

  it('reads a file with spaces and line breaks between tokens, an empty object, and a key given twice', async () => {
    const spaced = path.join(tmp, 'spaced.json');
    await writeFile(
      spaced,
      ' {\n  "a" : { "count": 1, "from": [] } ,\r\n\t"b":{"count":2,"from":[]},"a":{"count":3,"from":[]}\n}\n',
    );
    const index = openUsedByIndex(spaced, 5);
    assert.deepEqual([index.size, index.get('a')?.count, index.get('b')?.count], [2, 3, 2]);
    index.close();
    const empty = path.join(tmp, 'empty.json');
    await writeFile(empty, '{}');
    assert.equal(openUsedByIndex(empty).size, 0);
  });

  it('refuses a broken file, naming it and what is wrong', async () => {
    const cases: Array<[string, RegExp]> = [
      ['', /no opening brace/],
      ['[1]', /no opening brace at byte 0/],
      ['{"a":{"count":1,"from":[]}', /the object does not end/],
      ['{"a":{"count":1}} {}', /text after the object at byte 18/],
      ['{"a" "b":{}}', /two keys without a value/],
      ['{,"a":{}}', /a comma without an entry at byte 1/],
      ['{"a"}', /a key without a value/],
    ];
    for (const [text, message] of cases) {
      const file = path.join(tmp, 'broken.json');
      await writeFile(file, text);
      assert.throws(
        () => openUsedByIndex(file, 3),
        (error: Error) => {
          assert.match(error.message, /broken\.json is not a used-by object/);
          assert.match(error.message, message, text);
          return true;
        },
      );
    }
  });
});
