import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseCsv } from '../../src/lib/csv.ts';
import type { EditorUsage, SearchRecord, TypeUsage, UsedByEntry } from '../../src/lib/site-data/site-data-format.ts';
import { prepareSiteData, type SiteDataSummary } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { writeFixtureSnapshot } from '../support/site-fixture-snapshot.ts';
import { HAND_MADE_SNAPSHOT, k, udi } from '../support/site-data-fixture.ts';

describe('site data from a hand-made snapshot', () => {
  let dir: string;
  let summary: SiteDataSummary;
  const read = async <T>(name: string): Promise<T> =>
    JSON.parse(await readFile(path.join(dir, 'data', name), 'utf8')) as T;
  const lines = async (name: string) =>
    (await readFile(path.join(dir, 'data', name), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-data-'));
    await writeFixtureSnapshot(path.join(dir, 'snap'), HAND_MADE_SNAPSHOT);
    summary = await prepareSiteData(path.join(dir, 'snap'), path.join(dir, 'data'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('counts items, failures, languages and cultures', () => {
    const c = summary.meta.counts;
    assert.deepEqual([c.content, c.media, c.contentTypes, c.failedItems], [4, 4, 3, 1]);
    assert.deepEqual(summary.meta.languages, ['da', 'en-US']);
    assert.deepEqual(c.cultureItems, { da: 1, 'en-US': 2 });
    assert.deepEqual(summary.meta.roots, { content: [k(100)], media: [k(200)] });
  });

  it('indexes incoming references and finds the broken one', async () => {
    const usedBy = await read<Record<string, UsedByEntry>>('used-by.json');
    assert.deepEqual(
      usedBy[k(101)]?.from.map((f) => [f.key, f.aliases]),
      [[k(100), ['body']]],
    );
    assert.equal(usedBy[k(201)]?.count, 1);
    assert.deepEqual(
      usedBy[k(203)]?.from.map((f) => f.aliases),
      [['blocks']],
      'a media item picked inside a block counts',
    );
    assert.equal(usedBy[k(100)]?.count, 1, 'the int-id localLink from Deep resolves to Home');
    const broken = await lines('broken-references.ndjson');
    assert.equal(broken.length, 1);
    assert.equal(broken[0]?.raw, `{localLink:${udi('document', 999)}}`);
    assert.equal(summary.meta.counts.brokenReferences, 1);
  });

  it('lists orphan media (with a file, referenced by nothing; folders never count)', async () => {
    assert.deepEqual(
      (await lines('orphan-media.ndjson')).map((o) => [o.key, o.file]),
      [[k(202), '/media/b/orphan.png']],
    );
  });

  it('counts type usage, unused types and fill rates per language', async () => {
    const types = await read<TypeUsage[]>('types.json');
    const page = types.find((t) => t.alias === 'page');
    assert.equal(page?.itemCount, 4, 'the failed item still has a type');
    assert.deepEqual(page?.fill.body, { filled: 3, total: 3, cultures: { 'en-US': [2, 2], da: [0, 1] } });
    assert.deepEqual(page?.fill.blocks, { filled: 1, total: 3, cultures: { 'en-US': [0, 2], da: [0, 1] } });
    assert.equal(types.find((t) => t.alias === 'fileBlock')?.blockUses, 1);
    assert.equal(types.find((t) => t.alias === 'unused')?.itemCount, 0);
    assert.equal(types.find((t) => t.alias === 'Image')?.defined, false);
  });

  it('counts editors inside block elements', async () => {
    const editors = await read<EditorUsage[]>('editors.json');
    const mp3 = editors.find((e) => e.editorAlias === 'Umbraco.MediaPicker3');
    assert.deepEqual([mp3?.items, mp3?.values, mp3?.blockValues, mp3?.blockProperties], [1, 0, 1, ['fileBlock.file']]);
    assert.ok(mp3?.properties.includes('fileBlock.file'), 'defined on the element type');
    assert.equal(editors.find((e) => e.editorAlias === 'Umbraco.TinyMCE')?.items, 3);
  });

  it('writes downloads whose row counts match', async () => {
    const text = (name: string) => readFile(path.join(dir, 'data', 'downloads', `${name}.csv`), 'utf8');
    const csv = async (name: string) => parseCsv(await text(name));
    assert.ok((await text('items')).startsWith('\uFEFFkind,'), 'a UTF-8 byte order mark for Excel');
    const items = await csv('items');
    assert.equal(items.length - 1, 9, '8 items; About has two languages, so two rows');
    const col = (name: string) => (items[0] as string[]).indexOf(name);
    const about = items.filter((r) => r[col('key')] === k(101));
    assert.deepEqual(
      about.map((r) => [r[col('language')], r[col('parentKey')]]),
      [
        ['en-US', k(100)],
        ['da', k(100)],
      ],
    );
    const orphans = await csv('orphan-media');
    assert.deepEqual(
      orphans.slice(1).map((r) => [r[0], r[1]]),
      [['202', k(202)]],
    );
    assert.equal((await csv('broken-references')).length - 1, 1);
    const coverage = await csv('culture-coverage');
    assert.deepEqual(coverage[0]?.slice(-2), ['da', 'en-US']);
    assert.equal(coverage.length - 1, 4);
    const json = JSON.parse(
      await readFile(path.join(dir, 'data', 'downloads', 'content-types.json'), 'utf8'),
    ) as unknown[];
    assert.equal(json.length, (await csv('content-types')).length - 1);
    assert.deepEqual(summary.downloads, {
      items: 9,
      'content-types': json.length,
      'fill-rates': summary.downloads['fill-rates'],
      editors: summary.downloads.editors,
      'broken-references': 1,
      'orphan-media': 1,
      'culture-coverage': 4,
    });
    const fill = await csv('fill-rates');
    const bodyDa = fill.find((r) => r[0] === 'page' && r[4] === 'body' && r[5] === 'da');
    assert.deepEqual(bodyDa?.slice(6, 9), ['0', '1', '1'], 'About has no Danish body');
    const captions = fill.find((r) => r[0] === 'fileBlock' && r[3] === 'block instances' && r[4] === 'caption');
    assert.deepEqual(captions?.slice(6, 8), ['1', '1']);
  });

  it('says which types are unused and where block elements sit', async () => {
    const types = await read<TypeUsage[]>('types.json');
    assert.deepEqual(
      types.filter((t) => t.unused).map((t) => t.alias),
      ['unused'],
    );
    const block = types.find((t) => t.alias === 'fileBlock');
    assert.deepEqual(
      block?.blockHolders.map((h) => [h.key, h.properties]),
      [[k(100), ['blocks']]],
    );
    assert.deepEqual(block?.blockFill.caption, { filled: 1, total: 1 });
    const missing = await lines('missing-values.ndjson');
    assert.deepEqual(missing.find((m) => m.type === 'page' && m.property === 'body')?.items, [[k(101), ['da']]]);
  });

  it('writes search records with text from values and blocks', async () => {
    const records = (await lines('search-records.ndjson')) as unknown as SearchRecord[];
    const home = records.find((r) => r.url === `content/${k(100)}/`);
    assert.match(home?.content ?? '', /zebra crossing caption/);
    assert.doesNotMatch(home?.content ?? '', /<p>|umb:\/\//);
    const deep = records.find((r) => r.title === 'Deep');
    assert.deepEqual([deep?.breadcrumbs, deep?.root, deep?.languages], ['Home › About', 'Home', ['en-US']]);
    assert.ok(records.some((r) => r.kind === 'type' && r.title === 'File block'));
  });
});
