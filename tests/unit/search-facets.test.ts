import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

type Values = Record<string, string[]>;
interface Hit {
  bundle: number;
  id: string;
}
import * as client from '../../src/scripts/search-facets.ts';

const KEYS = ['kind', 'type', 'root', 'language'];
const CHOICES: Values = {
  kind: ['content', 'media', 'type'],
  type: ['Article (article)', '__proto__', 'constructor', 'Image'],
  root: ['Home', 'Shop', 'hasOwnProperty'],
  language: ['en-US', 'da', 'invariant', 'toString'],
};

/** A seeded generator, so a failure names a case that can be run again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Pages with random values (some with no type, some with several languages), spread over bundles. Most are named as
 * Pagefind names a page (`en_` and 7 hex digits); every fifth has a lengthened name, every seventh another language.
 */
function makePages(seed: number, count: number, bundles: number): Array<Hit & { values: Values }> {
  const next = random(seed);
  const pick = (list: string[]) => list[Math.floor(next() * list.length)] as string;
  return Array.from({ length: count }, (_, i) => ({
    bundle: i % bundles,
    id: `${i % 7 === 3 ? 'da' : 'en'}_${((Math.imul(i, 2654435761) >>> 0) % 2 ** 28).toString(16).padStart(7, '0')}${i % 5 === 0 ? i : ''}`,
    values: {
      kind: [pick(CHOICES.kind as string[])],
      type: next() < 0.2 ? [] : [pick(CHOICES.type as string[])],
      root: [pick(CHOICES.root as string[])],
      language: [...new Set([pick(CHOICES.language as string[]), ...(next() < 0.3 ? ['da'] : [])])],
    },
  }));
}

/** Unsigned LEB128, as the format documents it (src/lib/search/facet-map.ts). */
function leb128(value: number): number[] {
  const out: number[] = [];
  let v = value;
  do {
    const low = v % 128;
    v = Math.floor(v / 128);
    out.push(v > 0 ? low | 0x80 : low);
  } while (v > 0);
  return out;
}

/**
 * The facets.json a build would write for these pages: the format src/lib/search/facet-map.ts documents, written here
 * on its own. Names `en_` and 7 hex digits are packed (ascending, each the difference from the one before, then its
 * combo, base64); the rest are listed by name.
 */
function encode(pages: Array<{ id: string; values: Values }>): unknown {
  const values = KEYS.map(() => [] as string[]);
  const combos: number[][][] = [];
  const comboOf = new Map<string, number>();
  const short: Array<[number, number]> = [];
  const other: Record<string, number> = {};
  for (const page of pages) {
    const combo = KEYS.map((key, k) =>
      (page.values[key] ?? []).map((v) => {
        const list = values[k] as string[];
        if (!list.includes(v)) list.push(v);
        return list.indexOf(v);
      }),
    );
    const id = JSON.stringify(combo);
    if (!comboOf.has(id)) comboOf.set(id, combos.push(combo) - 1);
    const c = comboOf.get(id) as number;
    if (/^en_[0-9a-f]{7}$/.test(page.id)) short.push([parseInt(page.id.slice(3), 16), c]);
    else other[page.id] = c;
  }
  short.sort((a, b) => a[0] - b[0]);
  const bytes = short.flatMap(([n, c], i) => [
    ...leb128(n - (i === 0 ? 0 : (short[i - 1] as [number, number])[0])),
    ...leb128(c),
  ]);
  return {
    version: 2,
    keys: KEYS,
    values,
    combos,
    prefix: 'en_',
    count: short.length,
    names: Buffer.from(bytes).toString('base64'),
    other,
  };
}

/** Each hit's combo in the index, as the search page reads it. */
const combosOf = (facets: client.FacetIndex, hits: ReadonlyArray<{ id: string }>) =>
  hits.map((hit) => facets.comboOf(hit.id));

/** The oracle: a page passes when every filtered key has one of its values; counts skip the counted key's filter. */
function expected(pages: Array<Hit & { values: Values }>, filters: Values) {
  const passes = (page: { values: Values }, except?: string) =>
    Object.entries(filters).every(
      ([key, wanted]) => key === except || wanted.length === 0 || wanted.some((w) => page.values[key]?.includes(w)),
    );
  const counts = new Map<string, Map<string, number>>();
  for (const key of KEYS)
    for (const page of pages.filter((p) => passes(p, key)))
      for (const v of page.values[key] ?? []) {
        const bucket = counts.get(key) ?? new Map<string, number>();
        counts.set(key, bucket.set(v, (bucket.get(v) ?? 0) + 1));
      }
  return { kept: pages.filter((p) => passes(p)).map((p) => p.id), counts: asObject(counts) };
}

/** Counts as sorted [key, [[value, n]…]] lists, so prototype-named values compare as plain data. */
const asObject = (counts: Map<string, Map<string, number>>) =>
  [...counts].map(([k, v]) => [k, [...v].sort()] as const).sort((a, b) => a[0].localeCompare(b[0]));
const plain = (counts: Record<string, Record<string, number>>) =>
  asObject(new Map(Object.keys(counts).map((k) => [k, new Map(Object.entries(counts[k] ?? {}))])));

describe('search facets in the browser', () => {
  for (const seed of [1, 2, 3]) {
    it(`filters and counts like a page-by-page reading of the pages (seed ${seed})`, () => {
      const pages = makePages(seed, 600, 3);
      const maps = [0, 1, 2].map((b) => client.decodeFacetMap(encode(pages.filter((p) => p.bundle === b))));
      const facets = client.indexFacetMaps(maps);
      const hits = pages.filter((_, i) => i % 4 !== 0);
      for (const page of pages) assert.deepEqual({ ...facets.valuesOf(page.id) }, page.values, page.id);
      for (const filters of [
        {},
        { type: ['__proto__'] },
        { language: ['da', 'toString'] },
        { kind: ['content'], root: ['hasOwnProperty', 'Home'] },
        { kind: ['media'], type: ['constructor', 'Image'], language: ['en-US'] },
      ] as Values[]) {
        const got = client.filterAndCount(hits, combosOf(facets, hits), facets.combos, filters);
        const want = expected(hits, filters);
        assert.deepEqual(
          got.kept.map((h) => h.id),
          want.kept,
          `kept for ${JSON.stringify(filters)}`,
        );
        assert.deepEqual(plain(got.counts), want.counts, `counts for ${JSON.stringify(filters)}`);
      }
      assert.deepEqual(plain(client.totalCounts(maps)), expected(pages, {}).counts);
    });
  }

  it('keeps the hits of a bundle without a map, unfiltered and uncounted', () => {
    const pages = makePages(9, 40, 2);
    const facets = client.indexFacetMaps([client.decodeFacetMap(encode(pages.filter((p) => p.bundle === 0)))]);
    assert.ok(pages.every((p) => p.bundle === 0 || facets.comboOf(p.id) === client.UNKNOWN));
    const { kept, counts } = client.filterAndCount(pages, combosOf(facets, pages), facets.combos, {
      kind: ['no such kind'],
    });
    assert.deepEqual(
      kept.map((h) => h.bundle),
      pages.filter((p) => p.bundle === 1).map(() => 1),
    );
    assert.equal(counts.kind?.['no such kind'], undefined);
  });

  it('marks a hash two bundles give different values as ambiguous, and one they agree on as known', () => {
    const page = (id: string, kind: string) => ({
      id,
      values: { kind: [kind], type: [], root: ['Home'], language: [] },
    });
    const one = client.decodeFacetMap(encode([page('en_aaaaaaa', 'content'), page('en_bbbbbbb', 'media')]));
    const two = client.decodeFacetMap(encode([page('en_aaaaaaa', 'media'), page('en_bbbbbbb', 'media')]));
    const facets = client.indexFacetMaps([one, two]);
    assert.deepEqual([...facets.ambiguous], ['en_aaaaaaa']);
    assert.equal(facets.comboOf('en_aaaaaaa'), client.AMBIGUOUS, 'an ambiguous hash is read from its fragment');
    assert.equal(facets.valuesOf('en_aaaaaaa'), undefined, 'never guessed');
    assert.deepEqual(facets.valuesOf('en_bbbbbbb')?.kind, ['media']);
    const longer = (id: string, kind: string) => client.decodeFacetMap(encode([page(id, kind)]));
    const both = client.indexFacetMaps([longer('en_aaaaaaa1', 'content'), longer('en_aaaaaaa1', 'media')]);
    assert.deepEqual([...both.ambiguous], ['en_aaaaaaa1'], 'a lengthened name too');
  });

  it('never drops a page whose hash is another bundle’s vocabulary record: its fragment has to say', async () => {
    const page = (id: string) => ({ id, values: { kind: ['content'], type: [], root: ['Home'], language: [] } });
    const one = client.decodeFacetMap(encode([page('en_aaaaaaa'), page('en_bbbbbbb')]));
    const two = client.decodeFacetMap({
      ...(encode([page('en_ccccccc')]) as object),
      vocabulary: ['en_aaaaaaa', 'en_ddddddd'],
    });
    const facets = client.indexFacetMaps([one, two]);
    assert.deepEqual([...facets.vocabulary], ['en_ddddddd']);
    assert.deepEqual([...facets.ambiguous], ['en_aaaaaaa']);
    assert.equal(facets.comboOf('en_ddddddd'), client.NOT_A_PAGE);
    assert.equal(facets.comboOf('en_aaaaaaa'), client.AMBIGUOUS);
    // Each hit's fragment as the page is built: only en_aaaaaaa's is read, and it says it is a page.
    const fragmentFilters = { kind: ['content'], root: ['Home'] };
    const read: string[] = [];
    const hits = ['en_aaaaaaa', 'en_bbbbbbb', 'en_ccccccc', 'en_ddddddd'].map((id) => ({
      id,
      data: async () => {
        read.push(id);
        return { url: `/${id}/`, filters: fragmentFilters };
      },
    }));
    const found = await client.readHits(facets, hits);
    assert.deepEqual(
      found.hits.map((h) => h.id),
      ['en_aaaaaaa', 'en_bbbbbbb', 'en_ccccccc'],
    );
    assert.deepEqual(read, ['en_aaaaaaa']);
    assert.deepEqual(found.combos[found.comboOf[0] as number], fragmentFilters, 'its values are its fragment’s');
  });

  it('refuses a map of another format instead of misreading it', () => {
    const good = encode([
      { id: 'en_0000001', values: { kind: ['content'] } },
      { id: 'en_fffffff', values: { kind: ['media'] } },
    ]) as Record<string, unknown>;
    assert.notEqual(client.decodeFacetMap(good), undefined, 'the control decodes');
    const pack = (...bytes: number[]) => Buffer.from(bytes).toString('base64');
    for (const bad of [
      undefined,
      null,
      {},
      { version: 2, keys: [], combos: [] },
      { version: 1, keys: 'kind' },
      { version: 1, keys: ['kind'], values: [['content']], combos: [[[0]]], pages: { en_0000001: 0 } },
      { ...good, count: 3 },
      { ...good, count: 1 },
      { ...good, names: '%%%' },
      { ...good, names: pack(1, 0, 0, 0), count: 2 },
      { ...good, names: pack(1, 2), count: 1 },
      { ...good, names: pack(0xff, 0xff, 0xff, 0xff, 0x7f, 0), count: 1 },
      { ...good, names: pack(0x80), count: 1 },
      { ...good, other: { en_x: 5 } },
      { ...good, other: { en_x: -1 } },
      { ...good, other: null },
      { ...good, prefix: 3 },
    ])
      assert.equal(client.decodeFacetMap(bad), undefined, JSON.stringify(bad));
  });

  it('reads prototype-named pages and names as plain data', () => {
    const map = client.decodeFacetMap({
      ...(encode([{ id: 'en_0000000', values: { kind: ['content'] } }]) as object),
      other: JSON.parse('{"__proto__": 0, "constructor": 0}'),
    });
    const facets = client.indexFacetMaps([map]);
    for (const id of ['en_0000000', '__proto__', 'constructor'])
      assert.deepEqual(facets.valuesOf(id)?.kind, ['content']);
    assert.equal(facets.comboOf('toString'), client.UNKNOWN);
  });

  it('adds exactly found items to the counts by kind and language, prototype names counted from zero', () => {
    const counts = client.filterAndCount(
      [{ bundle: 0, id: 'a' }],
      [0],
      [{ kind: ['content'], language: ['constructor'] }],
      {},
    ).counts;
    const out = client.addExactCounts(counts, [
      { kind: 'content' },
      { kind: 'media', language: 'toString' },
      { kind: '__proto__', language: 'constructor' },
    ]);
    assert.equal(out, counts, 'in place');
    assert.deepEqual({ ...out.kind }, { content: 2, media: 1, ['__proto__']: 1 });
    assert.deepEqual({ ...out.language }, { constructor: 2, toString: 1 });
    assert.equal(out.language?.hasOwnProperty, undefined, 'no inherited counts');
    const alone = client.addExactCounts(Object.create(null), [{ kind: 'media' }]);
    assert.equal(alone.kind?.media, 1);
    assert.equal(alone.language?.constructor, undefined);
  });
});
