/**
 * The drafts' changes read one draft at a time (openDraftChanges). Expectations are the drafts this test writes itself,
 * one JSON line each as the build writes them and in other shapes a file may hold; the reader runs at several read
 * sizes so that lines cross its chunk boundaries.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openDraftChanges, type DraftChanges } from '../../scripts/core/draft-changes.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'draft-changes-by-key-'));
after(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function fileWith(text: string): string {
  const file = path.join(dir, `${++files}.ndjson`);
  writeFileSync(file, text);
  return file;
}

const change = (key: string, value: string): DraftChanges => ({
  key,
  compared: true,
  properties: [{ alias: 'title', name: 'Title', kind: 'changed', before: 'a', after: value } as never],
});

const drafts = [
  change('0000000a-aaaa-4bbb-8ccc-000000000001', 'plain'),
  // Hostile keys: quotes, backslashes, separators, bidi controls, a lone surrogate, prototype names.
  change('"quoted" \\ back\u2028slash \u202e', 'x\u2029y'),
  change('__proto__', '\ud800 lone'),
  change('constructor', 'y'.repeat(5000)),
];

describe('the drafts’ changes, read by key', () => {
  for (const chunkBytes of [7, 64, 1 << 20]) {
    it(`finds every draft as written, in ${chunkBytes}-byte reads`, () => {
      const file = fileWith(drafts.map((d) => JSON.stringify(d)).join('\n') + '\n');
      const read = openDraftChanges(file, chunkBytes);
      try {
        assert.equal(read.size, drafts.length);
        for (const d of drafts) assert.deepEqual(read.get(d.key), d, JSON.stringify(d.key));
        assert.equal(read.get('hasOwnProperty'), undefined);
        assert.equal(read.get('0000000a-aaaa-4bbb-8ccc-000000000002'), undefined);
      } finally {
        read.close();
      }
    });
  }

  it('reads a line whose key is not first, skips empty lines and takes a last line without a newline', () => {
    const { key, ...rest } = change('0000000b-aaaa-4bbb-8ccc-000000000001', 'key last');
    const file = fileWith(`\n${JSON.stringify(drafts[0])}\n\n${JSON.stringify({ ...rest, key })}`);
    const read = openDraftChanges(file, 16);
    assert.equal(read.size, 2);
    assert.equal(read.get(key)?.properties.length, 1);
    read.close();
  });

  it('reads no file as no drafts', () => {
    const read = openDraftChanges(path.join(dir, 'none.ndjson'));
    assert.equal(read.size, 0);
    assert.equal(read.get('__proto__'), undefined);
  });

  it('names the file and line of a line it cannot read, and opens nothing', () => {
    assert.throws(
      () => openDraftChanges(fileWith(`${JSON.stringify(drafts[0])}\n{"compared":tru\n`)),
      /\.ndjson line 2: /,
    );
    assert.throws(
      () => openDraftChanges(fileWith(`${JSON.stringify({ compared: true, properties: [], key: 7 })}\n`)),
      /line 1: a draft without a key/,
    );
  });

  it('refuses a line that is not the draft it is filed under', () => {
    const file = fileWith(`${JSON.stringify(drafts[0])}\n`);
    const read = openDraftChanges(file);
    // The file rewritten in place after the scan: the span now holds another draft.
    writeFileSync(file, `${JSON.stringify({ ...drafts[0], key: '0000000a-aaaa-4bbb-8ccc-000000000009' })}\n`);
    assert.throws(() => read.get(drafts[0]?.key as string), /is not that draft's changes/);
    read.close();
  });
});
