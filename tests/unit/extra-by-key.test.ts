/**
 * Drafts and unpublished items read one entry at a time (openExtraByKey). Expectations are the entries this test writes
 * itself, line by line as the crawler does and in other shapes a file may hold; the reader is run at several read sizes
 * so that lines cross its chunk boundaries.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { extraFileOf, openExtraByKey } from '../../scripts/core/snapshot-extras.ts';
import type { Manifest } from '../../scripts/core/snapshot-schemas.ts';

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const manifestOf = (...files: string[]): Manifest =>
  ({ files: Object.fromEntries(files.map((f) => [f, { sha256: '', bytes: 0, records: 0 }])) }) as unknown as Manifest;

function snapshotWith(name: 'drafts' | 'unpublished', text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'extra-by-key-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'extras'));
  writeFileSync(path.join(dir, extraFileOf(name)), text);
  return dir;
}

const key = (n: number): string => `${String(n).padStart(8, '0')}-aaaa-4bbb-8ccc-${String(n).padStart(12, '0')}`;

/** A draft as the crawler stores it: id and key first. */
function draft(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 1000 + n,
    key: key(n),
    name: `Draft ${n}`,
    type: 'article',
    parentId: 1,
    level: 2,
    updateDate: '2026-11-01T10:00:00.000Z',
    properties: { title: { alias: 'title', value: `title ${n}` } },
    publishedName: null,
    publishedDate: null,
    editedCultures: [],
    ...extra,
  };
}

// JSON.parse keeps `__proto__` as an own key, as a crawled answer does.
const hostileProperties = JSON.parse(
  '{"__proto__":{"alias":"__proto__","value":"x"},"constructor":{"value":"\\u2028\\u2029\\u202e\\u0007 \\ud800"}}',
);

const entries = [
  draft(1),
  draft(2, { name: 'Line\u2028separator \u202ebidi\u202c and a\nnew line', properties: hostileProperties }),
  draft(3, { properties: { body: { alias: 'body', value: 'x'.repeat(5000) } } }),
];
/** The same draft with its key last: not how the crawler writes it, so the reader parses the line for its key. */
const keyLast = (() => {
  const { key: k, ...rest } = draft(4);
  return { ...rest, key: k };
})();
const replaced = draft(1, { name: 'Draft 1, saved again' });

const text = [...entries, keyLast, replaced].map((entry) => JSON.stringify(entry)).join('\n');

describe('extras read by key', () => {
  it('gives each entry as written, at any read size, the last of a key given twice, and nothing for others', () => {
    const dir = snapshotWith('drafts', text); // no newline after the last line
    for (const chunkBytes of [7, 64, 1000, 1 << 20]) {
      const drafts = openExtraByKey(dir, manifestOf(extraFileOf('drafts')), 'drafts', chunkBytes);
      try {
        assert.equal(drafts.size, 4, `size at ${chunkBytes}`);
        assert.deepEqual([...drafts.keys()], [key(1), key(2), key(3), key(4)], `keys in file order at ${chunkBytes}`);
        assert.deepEqual(drafts.get(key(1)), replaced);
        assert.deepEqual(drafts.get(key(2)), entries[1]);
        assert.equal(Object.hasOwn(drafts.get(key(2))!.properties, '__proto__'), true);
        assert.deepEqual(drafts.get(key(3)), entries[2]);
        assert.deepEqual(drafts.get(key(4)), keyLast);
        assert.equal(drafts.get(key(5)), undefined);
        assert.equal(drafts.has(key(5)), false);
        assert.equal(drafts.get('__proto__'), undefined);
        assert.equal(drafts.has('constructor'), false);
      } finally {
        drafts.close();
      }
    }
  });

  it('skips empty lines and reads unpublished items too', () => {
    const { publishedName: _name, publishedDate: _date, editedCultures: _cultures, ...item } = draft(7);
    const unpublished = { ...item, everPublished: true };
    const dir = snapshotWith('unpublished', `\n${JSON.stringify(unpublished)}\n\n`);
    const items = openExtraByKey(dir, manifestOf(extraFileOf('unpublished')), 'unpublished', 16);
    assert.equal(items.size, 1);
    assert.deepEqual(items.get(key(7)), unpublished);
    items.close();
    assert.throws(() => items.get(key(7)), /was closed/);
  });

  it('has nothing when the source did not offer the extra', () => {
    const dir = snapshotWith('drafts', text);
    const drafts = openExtraByKey(dir, manifestOf(), 'drafts');
    assert.equal(drafts.size, 0);
    assert.deepEqual([...drafts.keys()], []);
    assert.equal(drafts.get(key(1)), undefined);
  });

  it('names the file and the line of a line that is no JSON, and the key of an entry that breaks its schema', () => {
    const broken = snapshotWith('drafts', `${JSON.stringify(draft(1))}\n{"name": "no key", \n`);
    const manifest = manifestOf(extraFileOf('drafts'));
    assert.throws(
      () => openExtraByKey(broken, manifest, 'drafts'),
      (error: Error) => error.message.includes('drafts.ndjson line 2') && error.message.includes(broken),
    );
    const keyless = snapshotWith('drafts', `${JSON.stringify({ name: 'no key' })}\n`);
    assert.throws(() => openExtraByKey(keyless, manifest, 'drafts'), /drafts\.ndjson line 1: an entry without a key/);
    // The crawler's head, then a body that is cut off or of the wrong shape: refused when the entry is read.
    const cut = snapshotWith('drafts', `${JSON.stringify(draft(1)).slice(0, 120)}\n`);
    const cutDrafts = openExtraByKey(cut, manifest, 'drafts');
    assert.throws(() => cutDrafts.get(key(1)), new RegExp(`drafts\\.ndjson, the entry of ${key(1)} at byte 0`));
    cutDrafts.close();
    const wrong = snapshotWith('drafts', `${JSON.stringify(draft(1, { properties: [] }))}\n`);
    const wrongDrafts = openExtraByKey(wrong, manifest, 'drafts');
    assert.throws(() => wrongDrafts.get(key(1)), new RegExp(`the entry of ${key(1)}.*properties`, 's'));
    wrongDrafts.close();
  });
});
