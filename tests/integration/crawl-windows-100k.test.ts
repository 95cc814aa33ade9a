/**
 * Bounded answers at scale: a demo database whose largest root holds over 100,000 items as its source serves them
 * (published, reached from the root), no item with more than 2,000 children. Crawled by default, no answer is over
 * 4 MiB and the requests stay within 10 % of one per item; a crawl capped at 3 MB (every window then aims at 375 KB)
 * writes the same snapshot. The database is generated once, with the main site's tree only (no media, no other root:
 * nothing the assertions look at), the read service runs in its own process as a crawl meets it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { getManifest, getReport, iterateIndex } from '../../scripts/core/snapshot-format.ts';
import { generateDemoDatabase } from '../../scripts/demo/generate.ts';
import { dataChecksums } from '../support/answer-sizes.ts';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.ts';
import { openForOracle } from '../support/shared-databases.ts';
import { DOCUMENT } from '../support/umbraco-object-types.ts';

/** Documents generated under one root: seed 3 publishes 111,697 of them where the root reaches them (SQL count). */
const ITEMS = 140_000;
const MAX_CHILDREN = 2000;
const CAP = 3_000_000;

let work = '';
let service: ServiceProcess;
const out = (name: string): string => path.join(work, name);

async function crawl(dir: string, extra: string[] = []): Promise<void> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const args = ['--quiet', '--source', service.url, '--out', dir, ...extra];
  assert.equal(await runSnapshotCli(args, {}, { stdout: sink, stderr: sink }), 0, output);
}

before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'crawl-windows-100k-'));
  generateDemoDatabase({
    out: out('demo.db'),
    items: ITEMS,
    languages: 1,
    seed: 3,
    maxChildren: MAX_CHILDREN,
    oneRoot: true,
  });
  service = await startServiceProcess(['--db', out('demo.db'), '--no-type-lists']);
  await crawl(out('default'));
});

after(async () => {
  await service?.stop();
  await rm(work, { recursive: true, force: true });
});

test('the database: no item holds more than 2,000 children, one root over 100,000 descendants', () => {
  const db = openForOracle(out('demo.db'));
  try {
    const fullest = db
      .prepare('SELECT MAX(n) AS n FROM (SELECT COUNT(*) AS n FROM umbracoNode WHERE trashed = 0 GROUP BY parentId)')
      .get() as { n: number };
    assert.ok(fullest.n <= MAX_CHILDREN, `${fullest.n} children`);
    const roots = db
      .prepare(
        `SELECT r.id, (SELECT COUNT(*) FROM umbracoNode d WHERE d.trashed = 0 AND d.path LIKE r.path || ',%') AS n
         FROM umbracoNode r WHERE r.parentId = -1 AND r.trashed = 0 AND r.nodeObjectType = ? ORDER BY n DESC LIMIT 1`,
      )
      .get(DOCUMENT) as { id: number; n: number };
    assert.ok(roots.n > 100_000, `${roots.n} descendants of ${roots.id}`);
  } finally {
    db.close();
  }
});

test('a default crawl: the largest root serves over 100,000 items, and no answer is over 4 MiB', async () => {
  const parentOf = new Map<number, number>();
  for await (const entry of iterateIndex(out('default'), 'content')) parentOf.set(entry.id, entry.parentId);
  const byRoot = new Map<number, number>();
  for (const id of parentOf.keys()) {
    let root = id;
    for (let up = parentOf.get(root); up !== undefined && parentOf.has(up); up = parentOf.get(root)) root = up;
    if (root !== id) byRoot.set(root, (byRoot.get(root) ?? 0) + 1);
  }
  const largest = Math.max(...byRoot.values());
  assert.ok(largest > 100_000, `the largest root holds ${largest} items`);
  const answers = (await getReport(out('default'))).answers;
  assert.ok(answers?.largest, 'the report records the largest answer');
  assert.ok(answers.largest.bytes <= 4 << 20, `largest answer ${answers.largest.bytes} B: ${answers.largest.url}`);
  // Windows add no requests: a window's answer is its item's full item. Before windows a crawl asked for each item
  // by id and for each root's whole tree; the requests stay within 10 % of that.
  const { counts, http } = await getManifest(out('default'));
  assert.ok(http.requests <= 1.1 * (counts.content + counts.media), `${http.requests} requests`);
});

test('a crawl capped at 3 MB: every answer under the cap, the same snapshot as the default crawl', async () => {
  await crawl(out('capped'), ['--max-answer-bytes', String(CAP)]);
  const answers = (await getReport(out('capped'))).answers;
  assert.ok(answers?.largest && answers.largest.bytes <= CAP, `largest ${answers?.largest?.bytes} within ${CAP}`);
  assert.deepEqual(await dataChecksums(out('capped')), await dataChecksums(out('default')));
});
