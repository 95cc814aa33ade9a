import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BUILD_EXIT_CODES, BuildError } from '../../scripts/pipeline/build-errors.ts';
import { INDEX_CHUNK_ENV, buildSearchIndex, readRecordFacts } from '../../scripts/pipeline/search-index.ts';

const WORDS = ['harbour', 'lantern', 'meadow', 'orchard', 'river', 'summer', 'village', 'workshop'];

/** 3,000 records of common words, each with one word of its own: about 30,000 postings in one bundle. */
function makeRecords(): string {
  return Array.from({ length: 3000 }, (_, i) =>
    JSON.stringify({
      url: `content/${String(i).padStart(8, '0')}-0000-4000-8000-000000000000/`,
      title: `Item ${i}`,
      breadcrumbs: 'Home',
      kind: 'content',
      type: 'Page',
      root: 'Home',
      languages: ['en-US'],
      content: `${WORDS.map((w, k) => WORDS[(i + k * 3) % WORDS.length] ?? w).join(' ')} own${i.toString(36)}`,
    }),
  )
    .join('\n')
    .concat('\n');
}

const chunkFiles = async (out: string) => (await readdir(path.join(out, 'pagefind', 'index'))).length;

describe('the word index chunks of a search bundle', () => {
  let dir: string;
  const saved = process.env[INDEX_CHUNK_ENV];
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'chunks-'));
    await writeFile(path.join(dir, 'records.ndjson'), makeRecords());
  });
  after(async () => {
    if (saved === undefined) delete process.env[INDEX_CHUNK_ENV];
    else process.env[INDEX_CHUNK_ENV] = saved;
    await rm(dir, { recursive: true, force: true });
  });

  it('are cut small, so a word comes with few postings of other words; a value in the environment wins', async () => {
    delete process.env[INDEX_CHUNK_ENV];
    await buildSearchIndex(path.join(dir, 'records.ndjson'), path.join(dir, 'small'), '/', 5000);
    process.env[INDEX_CHUNK_ENV] = '20000';
    await buildSearchIndex(path.join(dir, 'records.ndjson'), path.join(dir, 'default'), '/', 5000);
    const small = await chunkFiles(path.join(dir, 'small'));
    const large = await chunkFiles(path.join(dir, 'default'));
    // About 72,000 postings (the eight common words, "item", "home" and 6,000 rare ones): Pagefind's 20,000 cuts them
    // into a handful of chunks; 500 into one per common word plus one per ~250 rare words.
    assert.ok(small >= 30, `${small} chunks at ours, ${large} at Pagefind's default`);
    assert.ok(large <= 6, `${large} chunks at Pagefind's default, ${small} at ours`);
  });

  it('refuses a chunk size in the environment that is not a whole number, naming it', async () => {
    for (const bad of ['abc', '0', '-5', '1e3', ' 500']) {
      process.env[INDEX_CHUNK_ENV] = bad;
      await assert.rejects(
        buildSearchIndex(path.join(dir, 'records.ndjson'), path.join(dir, 'bad'), '/', 5000),
        (error: Error) => error.message.includes(INDEX_CHUNK_ENV) && error.message.includes(`"${bad}"`),
        bad,
      );
    }
  });
});

describe('the first bundle of a search index', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'first-bundle-'));
    await writeFile(path.join(dir, 'records.ndjson'), makeRecords());
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('is written only once `beforeFirstWrite` settles, and the wait comes once however many bundles follow', async () => {
    const out = path.join(dir, 'out');
    const seen: string[][] = [];
    let releasedAt = 0;
    const summary = await buildSearchIndex(path.join(dir, 'records.ndjson'), out, '/', 1000, {
      beforeFirstWrite: async () => {
        seen.push(await readdir(out).catch(() => []));
        await new Promise((resolve) => setTimeout(resolve, 200));
        releasedAt = Date.now();
      },
    });
    assert.deepEqual(seen, [[]], 'called once, before any bundle folder existed');
    assert.equal(summary.bundles.length, 3);
    const { birthtimeMs, mtimeMs } = await import('node:fs/promises').then((fs) =>
      fs.stat(path.join(out, 'pagefind', 'pagefind-entry.json')),
    );
    // A file's times come from the kernel's coarse clock, a tick (up to 10 ms) behind Date.now(); a bundle written
    // before the release would be the whole 200 ms wait behind it.
    const written = Math.max(birthtimeMs, mtimeMs);
    assert.ok(written >= releasedAt - 20, `the first bundle was written ${releasedAt - written} ms before the release`);
  });
});

describe('a records file that changed between the two passes', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'changed-records-'));
    const lines = makeRecords().split('\n').slice(0, 300);
    await writeFile(path.join(dir, 'read.ndjson'), `${lines.slice(0, 200).join('\n')}\n`);
    await writeFile(path.join(dir, 'shrunk.ndjson'), `${lines.slice(0, 199).join('\n')}\n`);
    await writeFile(path.join(dir, 'grown.ndjson'), `${lines.slice(0, 201).join('\n')}\n`);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('is refused with its counts, whether records went or came, before any bundle is written', async () => {
    const facts = await readRecordFacts(path.join(dir, 'read.ndjson'), '/');
    assert.equal(facts.inOrder.length, 200);
    for (const [file, message] of [
      ['shrunk.ndjson', /shrunk\.ndjson has 199 records where 200 were read before/],
      ['grown.ndjson', /grown\.ndjson has more records than names were read for/],
    ] as const) {
      const out = path.join(dir, `out-${file}`);
      await assert.rejects(
        buildSearchIndex(path.join(dir, file), out, '/', 1000, { share: { facts, names: facts.inOrder } }),
        (error: unknown) =>
          error instanceof BuildError && error.exitCode === BUILD_EXIT_CODES.search && message.test(error.message),
        file,
      );
      assert.deepEqual(await readdir(out).catch(() => []), [], `${file}: nothing written`);
    }
    const summary = await buildSearchIndex(path.join(dir, 'read.ndjson'), path.join(dir, 'out'), '/', 1000, {
      share: { facts, names: facts.inOrder },
    });
    assert.equal(summary.records, 200);
  });
});
