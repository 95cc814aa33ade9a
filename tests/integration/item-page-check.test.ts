/**
 * The nightly check of the pages taken from the last site (`--check-taken N`): a taken page rendered again must come
 * out with the bytes taken. To prove the check, the test makes the recorded inputs miss what a page shows: after the
 * first night, the entry of a page referencing the most referenced item is rewritten without its reads of that item
 * (its inputs hash computed again over what is left, so the entry is believed). The item is then renamed. Without the
 * check, the next build takes the stale page (the site differs from a fresh build there); with every taken page
 * checked, the build finds it, says so, renders every page, and the site equals a fresh build's.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFile, cp, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { itemPageInputsFile } from '../../scripts/pipeline/astro-step.ts';
import { packReads, unpackReads, type PageEntry } from '../../scripts/pipeline/item-page-reuse.ts';
import { pageInputs } from '../../src/lib/pages/page-inputs.ts';
import { SITE_CONFIG_ENV } from '../../src/lib/site-config.ts';
import { loadSiteData } from '../../src/lib/site-data/load-site-data.ts';
import { buildInChild, runInChild } from '../support/build-child.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { listDifferences } from '../support/partition-sites.ts';
import { renameDocumentByKey } from '../support/random-edits.ts';
import { COMMERCE_DB } from '../support/site-builds.ts';

/** The files whose names or bytes differ between two sites. */
const differing = (a: string, b: string): Promise<string[]> => listDifferences(a, b, () => false);

describe('checking the pages taken from the last site', () => {
  let work: string;
  let db: string;
  const snapshot = (n: number) => path.join(work, `snapshot-${n}`);

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'item-page-check-'));
    db = path.join(work, 'site.db');
    await copyFile(COMMERCE_DB, db);
  });
  after(() => rm(work, { recursive: true, force: true }));

  async function crawl(n: number): Promise<void> {
    const run = await runInChild('snapshot', ['--db', db, '--out', snapshot(n), '--quiet']);
    assert.equal(run.code, 0, run.stderr);
  }

  it('finds a page whose inputs missed what it shows, and renders every page', async () => {
    const [out, cache] = [path.join(work, 'dist'), path.join(work, 'cache')];
    await crawl(1);
    const first = await buildInChild([
      ...['--snapshot', snapshot(1), '--out', out, '--cache', cache, '--no-sqlite', '--take-unchanged'],
    ]);
    assert.equal(first.code, 0, first.stderr);

    // The most referenced content item, and a content page referencing it.
    const siteData = path.join(cache, 'site-data');
    const usedBy = JSON.parse(await readFile(path.join(siteData, 'used-by.json'), 'utf8')) as Record<
      string,
      { count: number; from: Array<{ key: string; kind: string }> }
    >;
    const [target, entry] = Object.entries(usedBy)
      .filter(([, e]) => e.from.some((f) => f.kind === 'content'))
      .sort((a, b) => b[1].count - a[1].count)[0] as [string, { from: Array<{ key: string; kind: string }> }];
    const referrer = entry.from.find((f) => f.kind === 'content')?.key as string;

    // Its entry, without the reads of that item, its inputs hashed again over the rest (as the writer hashes them).
    const inputsFile = itemPageInputsFile({ cacheDir: cache, outDir: out });
    const lines = (await readFile(inputsFile, 'utf8')).split('\n').filter(Boolean);
    const { global } = JSON.parse(lines[0] as string) as { global: string };
    const at = lines.findIndex((line) => line.startsWith(`{"page":"content/${referrer}"`));
    const page = JSON.parse(lines[at] as string) as PageEntry;
    const reads = unpackReads(referrer, page.reads);
    const kept = reads.filter((read) => !read.endsWith(target));
    assert.ok(kept.length < reads.length, `the page read ${target}: ${reads.join(' ')}`);
    const config = path.join(work, 'site-config.json');
    await writeFile(
      config,
      JSON.stringify({ snapshotDir: snapshot(1), siteDataDir: siteData, outDir: out, base: '/', astroCacheDir: work }),
    );
    process.env[SITE_CONFIG_ENV] = config;
    const forged = pageInputs(await loadSiteData()).fingerprint(global, {}, kept, referrer);
    lines[at] = JSON.stringify({ ...page, inputs: forged, reads: packReads(referrer, kept) });
    await writeFile(inputsFile, `${lines.join('\n')}\n`);

    // The item renamed; the night built three ways from the same last site: fresh, unchecked, checked.
    const edit = new DatabaseSync(db);
    try {
      renameDocumentByKey(edit, target, 2);
    } finally {
      edit.close();
    }
    await crawl(2);
    const tonight = ['--snapshot', snapshot(2), '--compare-with', snapshot(1), '--no-sqlite'];
    const fresh = path.join(work, 'fresh');
    const oracle = await buildInChild([...tonight, '--out', fresh, '--cache', `${fresh}-cache`]);
    assert.equal(oracle.code, 0, oracle.stderr);
    const [unchecked, uncheckedCache] = [path.join(work, 'unchecked'), path.join(work, 'unchecked-cache')];
    await cp(out, unchecked, { recursive: true });
    await cp(cache, uncheckedCache, { recursive: true });
    await rename(
      itemPageInputsFile({ cacheDir: uncheckedCache, outDir: out }),
      itemPageInputsFile({ cacheDir: uncheckedCache, outDir: unchecked }),
    );
    const blind = await buildInChild([
      ...tonight,
      ...['--out', unchecked, '--cache', uncheckedCache, '--take-unchanged', '--check-taken', '0'],
    ]);
    assert.equal(blind.code, 0, blind.stderr);
    assert.deepEqual(await differing(unchecked, fresh), [`content/${referrer}/index.html`], 'the stale page taken');

    // The last site's files kept under other names (the same files: links), to see that none is written into.
    const last = path.join(work, 'last');
    assert.equal(spawnSync('cp', ['-al', out, last]).status, 0);
    const lastBytes = await fingerprint(last);
    const checked = await buildInChild([
      ...[...tonight, '--out', out, '--cache', cache, '--take-unchanged', '--check-taken', '1'],
    ]);
    assert.equal(checked.code, 0, checked.stderr);
    assert.match(checked.stderr, new RegExp(`warning: 1 of \\d+ item pages checked differed .*content/${referrer}`));
    assert.match(checked.stderr, /\(0 of all \d+ taken from the last site\)/, 'every page rendered after all');
    assert.deepEqual(await differing(out, fresh), []);
    assert.deepEqual(
      await fingerprint(last),
      lastBytes,
      'the pages rendered again over links were not written into the last site',
    );
    const file = `content/${referrer}/index.html`;
    assert.notEqual((await stat(path.join(out, file))).ino, (await stat(path.join(last, file))).ino);
  });
});
