/**
 * The word index (`--search-engine words`): built from a records file by the build's own code, read by the search
 * page's engine from the written files, and checked against a scan of the records by the documented rule (a result
 * holds every query word at the start of a word of its title or text, letters, digits and marks making words,
 * apostrophes dropped, case ignored; pages whose title holds them all first, then the rest, in the records' order).
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { buildWordIndex } from '../../scripts/pipeline/word-index-build.ts';
import { facetMapPages, type FacetMap } from '../../src/lib/search/facet-map.ts';
import {
  TEXT,
  TITLE,
  addSet,
  addTitleSet,
  decodeSegment,
  encodeSegment,
  encodeSet,
  segmentFile,
  titleRanks,
} from '../../src/lib/search/word-index.ts';
import { openWordSearch, type LoadBytes } from '../../src/scripts/word-search.ts';
import { seededRandom } from '../support/fault-source.ts';

interface Rec {
  url: string;
  title: string;
  breadcrumbs: string;
  kind: 'content' | 'media';
  type: string;
  root: string;
  languages: string[];
  content: string;
}

const VOCABULARY = [
  'Harbour',
  'harvest',
  'Lantern',
  'lanterne',
  'meadow',
  'Café',
  'don’t',
  "won't",
  'Æble',
  'ØRESUND',
  'straße',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '2024',
  'v8',
  'x86_64',
  'naïve',
  'ζωή',
  'Привет',
  'the',
  'and',
  'image',
  'grand',
  'granite',
  'grandma',
];
/** Between words: spaces, and characters that must break words and harm nothing. */
const BREAKS = [' ', ' ', ' ', '\n', '\t', '\u0000', '\u202e', '\u2028', '\ud800', '/', '-', '.', '<b>', '&amp;'];
const TYPES = ['Article (article)', '__proto__', 'Text ‮page‬'];

function makeRecords(n: number, seed: number): Rec[] {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: n }, (_, i) => {
    const words = (count: number) =>
      Array.from({ length: count }, () =>
        next() < 0.02 ? `tok${Math.floor(next() * 5000).toString(36)}` : pick(VOCABULARY),
      );
    const title = words(1 + Math.floor(next() * 3)).join(' ');
    const body = words(3 + Math.floor(next() * 40))
      .map((w) => w + pick(BREAKS))
      .join('');
    return {
      url: `${i % 4 === 0 ? 'media' : 'content'}/${i}/`,
      title,
      breadcrumbs: `Home › ${pick(VOCABULARY)}`,
      kind: i % 4 === 0 ? 'media' : 'content',
      type: pick(TYPES),
      root: i % 3 === 0 ? 'Home' : 'constructor',
      languages: i % 2 === 0 ? ['en-US'] : ['en-US', 'da'],
      // Every record has a word of its own (tok<i>), so the index has many words and several segments.
      content: `${title}\n${body} tok${i.toString(36)}`,
    };
  });
}

// ---- the oracle: the documented rule, by regular expressions over each record ----

const LETTER = '\\p{L}\\p{N}\\p{M}';
const oracleTerms = (q: string): string[] => [
  ...new Set(
    q
      .toLowerCase()
      .replace(/['’]/g, '')
      .split(new RegExp(`[^${LETTER}]+`, 'u'))
      .filter(Boolean),
  ),
];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const bare = (text: string) => text.toWellFormed().toLowerCase().replace(/['’]/g, '');
const holds = (text: string, terms: string[]) =>
  terms.every((t) => new RegExp(`(?<![${LETTER}])${escape(t)}`, 'u').test(bare(text)));

function expected(records: Rec[], q: string): number[] {
  const terms = oracleTerms(q);
  if (terms.length === 0) return [];
  const inText = records.map((r, i) => [i, holds(`${r.title}\n${r.content}`, terms)] as const).filter(([, h]) => h);
  const titled = inText.filter(([i]) => holds((records[i] as Rec).title, terms)).map(([i]) => i);
  const named = new Set(titled);
  return [...titled, ...inText.map(([i]) => i).filter((i) => !named.has(i))];
}

const pageNumber = (id: string): number => parseInt(id.slice(2), 16);

describe('the word index', () => {
  let dir: string;
  let records: Rec[];
  let load: LoadBytes;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'word-index-'));
    records = makeRecords(5000, 7);
    await writeFile(path.join(dir, 'records.ndjson'), records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    await buildWordIndex(path.join(dir, 'records.ndjson'), path.join(dir, 'out'), '/base/');
    load = async (file) => new Uint8Array(await readFile(path.join(dir, 'out', file)));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('answers every query with the pages the rule finds, titles first, in the records’ order', async () => {
    const engine = await openWordSearch(['words/'], load);
    const next = seededRandom(11);
    const queries = [
      'harbour',
      'HARBOUR lantern',
      'lantern',
      'lanterne',
      'gran',
      'grand',
      'café',
      'CAFÉ',
      'dont',
      'don’t',
      "won't",
      'wont',
      'æble',
      'øresund',
      'STRASSE',
      'straße',
      '__proto__',
      'constructor',
      'tostring',
      'hasownproperty',
      'x86',
      'x86_64',
      '64',
      'naïve',
      'ζωή',
      'привет',
      'tok1',
      'tok',
      'zzzz',
      'the and image',
      '2024 v8',
      '<b>',
      '&amp;',
      'amp',
      'b',
    ];
    for (let i = 0; i < 30; i++) {
      const words = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
        const w = VOCABULARY[Math.floor(next() * VOCABULARY.length)] as string;
        return w.slice(0, 1 + Math.floor(next() * w.length));
      });
      queries.push(words.join(next() < 0.5 ? ' ' : '-'));
    }
    let nonEmpty = 0;
    for (const q of queries) {
      const want = expected(records, q);
      const { results } = await engine.search(q);
      assert.deepEqual(
        results.map((r) => pageNumber(r.id)),
        want,
        `"${q}"`,
      );
      if (want.length > 0) nonEmpty += 1;
    }
    assert.ok(nonEmpty > queries.length / 2, 'most queries find pages');
    // No word: nothing; `null`: every page, in order.
    assert.equal((await engine.search('--- …')).results.length, 0);
    const all = await engine.search(null);
    assert.deepEqual(
      all.results.map((r) => pageNumber(r.id)),
      records.map((_, i) => i),
    );
  });

  it('shows each result’s own data, and marks the words that start with a query word', async () => {
    const engine = await openWordSearch(['words/'], load);
    for (const q of ['lantern', 'café harbour', '__proto__']) {
      const { results } = await engine.search(q);
      assert.ok(results.length > 20, q);
      for (const r of results.slice(0, 20)) {
        const data = await r.data();
        const record = records[pageNumber(r.id)] as Rec;
        assert.equal(data.url, `/base/${record.url}`);
        assert.equal(data.meta?.title, record.title.toWellFormed());
        assert.equal(data.meta?.kind, record.kind);
        assert.equal(data.meta?.breadcrumbs, record.breadcrumbs);
        const excerpt = data.excerpt ?? '';
        const marks = [...excerpt.matchAll(/<mark>(.*?)<\/mark>/g)].map((m) => (m[1] as string).toLowerCase());
        assert.ok(marks.length > 0, `${q}: a word is marked in ${excerpt}`);
        const terms = oracleTerms(q);
        for (const m of marks)
          assert.ok(
            terms.some((t) => bare(m).startsWith(t)),
            `${q}: "${m}" was marked`,
          );
        // Outside the marks, the text is escaped: no tag of the content survives.
        assert.doesNotMatch(excerpt.replace(/<\/?mark>/g, ''), /[<>]/);
      }
    }
  });

  it('writes a facet map naming every page with its own filter values', async () => {
    const map = JSON.parse(await readFile(path.join(dir, 'out', 'words', 'facets.json'), 'utf8')) as FacetMap;
    const pages = facetMapPages(map).sort((a, b) => pageNumber(a[0]) - pageNumber(b[0]));
    assert.equal(pages.length, records.length);
    pages.forEach(([name, combo], i) => {
      assert.equal(pageNumber(name), i);
      const record = records[i] as Rec;
      const values = Object.fromEntries(
        map.keys.map((key, k) => [key, (map.combos[combo]?.[k] ?? []).map((v) => map.values[k]?.[v])]),
      );
      assert.deepEqual(values, {
        kind: [record.kind],
        type: [record.type.toWellFormed()],
        root: [record.root],
        language: record.languages,
      });
    });
    assert.deepEqual(JSON.parse(await readFile(path.join(dir, 'out', 'search-bundles.json'), 'utf8')), {
      engine: 'words',
      bundles: ['words/'],
    });
  });

  it('writes the same bytes from the same records, in several segments', async () => {
    const again = path.join(dir, 'again');
    await buildWordIndex(path.join(dir, 'records.ndjson'), again, '/base/');
    const files = async (root: string): Promise<string[]> =>
      (await readdir(root, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
        .sort();
    const names = await files(path.join(dir, 'out'));
    assert.deepEqual(await files(again), names);
    assert.ok(names.filter((n) => n.startsWith(`words${path.sep}s${path.sep}`)).length > 2, 'several segments');
    for (const name of names)
      assert.deepEqual(await readFile(path.join(again, name)), await readFile(path.join(dir, 'out', name)), name);
  });

  it('refuses a damaged segment or manifest with an error naming it, and answers again once it is whole', async () => {
    const file = path.join(dir, 'out', 'words', segmentFile(0));
    const whole = await readFile(file);
    const raw = gunzipSync(whole);
    assert.throws(() => decodeSegment(raw.subarray(0, raw.length - 1)), /truncated/);
    assert.throws(() => decodeSegment(Uint8Array.from([7, 1, 97])), /unknown field 7/);
    // A title set is coded over its word's text set, so one without it just before cannot be read.
    const set = encodeSet([1], 8);
    const alone = encodeSegment([{ field: TITLE, word: 'a', ...set }]);
    assert.throws(() => decodeSegment(alone), /title set without its text set/);
    const other = encodeSegment([
      { field: TEXT, word: 'a', ...set },
      { field: TITLE, word: 'b', ...set },
    ]);
    assert.throws(() => decodeSegment(other), /title set without its text set/);
    let damaged = true;
    const flaky: LoadBytes = async (f) =>
      damaged && f === `words/${segmentFile(0)}` ? gzipSync(raw.subarray(0, 5)) : load(f);
    const engine = await openWordSearch(['words/'], flaky);
    const firstWord = (
      JSON.parse(await readFile(path.join(dir, 'out', 'words', 'words.json'), 'utf8')) as {
        segments: string[][];
      }
    ).segments[0]?.[0] as string;
    await assert.rejects(engine.search(firstWord), /segment is truncated/);
    damaged = false;
    assert.ok((await engine.search(firstWord)).results.length > 0);
    await assert.rejects(
      openWordSearch(['words/'], async () => new TextEncoder().encode('{"version":99}')),
      /words\/words\.json is not a word index of this version/,
    );
  });

  it('builds an empty index from no records', async () => {
    const empty = path.join(dir, 'empty');
    await writeFile(path.join(dir, 'none.ndjson'), '');
    await buildWordIndex(path.join(dir, 'none.ndjson'), empty, '/');
    const engine = await openWordSearch(['words/'], async (f) => new Uint8Array(await readFile(path.join(empty, f))));
    assert.equal((await engine.search('anything')).results.length, 0);
    assert.equal((await engine.search(null)).results.length, 0);
  });
});

describe('a page set', () => {
  it('decodes to the pages it was made of, as a bitmap or as gaps', () => {
    const next = seededRandom(3);
    for (const pages of [1, 7, 8, 31, 32, 33, 1000, 4099]) {
      for (const density of [0, 0.001, 0.05, 0.2, 0.6, 1]) {
        const set = Array.from({ length: pages }, (_, i) => i).filter(() => next() < density);
        const { kind, bytes } = encodeSet(set, pages);
        // Never larger than a bitmap, by more than a few bytes of gaps.
        assert.ok(bytes.length <= Math.ceil(pages / 8), `${pages}/${density}: ${bytes.length} bytes`);
        const bits = new Uint32Array(Math.ceil(pages / 32));
        addSet(bits, kind, bytes);
        const back: number[] = [];
        for (let p = 0; p < pages; p++) if (((bits[p >>> 5] as number) >>> (p & 31)) & 1) back.push(p);
        assert.deepEqual(back, set, `${pages} pages, density ${density}, kind ${kind}`);
      }
    }
  });
});

describe('a title set', () => {
  it('is coded over its text set and decodes to the pages it was made of', () => {
    const next = seededRandom(5);
    for (const pages of [1, 9, 33, 1000, 4099]) {
      for (const [inText, inTitle] of [
        [0.5, 0.1],
        [0.05, 0.9],
        [1, 1],
        [0.3, 0],
      ] as const) {
        const text = Array.from({ length: pages }, (_, i) => i).filter(() => next() < inText);
        const title = text.filter(() => next() < inTitle);
        const ranks = titleRanks(text, title);
        assert.deepEqual(
          ranks.map((r) => text[r]),
          title,
        );
        const bits = new Uint32Array(Math.ceil(pages / 32));
        addTitleSet(
          bits,
          { field: TEXT, word: 'w', ...encodeSet(text, pages) },
          { field: TITLE, word: 'w', ...encodeSet(ranks, text.length) },
        );
        const back: number[] = [];
        for (let p = 0; p < pages; p++) if (((bits[p >>> 5] as number) >>> (p & 31)) & 1) back.push(p);
        assert.deepEqual(back, title, `${pages} pages, ${inText} in text, ${inTitle} of them in titles`);
      }
    }
    assert.throws(() => titleRanks([1, 3], [2]), /page 2 is in a title set, not in its text set/);
  });
});
