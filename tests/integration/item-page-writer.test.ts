/**
 * The item page writer writes the pages Astro would: the same snapshot built with it and with `--astro-item-pages`
 * (every item page through Astro's own page loop) gives byte-identical sites. The snapshot holds an item whose name is
 * hostile text (markup, quotes, a lone surrogate, bidi and control characters, a line separator) and that the writer
 * writes, an item added since the snapshot it is compared with (its page has a change section), and a sub-path base.
 * A third build under `--memory` (its processes one after another) gives the same bytes again.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { listDifferences, listTree } from '../support/partition-sites.ts';
import { buildSite, crawl, XSS_ITEM_KEY, xssItem } from '../support/site-e2e.ts';
import { copyWithInjectedContent, type FixtureItem } from '../support/site-fixture-snapshot.ts';

const HOSTILE_KEY = 'eeeeeeee-0000-4000-8000-000000000001';
const HOSTILE_NAME = `Tom & "Jerry's" <b>café</b> \u202Eevil\u0007 \ud800 end\u2028next`;
const hostileItem = (): FixtureItem => ({
  id: 990101,
  key: HOSTILE_KEY,
  name: HOSTILE_NAME,
  type: 'page',
  url: '/hostile/',
  properties: { title: { editorAlias: 'Umbraco.TextBox', value: HOSTILE_NAME } },
});

describe('item pages written by the item page writer', { timeout: 240_000 }, () => {
  let tmp: string;
  let viaAstro: string;
  let viaWriter: string;
  let writerOutput: string;
  let bounded: string;
  let boundedOutput: string;

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'item-writer-'));
    const demo = path.join(tmp, 'demo');
    await crawl(['--out', demo, '--demo-items', '300'], { SNAPSHOT_CACHE_DIR: path.join(tmp, 'demo-cache') });
    const older = path.join(tmp, 'older');
    const newer = path.join(tmp, 'newer');
    await copyWithInjectedContent(demo, older, [hostileItem()]);
    await copyWithInjectedContent(demo, newer, [hostileItem(), xssItem()]);
    const args = (out: string) => [
      ...['--snapshot', newer, '--compare-with', older, '--base', '/snap/'],
      ...['--out', out, '--cache', `${out}-cache`],
    ];
    viaAstro = path.join(tmp, 'via-astro');
    viaWriter = path.join(tmp, 'via-writer');
    await buildSite([...args(viaAstro), '--astro-item-pages']);
    writerOutput = await buildSite(args(viaWriter));
    bounded = path.join(tmp, 'bounded');
    boundedOutput = await buildSite([...args(bounded), '--memory', '1G']);
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  it('gives the same bytes for every file of the site', async () => {
    const files = await listTree(viaWriter);
    assert.ok(files.filter((f) => /^(content|media)\/[^/]+\/index\.html$/.test(f)).length > 250);
    assert.deepEqual(await listDifferences(viaAstro, viaWriter, () => false), []);
  });

  it('gives the same bytes under --memory, one process after another', async () => {
    assert.deepEqual(await listDifferences(viaWriter, bounded, () => false), []);
    assert.doesNotMatch(boundedOutput, /side by side/);
    assert.match(writerOutput, /side by side/);
  });

  it('wrote every item page, changed ones too, and left the shell out of the site', async () => {
    const written = /\((\d+) of them by the item page writer\)/.exec(writerOutput);
    assert.ok(written, writerOutput);
    const itemPages = (await listTree(viaWriter)).filter((f) => /^(content|media)\/[^/]+\/index\.html$/.test(f));
    assert.equal(Number(written[1]), itemPages.length);
    assert.deepEqual(
      (await readdir(viaWriter)).filter((name) => name.startsWith('item-shell')),
      [],
    );
  });

  it('escapes the hostile name in the title as Astro does, and the added item shows its change', async () => {
    const hostile = await readFile(path.join(viaWriter, 'content', HOSTILE_KEY, 'index.html'), 'utf8');
    assert.match(hostile, /<title>Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;café&lt;\/b&gt; /);
    assert.ok(!hostile.includes('<b>café'));
    const added = await readFile(path.join(viaWriter, 'content', XSS_ITEM_KEY, 'index.html'), 'utf8');
    assert.ok(added.includes('<h2 id="item-changes">New in this snapshot</h2>'));
  });
});
