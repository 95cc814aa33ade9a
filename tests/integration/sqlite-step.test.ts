/**
 * `snapshot.sqlite` written by a process of its own (scripts/pipeline/sqlite-step.ts): the file a direct call writes,
 * a full disk said as such (exit 10), and any other failure as the export's own (exit 13), in one line each.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { loadBuildConfig } from '../../scripts/pipeline/build-config.ts';
import { BUILD_EXIT_CODES, BuildError } from '../../scripts/pipeline/build-errors.ts';
import { runSqliteStep } from '../../scripts/pipeline/sqlite-step.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { mountTmpfs, unmount } from '../support/mounts.ts';
import { writeFixtureSnapshot } from '../support/site-fixture-snapshot.ts';

const KEY = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const WORDS = 'the quick brown fox jumps over the lazy dog '.repeat(40);

let work: string;
let snapshot: string;
let data: string;
const mounted: string[] = [];
const config = loadBuildConfig(['--snapshot', 's', '--memory', '1G'], {}, '/').config!;
const meta = { title: 'step', snapshotAt: 'now' };
const logged: string[] = [];
const run = (outDir: string, siteDataDir = data) =>
  runSqliteStep(config, { snapshotDir: snapshot, siteDataDir, outDir, meta }, 200, process.env, (t) => logged.push(t));

before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sqlite-step-'));
  snapshot = path.join(work, 'snapshot');
  const pages = Array.from({ length: 200 }, (_, i) => ({
    ...{ id: i + 2, key: KEY(i + 2), name: `Page ${i}`, type: 'page', url: `/p${i}/` },
    properties: { body: { editorAlias: 'Umbraco.TextArea', value: `${i} ${WORDS}` } },
  }));
  await writeFixtureSnapshot(snapshot, {
    content: [{ id: 1, key: KEY(1), name: 'Home', type: 'page', url: '/', children: pages }],
    media: [],
  });
  data = path.join(work, 'data');
  await prepareSiteData(snapshot, data);
});
after(async () => {
  for (const dir of mounted) unmount(dir);
  await rm(work, { recursive: true, force: true });
});

describe('the SQLite export in a process of its own', () => {
  it('writes every item, as its summary says', async () => {
    const summary = await run(path.join(work, 'out'));
    assert.equal(summary.items, 201);
    const db = new DatabaseSync(summary.file, { readOnly: true });
    try {
      const row = db.prepare('SELECT count(*) AS n FROM items').get() as { n: number };
      assert.equal(row.n, 201);
    } finally {
      db.close();
    }
    assert.equal((await readFile(summary.file)).length, summary.bytes);
  });

  it('says a full disk as such: exit 10, one line', async (t) => {
    const disk = path.join(work, 'small-disk');
    const refused = await mountTmpfs(disk, '64k');
    if (refused !== undefined) return t.skip(refused);
    mounted.push(disk);
    await assert.rejects(run(disk), (error: BuildError) => {
      assert.equal(error.exitCode, BUILD_EXIT_CODES.diskFull, error.message);
      assert.match(error.message, /^no space left on device: the SQLite export stopped \(.*disk is full/);
      return true;
    });
  });

  it('fails as the export (exit 13) when the site data is not there, its last lines logged', async () => {
    logged.length = 0;
    await assert.rejects(run(path.join(work, 'out-2'), path.join(work, 'no-data')), (error: BuildError) => {
      assert.equal(error.exitCode, BUILD_EXIT_CODES.sqlite, error.message);
      assert.match(error.message, /^the SQLite export failed \(exit 1\)/);
      return true;
    });
    assert.match(logged.join(''), /sqlite: .*no-data/);
  });
});
