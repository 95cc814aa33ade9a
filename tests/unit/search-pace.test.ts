import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { PACED_PAGES, PAUSE_MS, SLOW_MS, searchPace } from '../../src/scripts/search-pace.ts';

/** A pace over an index of `pages` pages, and how many searches it has started. */
function counted(pages: number) {
  let started = 0;
  const pace = searchPace(() => (started += 1), pages);
  return { pace, searches: () => started };
}

describe('when the search page searches while typing', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('searches at every keystroke while searches are quick', () => {
    const { pace, searches } = counted(1000);
    pace.typed(true);
    pace.took(SLOW_MS);
    pace.typed(true);
    assert.equal(searches(), 2);
    assert.equal(pace.waiting, false);
  });

  it('after a slow search, searches once typing pauses, and again at every keystroke once one is quick', () => {
    const { pace, searches } = counted(1000);
    pace.typed(true);
    pace.took(SLOW_MS + 1);
    // Five keystrokes, each sooner after the last than the pause: no search until the last has waited the pause.
    for (let key = 0; key < 5; key++) {
      pace.typed(true);
      assert.equal(pace.waiting, true);
      mock.timers.tick(PAUSE_MS - 1);
    }
    assert.equal(searches(), 1);
    mock.timers.tick(1);
    assert.equal(searches(), 2);
    assert.equal(pace.waiting, false);
    pace.took(40);
    pace.typed(true);
    assert.equal(searches(), 3);
  });

  it('searches a text changed whole (pasted, filled in) at once, however slow searches are', () => {
    const { pace, searches } = counted(PACED_PAGES);
    pace.typed(false);
    assert.equal(searches(), 1);
    pace.took(2000);
    pace.typed(true);
    pace.typed(false);
    assert.equal(searches(), 2);
    assert.equal(pace.waiting, false);
  });

  it('searches at once for Enter or a filter, dropping the search that waited for a pause', () => {
    const { pace, searches } = counted(1000);
    pace.took(2000);
    pace.typed(true);
    pace.now();
    assert.equal(searches(), 1);
    assert.equal(pace.waiting, false);
    mock.timers.tick(PAUSE_MS * 2);
    assert.equal(searches(), 1);
  });

  it('waits for a pause at every key in an index of many pages, however quick its searches are', () => {
    // The documented size (README, Search): 100,000 pages.
    const { pace, searches } = counted(100_000);
    pace.typed(true);
    assert.equal(searches(), 0);
    mock.timers.tick(PAUSE_MS);
    assert.equal(searches(), 1);
    // A quick search (the word index answers the 1M demo in 55–171 ms) keeps typing paced: a key's search of a
    // partial word such as "a" gathers the pages of every word it starts.
    pace.took(1);
    pace.typed(true);
    assert.equal(searches(), 1);
    assert.equal(pace.waiting, true);
    mock.timers.tick(PAUSE_MS);
    assert.equal(searches(), 2);
    const smaller = counted(99_999);
    smaller.pace.typed(true);
    assert.equal(smaller.searches(), 1);
  });
});
