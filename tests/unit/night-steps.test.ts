/**
 * The bench's steps of a night (bench/incremental-bench.ts `nightSteps`), read from the lines a night's build printed:
 * the lines below are a real 100k night's, the numbers they must give read off them by hand.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nightSteps } from '../../bench/incremental-bench.ts';

const STDOUT = `build: 106555 pages, 207814 files, 2.38 GiB in /w/nightly-site (base /)
build: updated in place: 2,129 files changed, 169 new, 0 gone, 205,516 unchanged (their times kept, so a sync sends only what changed)
build: 59684 content, 19392 media, 19 types; 376725 references, 42645 broken; 31 orphan media; languages: da, en-US
build: site data 43.7s, pages 72.6s (79076 of them by the item page writer), search 37.9s (79095 records in 1 bundle), side by side in 79.6s
build: open it with any static web server serving /w/nightly-site at / (\`npm run preview\` serves only dist/ at /)`;
const STDERR = `build: snapshot /w/snapshot-nightly (complete, 59684 content, 19392 media)
build: site data ready in 43.7s
build: changes since 2026-11-28T04:22:57.766Z: 0 content type changes, 789 item changes (789 values in 789 items)
build: pages done in 72.6s: astro 25.3s, then 79076 item pages written in 44.3s (105341 of all 106263 taken from the last site)
build: exact lookup: 242271 keys in 11334 shards (largest 5 KiB)
build: item JSON: 79076 files, 511.8 MiB in 31.2s
build: downloads: 44 files, 276.1 MiB copied in 3.5s
build: snapshot.sqlite: 79076 items, 473.9 MiB in 52.7s`;

describe("a night's steps from its build's lines", () => {
  it('reads each step, and the rest of the wall time outside the site data and the render step', () => {
    assert.deepEqual(nightSteps(`${STDOUT}\n${STDERR}`, 132.5), {
      siteData: 43.7,
      sideBySide: 79.6,
      astro: 25.3,
      itemPages: 44.3,
      twins: 31.2,
      sqlite: 52.7,
      search: 37.9,
      rest: 9.2,
    });
  });

  it('leaves out what a build did not say', () => {
    // Under --memory the steps run one after the other: no "side by side", so no rest either; no search, no SQLite.
    const memory = [
      'build: site data ready in 12.0s',
      'build: pages done in 30.5s: astro 10.0s, then 300 item pages written in 20.5s',
      'build: site data 12.0s, pages 30.5s (300 of them by the item page writer), search skipped',
    ].join('\n');
    assert.deepEqual(nightSteps(memory, 50), { siteData: 12, astro: 10, itemPages: 20.5 });
    assert.deepEqual(nightSteps('build: unexpected failure: no space left on device', 3), {});
  });
});
