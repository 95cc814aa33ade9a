/**
 * Page names across search bundles. The oracle is Pagefind itself: the names it writes (its fragment files, read back
 * here) against the names the build predicts for the same records, ordinary and hostile text alike; and, with a name
 * function that makes records collide on purpose, where Pagefind put each record and what the facet maps hold.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { FACETS_FILE, facetMapPages, type FacetMap } from '../../src/lib/search/facet-map.ts';
import { buildSearchIndex, toCustomRecord } from '../../scripts/pipeline/search-index.ts';
import { predictPageName } from '../../scripts/pipeline/search-hashes.ts';
import type { SearchRecord } from '../../src/lib/site-data/site-data-format.ts';

const HOSTILE = [
  'tab\there, new\nline, carriage\r\nreturn,  double  spaces ',
  'control \u0001\u0007\u001b characters and DEL \u007f',
  'bidi \u202eoverride\u202c and isolate \u2066x\u2069',
  'line\u2028separator and paragraph\u2029separator',
  'no-break\u00a0space and ideographic\u3000space',
  'zero\u200bwidth and BOM \ufeff inside, next\u0085line, \u200c\u200d\u2060\u00ad joiners, \u001c\u000b',
  'quotes " and backslash \\ and </script>',
  '日本語のテキスト 中文 한국어 emoji 🎉👩‍👩‍👧',
  '__proto__ constructor toString hasOwnProperty',
];

function record(i: number, content: string): SearchRecord {
  return {
    url: `content/${String(i).padStart(8, '0')}-0000-4000-8000-000000000000/`,
    title: i % 3 === 0 ? `Title “${i}” \u202e` : `Item ${i}`,
    breadcrumbs: 'Home › Section',
    kind: i % 2 === 0 ? 'content' : 'media',
    type: i % 5 === 0 ? '' : `Type ${i % 4}`,
    root: i % 7 === 0 ? '__proto__' : 'Home',
    languages: i % 2 === 0 ? ['en-US', 'da'] : ['en-US'],
    content,
  };
}

const WORDS = ['harbour', 'lantern', 'meadow', 'orchard', 'river', 'summer', 'village', 'workshop'];
const ordinary = (i: number): string =>
  `${WORDS.map((w, k) => WORDS[(i + k) % WORDS.length] ?? w).join(' ')} own${i.toString(36)}\nsecond line ${i}`;

const writeRecords = (file: string, records: SearchRecord[]) =>
  writeFile(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');

/** Every page Pagefind wrote into a bundle, by URL: its name there. */
async function namesIn(bundleDir: string): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const dir = path.join(bundleDir, 'fragment');
  for (const file of await readdir(dir)) {
    const json = JSON.parse(
      gunzipSync(await readFile(path.join(dir, file)))
        .toString('utf8')
        .slice(12),
    ) as Record<string, unknown>;
    const fragments =
      typeof json.url === 'string' ? [[file.replace(/\.pf_fragment$/, ''), json]] : Object.entries(json);
    for (const [name, fragment] of fragments as Array<[string, { url: string }]>) names.set(fragment.url, name);
  }
  return names;
}

describe('page names across search bundles', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'search-hashes-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('predicts the name Pagefind gives every record, hostile text included', async () => {
    const records = [
      ...Array.from({ length: 300 }, (_, i) => record(i, ordinary(i))),
      ...HOSTILE.map((text, k) => record(1000 + k, text)),
    ];
    await writeRecords(path.join(dir, 'predict.ndjson'), records);
    const out = path.join(dir, 'predict');
    const summary = await buildSearchIndex(path.join(dir, 'predict.ndjson'), out, '/', 100_000);
    const written = await namesIn(path.join(out, summary.bundles[0] ?? 'pagefind/'));
    const missed: string[] = [];
    for (const r of records) {
      const custom = toCustomRecord(r, '/');
      const actual = written.get(custom.url);
      assert.ok(actual !== undefined, `${custom.url} was indexed`);
      if (!actual.startsWith(`en_${predictPageName(custom)}`)) missed.push(JSON.stringify(r.content));
    }
    assert.deepEqual(missed, []);
  });

  it('puts records whose names collide into one bundle, with no name shared by two bundles', async () => {
    // 60 records over bundles of 10; a name function that gives records 5, 17, 33 and 48 one name, 21 and 52 another.
    const records = Array.from({ length: 60 }, (_, i) => record(i, ordinary(i)));
    const collide = new Map(
      [5, 17, 33, 48, 21, 52].map((i) => [`/${record(i, '').url}`, i === 21 || i === 52 ? 'b' : 'a']),
    );
    const nameOf = (custom: { url: string }) => collide.get(custom.url) ?? predictPageName(custom as never);
    await writeRecords(path.join(dir, 'collide.ndjson'), records);
    const out = path.join(dir, 'collide');
    const summary = await buildSearchIndex(path.join(dir, 'collide.ndjson'), out, '/', 10, { nameOf });
    assert.ok(summary.bundles.length >= 6, `${summary.bundles.length} bundles`);
    const bundleOf = new Map<string, string>();
    const seen = new Map<string, string>();
    for (const bundle of summary.bundles) {
      for (const [url, name] of await namesIn(path.join(out, bundle))) {
        bundleOf.set(url, bundle);
        if (!url.includes('search-vocabulary')) {
          assert.equal(seen.get(name), undefined, `${name} is the name of one page only`);
          seen.set(name, bundle);
        }
      }
      const map = JSON.parse(await readFile(path.join(out, bundle, FACETS_FILE), 'utf8')) as FacetMap;
      for (const [name] of facetMapPages(map)) assert.equal(seen.get(name), bundle);
    }
    const last = summary.bundles.at(-1);
    for (const url of collide.keys()) assert.equal(bundleOf.get(url), last, `${url} waits for the last bundle`);
    assert.equal(summary.records, 60);
    assert.equal(bundleOf.size - [...bundleOf.keys()].filter((u) => u.includes('search-vocabulary')).length, 60);
  });
});
