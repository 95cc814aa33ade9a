/**
 * MinHash signatures as the content audit's near-duplicate search needs them: each row is the minimum of the row's
 * hash over the set, so the signature of a union is the row-wise minimum of its parts' signatures whatever the order
 * (a property of minima, not of the hash chosen), and two bodies 90 % alike agree on most rows wherever they differ.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDuplicateFinder } from '../../src/lib/audit/duplicates.ts';
import { agreement, HASHES, listShingles, signatureOf } from '../../src/lib/audit/min-hash.ts';

const words = (n: number, prefix = 'w'): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('MinHash signatures', () => {
  it('sign a union as the row-wise minimum of its parts, in any order', () => {
    const a = new Set(Array.from({ length: 300 }, (_, i) => (i * 2654435761) >>> 0));
    const b = new Set(Array.from({ length: 300 }, (_, i) => ((i + 1000) * 2246822519) >>> 0));
    const union = signatureOf(new Set([...a, ...b]));
    const reversed = signatureOf(new Set([...b, ...a].reverse()));
    const [sa, sb] = [signatureOf(a), signatureOf(b)];
    assert.equal(union.length, HASHES);
    for (let i = 0; i < HASHES; i++) assert.equal(union[i], Math.min(sa[i]!, sb[i]!), `row ${i}`);
    assert.deepEqual([...reversed], [...union]);
  });

  it('agree on most rows for bodies 90 % alike, whether they differ at the start or the end', () => {
    const body = words(40);
    const atEnd = [...body.slice(0, 38), 'other', 'words'];
    const atStart = ['other', 'words', ...body.slice(2)];
    for (const other of [atEnd, atStart]) {
      const both = new Uint32Array(2 * HASHES);
      both.set(signatureOf(listShingles(body)));
      both.set(signatureOf(listShingles(other)), HASHES);
      // Jaccard 37/41 = 0.90: the agreement of 64 rows lies within five deviations (0.19) of it.
      assert.ok(agreement(both, 0, HASHES) > 0.7, `agreement ${agreement(both, 0, HASHES)}`);
    }
  });

  it('let the duplicate finder group a near copy that differs in its last words', async () => {
    const body = words(40);
    const copy = [...body.slice(0, 38), 'other', 'words'];
    const finder = createDuplicateFinder();
    finder.add('original', 'page', body);
    finder.add('copy', 'page', copy);
    finder.add('unlike', 'page', words(40, 'u'));
    const bodies = new Map([
      ['original', body],
      ['copy', copy],
    ]);
    const { nearGroup } = await finder.finish(async (key) => bodies.get(key) ?? []);
    assert.deepEqual(
      [...nearGroup],
      [
        ['original', 1],
        ['copy', 1],
      ],
    );
  });
});
