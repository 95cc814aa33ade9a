/**
 * Bounded answers on the shared databases: with --max-answer-bytes just above the largest answer a crawl needs when
 * each tree answer is one item with its children (measured from the service, for ids and aliases read with SQL), the
 * crawl succeeds, no answer is over the cap, and the snapshot's data equal a default crawl's. Through the rich shape
 * and the Umbraco 8 plugin's (whose media answers repeat their ancestors' subtrees in `path`); the services answer
 * only the nine operations, since a type list is one answer holding every type.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { basename } from 'node:path';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { getManifest, getReport } from '../../scripts/core/snapshot-format.ts';
import { startReadService } from '../../scripts/source/server.ts';
import { dataChecksums, findLargestNeededAnswer, findLargestWholeTree } from '../support/answer-sizes.ts';
import { listSharedDatabases } from '../support/shared-databases.ts';

async function crawl(source: string, out: string, extra: string[] = []): Promise<{ code: number; output: string }> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli(
    ['--quiet', '--source', source, '--out', out, ...extra],
    {},
    { stdout: sink, stderr: sink },
  );
  return { code, output };
}

for (const flavor of ['rich', 'plugin-v8'] as const) {
  test(`${flavor}: every shared database crawls under a cap just above its largest item with children`, async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'crawl-windows-'));
    let overCap = 0;
    try {
      for (const file of listSharedDatabases()) {
        const name = basename(file);
        const service = await startReadService({ dbPath: file, flavor, typeLists: false });
        try {
          const largest = await findLargestNeededAnswer(file, service.url);
          const cap = Math.max(1024, largest.bytes + 1);
          if ((await findLargestWholeTree(service.url)) > cap) overCap += 1;
          const plain = await crawl(service.url, path.join(work, `${name}-${flavor}-default`));
          assert.equal(plain.code, 0, `${name}: ${plain.output}`);
          const capped = await crawl(service.url, path.join(work, `${name}-${flavor}-capped`), [
            '--max-answer-bytes',
            String(cap),
          ]);
          assert.equal(capped.code, 0, `${name} under ${cap} bytes (${largest.url}): ${capped.output}`);
          const out = path.join(work, `${name}-${flavor}-capped`);
          assert.deepEqual(
            await dataChecksums(out),
            await dataChecksums(path.join(work, `${name}-${flavor}-default`)),
            `${name}: the capped crawl wrote the default crawl's data`,
          );
          const answers = (await getReport(out)).answers;
          assert.ok(answers?.largest && answers.largest.bytes <= cap, `${name}: largest answer within the cap`);
          assert.equal((await getManifest(out)).status, 'complete');
        } finally {
          await service.close();
        }
      }
      // Some database's tree, asked for whole, is over its cap: the windows, not the database, kept the answers small.
      assert.ok(overCap > 0, 'a whole tree over the cap');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
}
