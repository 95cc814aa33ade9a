/** `npm run build` history flags: handed to the crawl when it crawls; the build keeps them to find the previous one. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { loadBuildConfig } from '../../scripts/build/build-config.ts';

const CWD = '/work/site';

test('--history and --keep go to the crawl, and the build keeps the history folder', () => {
  const { config, problems } = loadBuildConfig(['--db', 'site.db', '--history', 'history', '--keep', '3'], {}, CWD);
  assert.deepEqual(problems, []);
  assert.equal(config?.historyDir, path.join(CWD, 'history'));
  assert.deepEqual(config?.crawlerArgs, ['--db', 'site.db', '--history', path.join(CWD, 'history'), '--keep', '3']);
});

test('building from an existing snapshot reads the history without crawling into it', () => {
  const { config, problems } = loadBuildConfig(
    ['--snapshot', 'snap', '--history', 'h', '--compare-with', 'old'],
    {},
    CWD,
  );
  assert.deepEqual(problems, []);
  assert.deepEqual(config?.crawlerArgs, []);
  assert.equal(config?.historyDir, path.join(CWD, 'h'));
  assert.equal(config?.compareWith, path.join(CWD, 'old'));
});

test('--keep without --history, or not a whole number ≥ 1, is a usage problem', () => {
  assert.deepEqual(loadBuildConfig(['--keep', '2'], {}, CWD).problems, ['--keep N needs --history DIR']);
  assert.match(loadBuildConfig(['--history', 'h', '--keep', '0'], {}, CWD).problems.join(), /--keep/);
});
