/**
 * The crawler's extras (drafts, unpublished, recycle bin, dictionary, domains, redirects…) through the CLI's `--db`
 * on shared databases, counted against SQL written here; and a plugin-shaped source that offers none of them.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { getManifest, listDamagedFiles } from '../../scripts/core/snapshot-format.ts';
import { EXTRA_NAMES, listExtra } from '../../scripts/core/snapshot-extras.ts';
import { startReadService } from '../../scripts/source/server.ts';
import { extraCountsBySql } from '../support/extras-oracle.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

async function snapshot(args: string[]): Promise<{ code: number; output: string }> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli([...args, '--quiet'], {}, { stdout: sink, stderr: sink });
  return { code, output };
}

describe('extras in the snapshot', () => {
  let work: string;
  before(async () => (work = await mkdtemp(path.join(tmpdir(), 'crawl-extras-'))));
  after(() => rm(work, { recursive: true, force: true }));

  for (const name of [
    'tdufrane_searchcourse.db',
    'miguel015_alimentos.db',
    'persteenolsen_umbraco-17-starter-one.db',
    'alidurbox_onatrix-umbraco.db',
  ]) {
    it(`${name}: every extra is offered, stored with its checksum, and counts what the tables hold`, async () => {
      const file = sharedDatabase(name);
      const out = path.join(work, name);
      const run = await snapshot(['--db', file, '--out', out]);
      assert.equal(run.code, 0, run.output);
      const manifest = await getManifest(out);
      assert.deepEqual(await listDamagedFiles(out, manifest), []);
      const expected = extraCountsBySql(file);
      for (const extra of EXTRA_NAMES) {
        assert.equal(manifest.extras?.[extra], 'offered', extra);
        assert.equal(manifest.files[`extras/${extra}.ndjson`]?.records, expected[extra], extra);
        assert.equal((await listExtra(out, manifest, extra)).length, expected[extra], extra);
      }
    });
  }

  it('a source with the plugin shape offers none: the crawl succeeds and the manifest says so', async () => {
    const service = await startReadService({
      dbPath: sharedDatabase('tdufrane_searchcourse.db'),
      flavor: 'plugin-v10',
    });
    try {
      const out = path.join(work, 'plugin');
      const run = await snapshot(['--source', service.url, '--out', out]);
      assert.equal(run.code, 0, run.output);
      const manifest = await getManifest(out);
      assert.equal(manifest.status, 'complete');
      assert.deepEqual(manifest.failures, []);
      for (const extra of EXTRA_NAMES) assert.equal(manifest.extras?.[extra], 'not-offered', extra);
      assert.ok(!(await readdir(out)).includes('extras'), 'no extras folder');
      assert.deepEqual(await listExtra(out, manifest, 'drafts'), []);
      assert.ok(manifest.counts.content > 0);
    } finally {
      await service.close();
    }
  });
});
