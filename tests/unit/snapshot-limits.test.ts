/** The caps' flags, the nesting check, text repair and key masking, as pure functions. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnswerLimitError, isPlainlyWellFormed, makeWellFormed } from '../../scripts/snapshot/client/answer-body.ts';
import { loadConfig } from '../../scripts/snapshot/config.ts';
import { UsageError } from '../../scripts/snapshot/crawl-errors.ts';
import { maskSecret } from '../../scripts/snapshot/client/secret-mask.ts';

const SOURCE = ['--source', 'http://127.0.0.1:1'];

describe('caps and repairs', () => {
  it('caps are configurable, with defaults, and a bad value is a clear usage error', async () => {
    const config = await loadConfig(
      [...SOURCE, '--max-depth', '64', '--max-answer-bytes', '2048', '--allow-shrink'],
      {},
      '/w',
    );
    assert.deepEqual(config.limits, { maxAnswerBytes: 2048, maxDecompressedBytes: 128 << 20, maxDepth: 64 });
    assert.equal(config.maxContentTypes, 10_000);
    assert.equal(config.allowShrink, true);
    assert.equal(config.followRedirects, false);
    await assert.rejects(
      loadConfig([...SOURCE, '--max-depth', '3', '--max-content-types', 'many'], {}, '/w'),
      (error: unknown) => {
        assert.ok(error instanceof UsageError);
        assert.deepEqual(error.problems, [
          '--max-content-types: must be a whole number',
          '--max-depth: must be at least 8',
        ]);
        return true;
      },
    );
  });

  it('nesting counts arrays and objects, not brackets inside strings', () => {
    const counter = { repaired: 0 };
    assert.doesNotThrow(() => makeWellFormed(JSON.parse('{"a":[[1]],"b":"[[[[[[\\"[[[["}'), counter, 3));
    const tooDeep = (error: unknown) => error instanceof AnswerLimitError && error.reason === 'too-deep';
    assert.throws(() => makeWellFormed(JSON.parse('[[[[1]]]]'), counter, 3), tooDeep);
    assert.throws(
      () => makeWellFormed(JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`), counter, 2048),
      tooDeep,
    );
  });

  it('lone surrogates in values and keys become U+FFFD and are counted; __proto__ stays a key', () => {
    const counter = { repaired: 0 };
    const value = JSON.parse(
      '{"a":"x\\ud83d","\\udc00k":["ok","\\ud800"],"__proto__":{"v":"\\ud83d\\ude00"}}',
    ) as Record<string, unknown>;
    const repaired = makeWellFormed(value, counter) as Record<string, unknown>;
    assert.equal(counter.repaired, 3);
    assert.equal(
      JSON.stringify(repaired),
      '{"a":"x\ufffd","__proto__":{"v":"\ud83d\ude00"},"\ufffdk":["ok","\ufffd"]}',
    );
  });

  it('only a text that can hold no lone surrogate and nests no deeper than the cap skips the repair walk', () => {
    assert.equal(isPlainlyWellFormed('{"a":[1,{"b":"é 😀 \\u00e9 \\n"}]}', 3), true);
    assert.equal(isPlainlyWellFormed('{"a":"\\ud83d\\ude00"}', 8), false, 'an escaped pair: the walk decides');
    assert.equal(isPlainlyWellFormed('', 8), true);
    assert.equal(isPlainlyWellFormed('{"a":"x\\ud83d"}', 8), false, 'an escaped lone surrogate');
    assert.equal(isPlainlyWellFormed('{"a":"x\\uDC00"}', 8), false, 'upper case');
    assert.equal(isPlainlyWellFormed('{"a":"x\ud83d"}', 8), false, 'a raw lone surrogate');
    assert.equal(isPlainlyWellFormed('[[[1]]]', 3), true, 'three levels under a cap of three');
    assert.equal(isPlainlyWellFormed('[[[[1]]]]', 3), false, 'four levels');
    assert.equal(isPlainlyWellFormed('[{"a":"[[["}]', 3), false, 'brackets in strings count: the walk decides');
    for (const text of ['[[[1]]]', '{"a":[{"b":"é"}]}']) {
      assert.equal(isPlainlyWellFormed(text, 3), true);
      const counter = { repaired: 0 };
      assert.doesNotThrow(() => makeWellFormed(JSON.parse(text), counter, 3), 'what it passes, the walk passes');
      assert.equal(counter.repaired, 0);
    }
  });

  it('the key is masked plain, Basic, URL- and form-encoded and JSON-escaped', () => {
    const key = 'K+y/"q\\ é-123';
    const echoes = [
      key,
      Buffer.from(`api:${key}`).toString('base64'),
      encodeURIComponent(key),
      'K%2by%2f%22q%5c%20%c3%a9-123',
      new URLSearchParams({ k: key }).toString().slice(2),
      JSON.stringify(key),
      JSON.stringify(JSON.stringify(key)),
    ];
    for (const echo of echoes) assert.doesNotMatch(maskSecret(`before ${echo} after`, key), /123/, echo);
  });
});
