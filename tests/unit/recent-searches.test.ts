import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recentSearches } from '../../src/scripts/recent-searches.ts';

describe('recent searches on the search page', () => {
  it('answers a query asked again from the hits in hand, and forgets the least recently asked', async () => {
    const asked: string[] = [];
    const search = recentSearches(2, async (q) => {
      asked.push(q);
      return `hits of ${q}`;
    });
    assert.equal(await search('about'), 'hits of about');
    assert.equal(await search('about'), 'hits of about');
    await search('river');
    await search('about'); // now the most recent: "river" goes first
    await search('canoe');
    await search('about');
    await search('river');
    assert.deepEqual(asked, ['about', 'river', 'canoe', 'river']);
  });

  it('asks again after a failure, and a second caller of a search in flight shares it', async () => {
    let calls = 0;
    let fail = true;
    const search = recentSearches(4, async (q) => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error(`bundle of ${q} unreachable`);
      return q.length;
    });
    const [first, second] = [search('lighthouse'), search('lighthouse')];
    await assert.rejects(first, /unreachable/);
    await assert.rejects(second, /unreachable/);
    assert.equal(calls, 1);
    fail = false;
    assert.equal(await search('lighthouse'), 10);
    assert.equal(calls, 2);
  });

  it('keeps a query named like an object property as a query', async () => {
    const search = recentSearches(2, async (q) => `hits of ${q}`);
    assert.equal(await search('__proto__'), 'hits of __proto__');
    assert.equal(await search('constructor'), 'hits of constructor');
  });
});
