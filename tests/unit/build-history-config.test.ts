/**
 * `npm run build` flags parsed once: the crawler's become the crawl's typed configuration, the history goes to the
 * crawl when it crawls, and the build keeps it to find the previous one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { chooseSearchEngine, loadBuildConfig } from '../../scripts/pipeline/build-config.ts';

const CWD = '/srv/site';

test('--history and --keep go to the crawl, and the build keeps the history folder', () => {
  const { config, problems } = loadBuildConfig(['--db', 'site.db', '--history', 'history', '--keep', '3'], {}, CWD);
  assert.deepEqual(problems, []);
  assert.equal(config?.historyDir, path.join(CWD, 'history'));
  assert.deepEqual(
    [config?.crawl?.source, config?.crawl?.out, config?.crawl?.history, config?.crawl?.keep],
    [
      { kind: 'database', dbPath: path.join(CWD, 'site.db') },
      path.join(CWD, '.cache', 'snapshot'),
      path.join(CWD, 'history'),
      3,
    ],
  );
});

test('building from an existing snapshot reads the history without crawling into it', () => {
  const { config, problems } = loadBuildConfig(
    ['--snapshot', 'snap', '--history', 'h', '--compare-with', 'old'],
    {},
    CWD,
  );
  assert.deepEqual(problems, []);
  assert.equal(config?.crawl, undefined);
  assert.equal(config?.historyDir, path.join(CWD, 'h'));
  assert.equal(config?.compareWith, path.join(CWD, 'old'));
});

test('--keep without --history, or not a whole number ≥ 1, is a usage problem', () => {
  assert.deepEqual(loadBuildConfig(['--keep', '2'], {}, CWD).problems, ['--keep N needs --history DIR']);
  assert.match(loadBuildConfig(['--history', 'h', '--keep', '0'], {}, CWD).problems.join(), /--keep/);
});

test("the crawler's flags are read by the crawler's reader, with every problem of both at once", () => {
  const { config } = loadBuildConfig(['--source', 'https://cms.example/', '--concurrency', '2', '--quiet'], {}, CWD);
  assert.deepEqual(config?.crawl?.source, {
    kind: 'http',
    url: 'https://cms.example',
    apiPath: '/cms/Ext/Migrations/',
  });
  assert.equal(config?.crawl?.concurrency, 2);
  assert.equal(config?.crawl?.quiet, true);
  const { problems } = loadBuildConfig(['--source', 'ftp://x', '--concurrency', '0', '--title', ''], {}, CWD);
  assert.deepEqual(problems.length, 3, problems.join('; '));
  assert.match(problems.join('\n'), /--source: must be an http or https URL/);
  assert.match(problems.join('\n'), /--concurrency: must be at least 1/);
});

test('without --source, --db or SNAPSHOT_SOURCE_URL the crawl is of the demo, generated under --cache', () => {
  const { config } = loadBuildConfig(['--cache', 'c', '--demo-items', '300'], {}, CWD);
  assert.deepEqual(config?.crawl?.source, { kind: 'demo', items: 300, seed: 1, cacheDir: path.join(CWD, 'c') });
});

test('the search engine is chosen by size unless --search-engine names one, the word index never with --partition', () => {
  const chosen = (argv: string[], pages: number) => {
    const { config, problems } = loadBuildConfig(['--db', 'site.db', ...argv], {}, CWD);
    assert.deepEqual(problems, []);
    return chooseSearchEngine(config!, pages).searchEngine;
  };
  assert.equal(loadBuildConfig(['--db', 'site.db'], {}, CWD).config?.searchEngine, 'auto');
  // The documented rule: the word index from 100,000 pages, Pagefind below, and Pagefind for a partition.
  assert.equal(chosen([], 99_999), 'pagefind');
  assert.equal(chosen([], 100_000), 'words');
  assert.equal(chosen([], 1_000_000), 'words');
  assert.equal(chosen(['--partition', '1/2'], 1_000_000), 'pagefind');
  assert.equal(chosen(['--search-engine', 'pagefind'], 1_000_000), 'pagefind');
  assert.equal(chosen(['--search-engine', 'words'], 10), 'words');
  assert.equal(loadBuildConfig(['--db', 'site.db', '--search-engine', 'words'], {}, CWD).config?.searchEngine, 'words');
  assert.match(loadBuildConfig(['--search-engine', 'lunr'], {}, CWD).problems.join('\n'), /--search-engine:/);
  assert.deepEqual(loadBuildConfig(['--search-engine', 'words', '--partition', '1/2'], {}, CWD).problems, [
    '--search-engine words builds one index for the whole site: drop --partition',
  ]);
});
