/**
 * A sharded search index answers as one bundle does. Pagefind completes a query word from the words of the bundle it
 * searches and, finding none starting with it, falls back to the longest word the query word starts with ("to" for
 * "tonight"): each bundle lacking a word used to answer with those pages. The same records are indexed into three
 * bundles and into one; every query must find the records holding its words, read from the records themselves.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildSearchIndex } from '../../scripts/pipeline/search-index.ts';
import { facetMapPages, type FacetMap } from '../../src/lib/search/facet-map.ts';
import { openNodeSearch, type NodeSearch } from '../support/pagefind-node.ts';

const FILLER = ['to', 'light', 'garden', 'river', 'market', 'stone', 'winter', 'bridge'];
/** Words of a few records only, in one bundle or spread over two (records 0–99, 100–199, 200–299 per bundle). */
const RARE: Record<string, number[]> = {
  tonight: [5, 17],
  lighthouse: [150, 151],
  orchard: [10, 17, 210],
  Ærøskøbing: [260],
};

/**
 * Tokens joined by punctuation: a hyphenated name (record 30), its first word alone (31, 240) and both words apart
 * (130); a URL path (250), a page at its first segments (40, in another bundle) and a sibling path (251).
 */
const JOINED: Record<number, string> = {
  30: 'rustic-coffee',
  31: 'rustic',
  130: 'rustic and coffee',
  240: 'rustic',
  40: '/news/more-alpha/',
  250: '/news/more-alpha/quick-pear-zeta/',
  251: '/news/more-alpha/other-fig-beta/',
};

function recordText(i: number): string {
  const words = [`Item ${i}`, ...FILLER.filter((_, k) => (i + k) % 3 !== 0)];
  for (const [word, at] of Object.entries(RARE)) if (at.includes(i)) words.push(word);
  if (JOINED[i] !== undefined) words.push(JOINED[i]);
  return words.join(' ');
}

const url = (i: number): string => `content/${String(i).padStart(8, '0')}-0000-4000-8000-000000000000/`;

/** Shown with each result, never searched: no word of them is in any record's text. */
const crumbsOf = (i: number): string => (i % 2 === 0 ? 'Home › Zanzibar hall' : 'Home › Quokka yard');
const kindOf = (i: number): string => (i % 5 === 0 ? 'media' : 'content');

const records = Array.from({ length: 300 }, (_, i) => ({
  url: url(i),
  title: `Item ${i}`,
  breadcrumbs: crumbsOf(i),
  kind: kindOf(i),
  type: 'Page',
  root: 'Home',
  languages: ['en-US'],
  content: recordText(i),
}));

/** The oracle: the records whose text holds every word of the query, whole and in any case. */
function expected(q: string): string[] {
  const wanted = q.toLowerCase().split(' ');
  return records
    .filter((r) => wanted.every((w) => r.content.toLowerCase().split(' ').includes(w)))
    .map((r) => `/${r.url}`)
    .sort();
}

/** The oracle for joined tokens: the records whose text, cut at each non-letter non-digit, holds every part. */
function expectedParts(q: string): string[] {
  const parts = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const wanted = parts(q);
  return records
    .filter((r) => wanted.every((w) => parts(r.content).includes(w)))
    .map((r) => `/${r.url}`)
    .sort();
}

describe('a search index in several bundles', { timeout: 120_000 }, () => {
  let dir: string;
  let sharded: NodeSearch;
  let single: NodeSearch;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'search-sharded-'));
    const file = path.join(dir, 'records.ndjson');
    await writeFile(file, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const shards = await buildSearchIndex(file, path.join(dir, 'sharded'), '/', 100);
    assert.equal(shards.bundles.length, 3);
    assert.equal((await buildSearchIndex(file, path.join(dir, 'single'), '/', 1000)).bundles.length, 1);
    sharded = await openNodeSearch(path.join(dir, 'sharded'));
    single = await openNodeSearch(path.join(dir, 'single'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('finds the records holding a word that only some bundles have, and nothing else', async () => {
    for (const q of ['tonight', 'lighthouse', 'orchard', 'orchard tonight', 'ærøskøbing']) {
      const want = expected(q);
      assert.ok(want.length > 0, q);
      assert.deepEqual(await single.urls(q), want, `one bundle: ${q}`);
      assert.deepEqual(await sharded.urls(q), want, `three bundles: ${q}`);
    }
  });

  it('finds a word every bundle has in every bundle', async () => {
    for (const q of ['garden', 'river stone']) assert.deepEqual(await sharded.urls(q), expected(q), q);
  });

  it('finds the records holding every part of a hyphenated word or a URL path, in one bundle or several', async () => {
    // Pagefind alone joins the parts ("rusticcoffee") and, in a bundle without that word, falls back to "rustic";
    // a path fell back to the page at its first segments.
    for (const [q, records] of [
      ['rustic-coffee', [30, 130]],
      ['/news/more-alpha/quick-pear-zeta/', [250]],
      ['news/more-alpha', [40, 250, 251]],
    ] as const) {
      const want = expectedParts(q);
      assert.deepEqual(want, records.map((i) => `/${url(i)}`).sort(), `the oracle for ${q}`);
      assert.deepEqual(await single.urls(q), want, `one bundle: ${q}`);
      assert.deepEqual(await sharded.urls(q), want, `three bundles: ${q}`);
    }
  });

  it("shows each result's breadcrumbs and kind without finding a page by them", async () => {
    for (const q of ['zanzibar', 'quokka', 'zanzibar hall', 'home', 'content', 'media']) {
      assert.deepEqual(expected(q), [], `the oracle: no record's text holds ${q}`);
      assert.deepEqual(await single.urls(q), [], `one bundle: ${q}`);
      assert.deepEqual(await sharded.urls(q), [], `three bundles: ${q}`);
    }
    for (const search of [single, sharded]) {
      const shown = await search.results('garden');
      assert.deepEqual(
        shown.map((d) => d.url),
        expected('garden'),
      );
      for (const data of shown) {
        const i = Number(/content\/(\d+)-/.exec(data.url)?.[1]);
        assert.deepEqual(
          { title: data.meta?.title, breadcrumbs: data.meta?.breadcrumbs, kind: data.meta?.kind },
          { title: `Item ${i}`, breadcrumbs: crumbsOf(i), kind: kindOf(i) },
          data.url,
        );
        assert.deepEqual(data.filters?.kind, [kindOf(i)], data.url);
      }
    }
  });

  it('marks the vocabulary records in the facet map and counts only pages', async () => {
    const map = async (bundle: string) =>
      JSON.parse(await readFile(path.join(dir, 'sharded', bundle, 'facets.json'), 'utf8')) as FacetMap & {
        vocabulary: string[];
      };
    const maps = await Promise.all(['pagefind', 'pagefind-1', 'pagefind-2'].map(map));
    assert.deepEqual(
      maps.map((m) => facetMapPages(m).length),
      [100, 100, 100],
    );
    for (const m of maps) assert.equal(m.vocabulary.length, 1, 'one vocabulary record per bundle');
    const one = JSON.parse(await readFile(path.join(dir, 'single', 'pagefind', 'facets.json'), 'utf8'));
    assert.deepEqual(one.vocabulary, [], 'a single bundle knows every word of its own');
  });
});
