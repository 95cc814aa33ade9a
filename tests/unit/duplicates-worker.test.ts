/**
 * The duplicate finder's thread: it finds what the finder finds in the pass's own thread (the expected groups come
 * from the finder itself, run here on the same bodies), says why when it fails, and ends when told to.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDuplicateFinder } from '../../src/lib/audit/duplicates.ts';
import { startDuplicateFinder } from '../../src/lib/site-data/derive/duplicates-worker.ts';

const words = (seed: number, n = 40): string[] => Array.from({ length: n }, (_, i) => `w${(seed * 7919 + i) % 997}`);
/** A body 95 % like `words(seed)`: the last two of forty words changed. */
const near = (seed: number): string[] => [...words(seed).slice(0, 38), 'other', 'words'];
/** An item whose record lies nowhere: enough for bodies that are never read again. */
const item = (key: string, type = 'page') => ({ key, type, chunk: null, offset: null, length: null });

describe('the duplicate finder on its own thread', () => {
  it('finds the exact copies the finder finds in this thread, hostile keys and text included', async () => {
    const bodies: Array<[string, string, string[]]> = [
      ['a', 'page', words(1)],
      ['__proto__', 'page', words(1)],
      ['c\u202e\u2028', 'Page', words(1)],
      ['d', 'news', words(1)],
      ['e', 'page', words(2)],
      ['f', 'page', words(1, 10)], // too short to compare
      ['g', 'page', ['caf\u00e9', '\ud800', ...words(3)]],
      ['h', 'page', ['caf\u00e9', '\ud800', ...words(3)]],
    ];
    const here = createDuplicateFinder();
    const there = startDuplicateFinder('/nonexistent-snapshot');
    for (const [key, type, body] of bodies) {
      here.add(key, type, body);
      there.add(item(key, type), body);
    }
    // No pair here is near without being exact, so neither reads a body again: the snapshot is never opened.
    const expected = await here.finish(async () => assert.fail('no body is read again'));
    assert.equal(expected.duplicateOf.size, 3);
    const got = await there.finish();
    assert.deepEqual([...got.duplicateOf], [...expected.duplicateOf]);
    assert.deepEqual([...got.nearGroup], [...expected.nearGroup]);
  });

  it('says why when it cannot read the bodies it must confirm', async () => {
    const finder = startDuplicateFinder('/nonexistent-snapshot');
    // Where the records would lie: the thread reads them from there, not from an index of its own.
    finder.add({ ...item('a'), chunk: 'content/0001.ndjson', offset: 0, length: 10 }, words(5));
    finder.add({ ...item('b'), chunk: 'content/0001.ndjson', offset: 10, length: 10 }, near(5));
    await assert.rejects(finder.finish(), /^Error: the duplicate finder failed: .*ENOENT.*nonexistent-snapshot/);
  });

  it('ends without an answer when stopped', async () => {
    const finder = startDuplicateFinder('/nonexistent-snapshot');
    finder.add(item('a'), words(1));
    await finder.stop();
  });
});
