/**
 * A partitioned build from one preparation job: `--site-data-out` derives the site data once, K jobs render from it
 * with `--site-data` and `--partition I/K`, and the merged site equals a whole build (every page and asset
 * byte-identical, the search answering the same queries with the same pages). The prepared folder is only read, and a
 * job handed site data that is not its snapshot's is refused before it renders anything.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fingerprint } from '../support/fingerprint.ts';
import { openNodeSearch } from '../support/pagefind-node.ts';
import { listDifferences, mustRun, runScript } from '../support/partition-sites.ts';
import { crawl } from '../support/site-e2e.ts';

const K = 2;
const QUERIES = ['coffee', 'lantern', 'hidden harbour', 'Home', 'tonight'];
const isSearchBundle = (file: string): boolean => /^pagefind(-[^/]*)?\//.test(file) || file === 'search-bundles.json';

describe('partition jobs rendering one prepared site data', { timeout: 300_000 }, () => {
  let tmp: string;
  let snapshot: string;
  let prepared: string;
  let whole: string;
  let merged: string;
  let preparedBefore: Record<string, string>;
  const cache = (name: string) => ['--cache', path.join(tmp, `cache-${name}`)];

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'prepared-site-data-'));
    snapshot = path.join(tmp, 'snapshot');
    await crawl(['--out', snapshot, '--demo-items', '300'], { SNAPSHOT_CACHE_DIR: path.join(tmp, 'demo-cache') });
    prepared = path.join(tmp, 'prepared');
    const said = await mustRun('build', ['--snapshot', snapshot, '--site-data-out', prepared, ...cache('prep')]);
    assert.match(said, /site data for \d+ content, \d+ media, \d+ types prepared in /);
    preparedBefore = await fingerprint(prepared);
    const parts: string[] = [];
    for (let i = 1; i <= K; i++) {
      const out = path.join(tmp, `part-${i}`);
      const args = ['--snapshot', snapshot, '--site-data', prepared, '--partition', `${i}/${K}`, '--out', out];
      const output = await mustRun('build', [...args, ...cache(String(i))]);
      assert.match(output, /site data prepared in /, 'the job says where its site data came from');
      parts.push(out);
    }
    merged = path.join(tmp, 'merged');
    await mustRun('merge-partitions', ['--out', merged, ...parts]);
    whole = path.join(tmp, 'whole');
    await mustRun('build', ['--snapshot', snapshot, '--out', whole, '--quiet', ...cache('whole')]);
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  it('prepares no pages, only the stamped site data', async () => {
    assert.ok(existsSync(path.join(prepared, 'prepared.json')));
    assert.ok(existsSync(path.join(prepared, 'site-data.json')));
    assert.ok(!existsSync(path.join(tmp, 'dist')), 'no output folder written');
  });

  it('merges into the whole site, page for page and byte for byte', async () => {
    assert.deepEqual(await listDifferences(whole, merged, isSearchBundle), []);
  });

  it('answers every query with the pages the whole site finds', async () => {
    const one = await openNodeSearch(whole);
    const parted = await openNodeSearch(merged);
    for (const q of QUERIES) assert.deepEqual(await parted.urls(q), await one.urls(q), q);
  });

  it('leaves the prepared folder as it was', async () => {
    assert.deepEqual(await fingerprint(prepared), preparedBefore);
  });

  it('refuses site data prepared from another snapshot, or by another build, or not prepared at all (exit 6)', async () => {
    const other = path.join(tmp, 'snapshot-other');
    await crawl(['--out', other, '--demo-items', '60'], { SNAPSHOT_CACHE_DIR: path.join(tmp, 'demo-cache-2') });
    const render = (from: string, snap: string) =>
      runScript('build', ['--snapshot', snap, '--site-data', from, '--out', path.join(tmp, 'refused'), '--quiet']);
    const wrongSnapshot = await render(prepared, other);
    assert.equal(wrongSnapshot.code, 6, wrongSnapshot.output);
    assert.match(wrongSnapshot.output, /prepared from another snapshot \(finished [^)]+\), not from /);
    const notPrepared = await render(path.join(tmp, 'cache-whole', 'site-data'), snapshot);
    assert.equal(notPrepared.code, 6, notPrepared.output);
    assert.match(notPrepared.output, /no prepared\.json: not site data prepared by npm run build -- --site-data-out/);
    const stamp = path.join(prepared, 'prepared.json');
    const saved = await readFile(stamp, 'utf8');
    await writeFile(stamp, saved.replace(/"siteDataFormatSha256": "[0-9a-f]+"/, '"siteDataFormatSha256": "0"'));
    try {
      const otherBuild = await render(prepared, snapshot);
      assert.equal(otherBuild.code, 6, otherBuild.output);
      assert.match(otherBuild.output, /prepared by another version of the build/);
    } finally {
      await writeFile(stamp, saved);
    }
    assert.ok(!existsSync(path.join(tmp, 'refused')), 'nothing published');
  });

  it('refuses flags that do not go together (exit 2)', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--site-data', prepared], /--site-data needs --snapshot DIR/],
      [['--snapshot', snapshot, '--site-data', prepared, '--decisions', 'd.csv'], /--decisions is applied by the job/],
      [['--snapshot', snapshot, '--site-data', prepared, '--site-data-out', 'x'], /give one of them/],
      [['--snapshot', snapshot, '--site-data-out', 'x', '--partition', '1/2'], /drop --partition/],
    ];
    for (const [args, message] of cases) {
      const run = await runScript('build', args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.output}`);
      assert.match(run.output, message);
    }
  });
});
