/**
 * A partitioned build equals a single build: the demo site built whole and as three partitions (separate processes),
 * the partitions merged; every page and asset is byte-identical, and the merged search bundles answer as the single
 * one. Only the Pagefind bundles and search-bundles.json differ by design: the records are split over K bundles
 * instead of one.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { crawl, launchBrowser } from '../support/site-e2e.ts';
import { listDifferences, listTree, mustRun, searchSite } from '../support/partition-sites.ts';
import type { Browser, Page } from '../../scripts/browser/chromium.ts';
import { startStaticServer } from '../../scripts/browser/static-server.ts';

const K = 3;
const QUERIES = ['coffee', 'lantern', 'hidden harbour', 'Home', 'zzyzzyxnotaword'];
const isSearchBundle = (file: string): boolean => /^pagefind(-[^/]*)?\//.test(file) || file === 'search-bundles.json';

describe(`a site built as ${K} partitions and merged`, { timeout: 300_000 }, () => {
  let tmp: string;
  let single: string;
  let merged: string;
  const parts: string[] = [];
  let browser: Browser;
  let page: Page;

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'partition-e2e-'));
    const snapshot = path.join(tmp, 'snapshot');
    await crawl(['--out', snapshot, '--demo-items', '300'], { SNAPSHOT_CACHE_DIR: path.join(tmp, 'demo-cache') });
    single = path.join(tmp, 'single');
    await mustRun('build', [
      '--snapshot',
      snapshot,
      '--out',
      single,
      '--cache',
      path.join(tmp, 'cache-single'),
      '--quiet',
    ]);
    for (let i = 1; i <= K; i++) {
      const out = path.join(tmp, `part-${i}`);
      await mustRun('build', [
        '--snapshot',
        snapshot,
        '--out',
        out,
        '--cache',
        path.join(tmp, `cache-${i}`),
        '--partition',
        `${i}/${K}`,
        '--quiet',
      ]);
      parts.push(out);
    }
    merged = path.join(tmp, 'merged');
    await mustRun('merge-partitions', ['--out', merged, ...[...parts].reverse()]);
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  });

  after(async () => {
    await browser?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('renders each item page in exactly one partition, and every partition renders some', async () => {
    const trees = await Promise.all(parts.map(listTree));
    const itemPages = (await listTree(single)).filter((f) => /^(content|media)\/[^/]+\/index\.html$/.test(f));
    assert.ok(itemPages.length > 200, `the demo has item pages (${itemPages.length})`);
    for (const file of itemPages)
      assert.equal(trees.filter((t) => t.includes(file)).length, 1, `${file} is in one partition`);
    for (const [i, tree] of trees.entries())
      assert.ok(itemPages.filter((f) => tree.includes(f)).length > 30, `partition ${i + 1} has a share`);
  });

  it('writes the downloads, the table files and the lookup shards in partition 1 only', async () => {
    const trees = await Promise.all(parts.map(listTree));
    const shared = (tree: string[]) => tree.filter((f) => /^(downloads|tables|lookup)\//.test(f));
    const whole = shared(await listTree(single)).filter((f) => f !== 'downloads/snapshot.sqlite');
    assert.ok(whole.some((f) => f.startsWith('tables/')) && whole.some((f) => f.startsWith('lookup/')));
    assert.deepEqual(
      shared(trees[0] as string[]).filter((f) => f !== 'downloads/snapshot.sqlite'),
      whole,
    );
    for (const [i, tree] of trees.entries()) if (i > 0) assert.deepEqual(shared(tree), [], `partition ${i + 1}`);
  });

  it('holds the same files with the same bytes as the single build, search bundles aside', async () => {
    const files = await listTree(merged);
    assert.ok(files.includes('index.html') && files.some((f) => f.startsWith('_astro/')), 'pages and assets are there');
    assert.deepEqual(await listDifferences(single, merged, isSearchBundle), []);
    assert.ok(!files.includes('partition.json'), 'the partition manifests are not part of the merged site');
  });

  it('lists one search bundle per partition, pagefind/ first', async () => {
    const { bundles } = JSON.parse(await readFile(path.join(merged, 'search-bundles.json'), 'utf8')) as {
      bundles: string[];
    };
    assert.equal(bundles.length, K);
    assert.equal(bundles[0], 'pagefind/');
  });

  it('answers every query with the same pages and the same filter counts as the single build', async () => {
    const answers = [];
    for (const root of [single, merged]) {
      const server = await startStaticServer(root, '/');
      try {
        answers.push(await searchSite(page, server.url, QUERIES));
      } finally {
        await server.close();
      }
    }
    const [whole, joined] = answers;
    assert.ok(
      (whole?.urls.coffee?.length ?? 0) > 20 && (whole?.urls.lantern?.length ?? 0) > 0,
      'the queries find pages',
    );
    assert.deepEqual(whole?.urls.zzyzzyxnotaword, []);
    assert.deepEqual(joined?.urls, whole?.urls);
    assert.deepEqual(joined?.filters, whole?.filters);
  });
});
