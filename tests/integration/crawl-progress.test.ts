/**
 * The crawl's progress lines count what the snapshot gets: on two shared databases the content-type line ends at the
 * number of document and element types the database holds (SQL here) and the manifest counts, not at the number of
 * single-type requests (none when the source lists every type at once, which printed "content types 0/0").
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { getManifest } from '../../scripts/core/snapshot-format.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';
import { DOCUMENT_TYPE } from '../support/umbraco-object-types.ts';

for (const name of ['tdufrane_searchcourse.db', 'umbraco_umbraco.commerce.demostore_15.x.db']) {
  test(`progress lines of a crawl of ${name} count the content types written`, async () => {
    const db = openForOracle(sharedDatabase(name));
    const types = Number(
      (db.prepare('SELECT count(*) AS n FROM umbracoNode WHERE nodeObjectType = ?').get(DOCUMENT_TYPE) as { n: number })
        .n,
    );
    db.close();
    const work = await mkdtemp(path.join(tmpdir(), 'crawl-progress-'));
    try {
      let stderr = '';
      const sink = { write: (text: string) => ((stderr += text), true) };
      const out = path.join(work, 'snapshot');
      const code = await runSnapshotCli(
        ['--db', sharedDatabase(name), '--out', out],
        { SNAPSHOT_CACHE_DIR: work },
        {
          stdout: { write: () => true },
          stderr: sink,
        },
      );
      assert.equal(code, 0, stderr);
      const lines = stderr.split('\n').filter((l) => l.startsWith('content types '));
      assert.ok(lines.length > 0, stderr);
      assert.match(lines.at(-1) as string, new RegExp(`^content types ${types}/${types} \\(100%\\)`));
      assert.equal((await getManifest(out)).counts.contentTypes, types);
      const items = stderr
        .split('\n')
        .filter((l) => l.startsWith('items '))
        .at(-1);
      const manifest = await getManifest(out);
      const written = manifest.counts.content + manifest.counts.media;
      assert.match(items ?? '', new RegExp(`^items ${written}/${written} `), stderr);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
}
