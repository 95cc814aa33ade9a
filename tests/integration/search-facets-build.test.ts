import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildSearchIndex, planShardBytes } from '../../scripts/pipeline/search-index.ts';
import { facetMapPages, type FacetMap } from '../../src/lib/search/facet-map.ts';

const TYPES = ['Article (article)', '__proto__', 'constructor', 'Text ‮page‬ (x\u2028y)'];
const LANGUAGES = [['en-US'], ['en-US', 'da'], ['invariant'], ['toString']];

/** 4,300 records: the first bundle (4,200) passes Pagefind's 4,000 fragments and gets bundled fragment files. */
function makeRecords(): string[] {
  return Array.from({ length: 4300 }, (_, i) =>
    JSON.stringify({
      url: `${i % 5 === 0 ? 'media' : 'content'}/${String(i).padStart(8, '0')}-0000-4000-8000-000000000000/`,
      title: `Item ${i}`,
      breadcrumbs: 'Home',
      kind: i % 5 === 0 ? 'media' : 'content',
      type: i % 7 === 0 ? '' : TYPES[i % TYPES.length],
      root: i % 3 === 0 ? 'Home' : 'hasOwnProperty',
      languages: LANGUAGES[i % LANGUAGES.length],
      content: `word${i % 50} shared text of item ${i}`,
    }),
  );
}

/** Each page's values as one comparable line, read from the facet file alone. */
function linesOf(file: FacetMap): string[] {
  return facetMapPages(file)
    .map(([, c]) =>
      JSON.stringify(file.keys.map((_, k) => (file.combos[c]?.[k] ?? []).map((v) => file.values[k]?.[v]).sort())),
    )
    .sort();
}

describe('the facet map of each search bundle', () => {
  let dir: string;
  let records: string[];
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'facets-'));
    records = makeRecords();
    await writeFile(path.join(dir, 'records.ndjson'), `${records.join('\n')}\n`);
    await buildSearchIndex(path.join(dir, 'records.ndjson'), path.join(dir, 'out'), '/', 4200);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('lists every record of its bundle once, with the filter values the record was indexed with', async () => {
    const bundles = JSON.parse(await readFile(path.join(dir, 'out', 'search-bundles.json'), 'utf8')).bundles;
    assert.deepEqual(bundles, ['pagefind/', 'pagefind-1/']);
    const fragmentFiles = (b: string) => readdir(path.join(dir, 'out', b, 'fragment'));
    assert.ok(
      (await fragmentFiles('pagefind')).some((f) => f.startsWith('en_group_')),
      'bundled fragments read',
    );
    assert.ok(!(await fragmentFiles('pagefind-1')).some((f) => f.startsWith('en_group_')), 'single fragments read');
    const shares = [records.slice(0, 4200), records.slice(4200)];
    for (const [i, bundle] of bundles.entries()) {
      const file = JSON.parse(await readFile(path.join(dir, 'out', bundle, 'facets.json'), 'utf8')) as FacetMap;
      const names = facetMapPages(file).map(([name]) => name);
      const expected = (shares[i] as string[])
        .map((line) => JSON.parse(line))
        .map((r) => JSON.stringify([[r.kind], r.type === '' ? [] : [r.type], [r.root], [...r.languages].sort()]))
        .sort();
      assert.equal(new Set(names).size, expected.length, `${bundle}: one entry per record`);
      assert.deepEqual(linesOf(file), expected, `${bundle}: the values of every record`);
      assert.ok(
        names.every((hash) => /^en_[0-9a-f]{7}$/.test(hash)),
        'keys are the page hashes Pagefind gives results as their id',
      );
    }
  });
});

describe('search shards by weight', () => {
  let dir: string;
  after(() => rm(dir, { recursive: true, force: true }));

  it('closes a shard at its share of the bytes, so a few long records get a bundle of their own', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'shards-'));
    // 20 long records (about 6 KB of text each) ahead of 300 short ones.
    const lines = Array.from({ length: 320 }, (_, i) =>
      JSON.stringify({
        url: `content/${String(i).padStart(8, '0')}-0000-4000-8000-000000000000/`,
        title: `Item ${i}`,
        breadcrumbs: '',
        kind: 'content',
        type: 'Page',
        root: 'Home',
        languages: ['en-US'],
        content: i < 20 ? `long text ${i} `.repeat(500) : `short ${i}`,
      }),
    );
    const file = path.join(dir, 'records.ndjson');
    await writeFile(file, `${lines.join('\n')}\n`);
    const total = lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    const summary = await buildSearchIndex(file, path.join(dir, 'out'), '/', 10_000, { maxShardBytes: total / 2 });
    assert.equal(summary.records, 320);
    assert.equal(summary.bundles.length, 2, 'two shards of half the bytes each, though far under 10,000 records');
    const pagesOf = async (bundle: string) =>
      facetMapPages(JSON.parse(await readFile(path.join(dir, 'out', bundle, 'facets.json'), 'utf8')) as FacetMap)
        .length;
    const [heavy, light] = await Promise.all(summary.bundles.map(pagesOf));
    assert.ok(heavy !== undefined && light !== undefined && heavy < 40 && heavy + light === 320, `${heavy} + ${light}`);
  });

  it('spreads the bytes evenly over as few shards as the limit allows', () => {
    assert.equal(planShardBytes(10, 16), 10);
    assert.equal(planShardBytes(59_000_000, 16 << 20), 14_750_000);
    assert.equal(planShardBytes(0, 16), 0);
  });
});
