/**
 * The incremental crawl's guarantee, as a property: whatever changed in the source, a crawl with `--since-snapshot`
 * writes the same items, index and types as a full crawl of the same source. Seeded random sequences of edits
 * (values, item renames, moves, trashing, item and type templates, property types deleted or renamed, editors and
 * data types changed, variance switched, type and composition aliases renamed) go into a copy of a shared database;
 * after each edit both crawls run and every data file must match byte for byte. Only manifest.json and report.json
 * differ by design (times, the source's port, `reused`, `incrementalRuns`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startReadService } from '../../scripts/source/server.ts';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { getManifest } from '../../scripts/core/snapshot-format.ts';
import { sharedDatabase } from '../support/shared-databases.ts';
import { applyRandomEdit, createRandom } from '../support/random-edits.ts';

const KEY = 'incremental-edits-key';
/** Two sequences against a source offering its type lists, two against one that must be asked type by type. */
const SEQUENCES = [
  { seed: 1, typeLists: true },
  { seed: 2, typeLists: true },
  { seed: 3, typeLists: false },
  { seed: 4, typeLists: false },
];
const STEPS = 5;

async function crawlInto(source: string, out: string, extra: string[] = []): Promise<void> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const argv = ['--quiet', '--retries', '0', '--source', source, '--out', out, ...extra];
  const code = await runSnapshotCli(argv, { SNAPSHOT_API_KEY: KEY }, { stdout: sink, stderr: sink });
  assert.equal(code, 0, output);
}

async function dataChecksums(dir: string): Promise<Record<string, string>> {
  const { files } = await getManifest(dir);
  return Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => name !== 'report.json')
      .map(([name, file]) => [name, file.sha256]),
  );
}

async function withService<T>(db: string, use: (url: string) => Promise<T>, typeLists = true): Promise<T> {
  const service = await startReadService({ dbPath: db, apiKey: KEY, typeLists });
  try {
    return await use(service.url);
  } finally {
    await service.close();
  }
}

test('after any sequence of edits an incremental crawl equals a full crawl', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'crawl-incremental-edits-'));
  try {
    for (const { seed, typeLists } of SEQUENCES) {
      const copy = path.join(work, `site-${seed}.db`);
      await copyFile(sharedDatabase('tdufrane_searchcourse.db'), copy);
      const incremental = path.join(work, `incremental-${seed}`);
      await withService(copy, (url) => crawlInto(url, incremental), typeLists);
      const random = createRandom(seed);
      const done: string[] = [];
      let reused = 0;
      for (let step = 1; step <= STEPS; step += 1) {
        const db = new DatabaseSync(copy);
        try {
          done.push(applyRandomEdit(db, random, seed * 100 + step));
        } finally {
          db.close();
        }
        const full = path.join(work, `full-${seed}-${step}`);
        await withService(
          copy,
          async (url) => {
            await crawlInto(url, incremental, ['--since-snapshot', incremental]);
            await crawlInto(url, full);
          },
          typeLists,
        );
        const manifest = await getManifest(incremental);
        reused += manifest.reused;
        assert.equal(manifest.incrementalRuns, step);
        const { atRoot, items, contentTypes, typeLists: lists, extras } = manifest.http.plan ?? {};
        const planned = Number(atRoot) + Number(items) + Number(contentTypes) + Number(lists) + (extras ?? 0);
        assert.equal(manifest.http.requests, planned);
        assert.deepEqual(
          await dataChecksums(incremental),
          await dataChecksums(full),
          `seed ${seed}, after: ${done.join('; ')}`,
        );
        await rm(full, { recursive: true });
      }
      assert.ok(reused > 0, `seed ${seed}: the incremental crawls reused items at all`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});

test('--full-refresh-every N fetches every item on every Nth crawl in a row, and --full-refresh when asked', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'crawl-full-refresh-'));
  try {
    const copy = path.join(work, 'site.db');
    await copyFile(sharedDatabase('tdufrane_searchcourse.db'), copy);
    const out = path.join(work, 'snapshot');
    await withService(copy, async (url) => {
      await crawlInto(url, out);
      const runs: [number, number][] = [];
      for (let night = 1; night <= 4; night += 1) {
        await crawlInto(url, out, ['--since-snapshot', out, '--full-refresh-every', '3']);
        const manifest = await getManifest(out);
        runs.push([manifest.incrementalRuns ?? -1, manifest.reused]);
      }
      const total = (await getManifest(out)).counts;
      const all = total.content + total.media;
      assert.deepEqual(runs, [
        [1, all],
        [2, all],
        [0, 0],
        [1, all],
      ]);
      await crawlInto(url, out, ['--since-snapshot', out, '--full-refresh']);
      const forced = await getManifest(out);
      assert.deepEqual([forced.incrementalRuns, forced.reused], [0, 0]);
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
