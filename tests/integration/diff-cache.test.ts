/**
 * Comparisons kept between builds (scripts/pipeline/diff-cache.ts), over simulated nights: crawls of one shared
 * database copy kept with `--history --keep 3`, edited here between them, with a red night among them. Each night's
 * change list and archive, written with the cache, are byte for byte those written without one; a night compares
 * only the pair it has not met before; an entry cut short, one naming other snapshots and a cache that cannot be
 * written cost a comparison and nothing else; a damaged snapshot of tonight is still refused; entries of pairs no
 * longer kept go; `npm run diff -- --cache` takes what the build kept.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import type { BuildConfig } from '../../scripts/pipeline/build-config.ts';
import { writeChanges } from '../../scripts/pipeline/changes-step.ts';
import { openDiffCache } from '../../scripts/pipeline/diff-cache.ts';
import { diffSnapshots, SnapshotUnusableError } from '../../scripts/diff/diff-snapshots.ts';
import { CHANGES_ARCHIVE_FILE, CHANGES_FILE } from '../../scripts/core/diff-format.ts';
import { getManifest } from '../../scripts/core/snapshot-format.ts';
import { BuildError } from '../../scripts/pipeline/build-errors.ts';
import { SnapshotDamagedError } from '../../scripts/core/snapshot-verify.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { APPEND_TO_BODY, crawlNight, editDatabase, type Nights } from '../support/history-nights.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const DIFF_COMMAND = path.resolve(import.meta.dirname, '..', '..', 'scripts', 'commands', 'diff.ts');
const BLOGS = `SELECT n.id FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
  JOIN umbracoContent c ON c.nodeId = n.id JOIN cmsContentType t ON t.nodeId = c.contentTypeId
  WHERE n.trashed = 0 AND d.published = 1 AND t.alias = 'blog' ORDER BY n.id`;

describe('comparisons kept between builds, over simulated nights', () => {
  let work: string;
  let db: string;
  let blogs: number[];
  const snapshot = () => path.join(work, 'snapshot');
  const history = () => path.join(work, 'history');
  const cache = () => path.join(work, 'diffs');

  const nights = (): Nights => ({ db, out: snapshot(), history: history(), keep: 3 });
  const night = (source?: string) => crawlNight(nights(), source);
  /** Appends `text` to a published blog's bodyText (invariant rich text in this database). */
  function editBlog(id: number | undefined, text: string): void {
    assert.ok(id !== undefined);
    editDatabase(nights(), (d) => assert.equal(d.prepare(APPEND_TO_BODY).run(text, id).changes, 1));
  }

  /** Tonight's change list and archive, with the cache (counting its comparisons made anew) and without. */
  async function changes(name: string): Promise<{ cached: string[]; fresh: string[]; compared: string[] }> {
    const current = { dir: snapshot(), manifest: await getManifest(snapshot()) };
    const config = { historyDir: history() } as BuildConfig;
    const compared: string[] = [];
    const diffs = openDiffCache(cache(), (from, to) => {
      compared.push(`${path.basename(from)} → ${path.basename(to)}`);
      return diffSnapshots(from, to);
    });
    const read = async (dir: string) =>
      Promise.all([CHANGES_FILE, CHANGES_ARCHIVE_FILE].map((f) => readFile(path.join(dir, f), 'utf8')));
    const withCache = path.join(work, `${name}-cached`);
    const without = path.join(work, `${name}-fresh`);
    await mkdir(withCache, { recursive: true });
    await mkdir(without, { recursive: true });
    await writeChanges(config, current, withCache, diffs.compare);
    await diffs.prune();
    await writeChanges(config, current, without);
    return { cached: await read(withCache), fresh: await read(without), compared };
  }

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'diff-cache-'));
    db = path.join(work, 'copy.db');
    await copyFile(sharedDatabase('tdufrane_searchcourse.db'), db);
    const read = new DatabaseSync(db, { readOnly: true });
    blogs = (read.prepare(BLOGS).all() as Array<{ id: number }>).map((row) => row.id);
    read.close();
    assert.ok(blogs.length >= 4, 'four published blogs to edit');
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('writes what a comparison anew writes, comparing only the pair no night met before', async () => {
    await night();
    editBlog(blogs[0], ' Edited on night two.');
    await night();
    editBlog(blogs[1], ' Edited on night three.');
    await night();
    // Kept: nights one and two; tonight is night three. A cold cache compares tonight's pair and the kept one.
    const three = await changes('three');
    assert.deepEqual(three.cached, three.fresh);
    assert.equal(three.compared.length, 2, three.compared.join('; '));
    assert.match(three.cached[0] ?? '', /Edited on night three/);
    assert.match(three.cached[1] ?? '', /Edited on night two/);

    // The red night replaces nothing and keeps nothing.
    const kept = (await readdir(history())).sort();
    assert.notEqual(await night(path.join(work, 'missing.db')), 0, 'the red night fails');
    assert.deepEqual((await readdir(history())).sort(), kept);

    editBlog(blogs[2], ' Edited on night four.');
    await night();
    // Kept: nights one to three. Last night's pair (three after two) is now the archive's newest; two after one too.
    const four = await changes('four');
    assert.deepEqual(four.cached, four.fresh);
    assert.equal(four.compared.length, 1, four.compared.join('; '));
    assert.equal(four.compared[0]?.endsWith('→ snapshot'), true, 'only tonight is compared anew');
    assert.equal((await readdir(cache())).length, 3, 'tonight, and the two kept pairs');

    editBlog(blogs[3], ' Edited on night five.');
    await night();
    // --keep 3 dropped night one: the entry of two after one goes with it.
    const five = await changes('five');
    assert.deepEqual(five.cached, five.fresh);
    assert.equal(five.compared.length, 1, five.compared.join('; '));
    assert.equal((await readdir(cache())).length, 3);
  });

  it('compares again an entry cut short or naming other snapshots, and still works where nothing can be kept', async () => {
    const entries = (await readdir(cache())).sort();
    assert.equal(entries.length, 3);
    const [cut, forged, whole] = entries.map((name) => path.join(cache(), name));
    assert.ok(cut && forged && whole);
    const text = await readFile(cut, 'utf8');
    await writeFile(cut, text.slice(0, text.length >> 1));
    // Another pair's entry under this pair's name: its times are not this pair's.
    await writeFile(forged, await readFile(whole));
    const again = await changes('again');
    assert.deepEqual(again.cached, again.fresh);
    assert.equal(again.compared.length, 2, again.compared.join('; '));
    const once = await changes('once-more');
    assert.equal(once.compared.length, 0, 'both rewritten whole, and all three taken');

    // The cache folder is a file: nothing can be kept, and every comparison is made anew, as without a cache.
    await rm(cache(), { recursive: true });
    await writeFile(cache(), 'not a folder');
    const unkept = await changes('unkept');
    assert.deepEqual(unkept.cached, unkept.fresh);
    assert.equal(unkept.compared.length, 3);
    await rm(cache());
  });

  it("refuses tonight's damaged snapshot with a warm cache as without one, and keeps nothing of it", async () => {
    await changes('warm');
    const before = (await readdir(cache())).sort();
    const index = path.join(snapshot(), 'content', 'index.ndjson');
    const bytes = await readFile(index);
    // Still well-formed, one name changed: only its checksum tells.
    const damaged = bytes.toString('utf8').replace(/"name":"(.)/, (_, c: string) => `"name":"${c === 'X' ? 'Y' : 'X'}`);
    assert.notEqual(damaged, bytes.toString('utf8'));
    await writeFile(index, damaged);
    try {
      // The manifest is unchanged, so tonight's pair would be taken from the cache: the build's site-data step reads
      // the snapshot first and refuses it (prepare-site-data.ts), whatever the cache holds.
      const data = path.join(work, 'damaged');
      await assert.rejects(prepareSiteData(snapshot(), data, { historyDir: history() }), SnapshotDamagedError);
      // A pair met for the first time is read, refused, and not kept.
      const current = { dir: snapshot(), manifest: await getManifest(snapshot()) };
      const fresh = path.join(work, 'fresh-cache');
      await mkdir(data, { recursive: true });
      await assert.rejects(
        writeChanges({ historyDir: history() } as BuildConfig, current, data, openDiffCache(fresh).compare),
        (error: unknown) =>
          error instanceof BuildError && error.cause instanceof SnapshotUnusableError && /damaged/.test(error.message),
      );
      assert.deepEqual(await readdir(fresh).catch(() => [] as string[]), [], 'nothing kept of a refused comparison');
      assert.deepEqual((await readdir(cache())).sort(), before);
    } finally {
      await writeFile(index, bytes);
    }
  });

  it('lets `npm run diff -- --cache DIR` take the pair the build kept there, and keep one it compares', async () => {
    await changes('cli');
    const run = (...args: string[]) => {
      const argv = ['--from-history', history(), '--to', snapshot(), '--format', 'json', ...args];
      const result = spawnSync(process.execPath, [DIFF_COMMAND, ...argv], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      return result.stdout;
    };
    const fresh = run();
    assert.equal(run('--cache', work), fresh);
    // Taken, not compared: a mark made here in tonight's entry shows in the output.
    const tonight = (await getManifest(snapshot())).finishedAt;
    const entries = await Promise.all(
      (await readdir(cache())).map(async (name) => ({ name, text: await readFile(path.join(cache(), name), 'utf8') })),
    );
    const entry = entries.find(({ text }) => JSON.parse(text).to.finishedAt === tonight);
    assert.ok(entry, "tonight's pair is kept");
    const marked = JSON.parse(entry.text);
    marked.to.counts.content = 987654;
    await writeFile(path.join(cache(), entry.name), JSON.stringify(marked));
    assert.equal(JSON.parse(run('--cache', work)).to.counts.content, 987654);
    await writeFile(path.join(cache(), entry.name), entry.text);
    // Another folder: compared there, and kept.
    const other = path.join(work, 'other-cache');
    assert.equal(run('--cache', other), fresh);
    assert.equal((await readdir(path.join(other, 'diffs'))).length, 1);
  });
});
