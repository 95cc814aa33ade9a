/**
 * Bounded answers on a demo database whose first root holds thousands of items, no item with more than 100
 * children (`--max-children`): asked for whole, that root's tree is over ten times the cap given here; crawled in
 * windows, no answer is over the cap and the snapshot's data equal a default crawl's. Under a cap that one item with
 * its children cannot fit in, that item alone fails, with a message naming it, and only the items below it are
 * missing. (3,000 items prove it; crawl-windows-100k.test.ts crawls a root of over 100,000.)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { getReport, iterateIndex, ITEM_KINDS } from '../../scripts/core/snapshot-format.ts';
import { generateDemoDatabase } from '../../scripts/demo/generate.ts';
import { startReadService, type RunningReadService } from '../../scripts/source/server.ts';
import {
  dataChecksums,
  findLargestWholeTree,
  measureNeededAnswers,
  type NeededAnswer,
} from '../support/answer-sizes.ts';
import { openForOracle } from '../support/shared-databases.ts';

let work = '';
let db = '';
let service: RunningReadService;
let needed: NeededAnswer[];
const defaultOut = (): string => path.join(work, 'default');

async function crawl(out: string, extra: string[] = []): Promise<{ code: number; output: string }> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const args = ['--quiet', '--source', service.url, '--out', out, ...extra];
  return { code: await runSnapshotCli(args, {}, { stdout: sink, stderr: sink }), output };
}

async function listIds(dir: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const kind of ITEM_KINDS) for await (const entry of iterateIndex(dir, kind)) ids.add(entry.id);
  return ids;
}

before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'crawl-windows-demo-'));
  db = path.join(work, 'demo.db');
  generateDemoDatabase({ out: db, items: 3000, languages: 2, seed: 1, maxChildren: 100 });
  // Only the nine operations: a type list is one answer holding every type, whatever the tree.
  service = await startReadService({ dbPath: db, typeLists: false });
  needed = await measureNeededAnswers(db, service.url);
  const plain = await crawl(defaultOut());
  assert.equal(plain.code, 0, plain.output);
});

after(async () => {
  await service.close();
  await rm(work, { recursive: true, force: true });
});

test('a cap a tenth of the whole tree: every answer under it, the same snapshot as a default crawl', async () => {
  const oracle = openForOracle(db);
  const fullest = oracle.prepare(
    'SELECT MAX(n) AS n FROM (SELECT COUNT(*) AS n FROM umbracoNode WHERE parentId > 0 GROUP BY parentId)',
  );
  assert.ok((fullest.get() as { n: number }).n <= 100, 'no item holds more than 100 children');
  oracle.close();
  const cap = Math.max(...needed.map((answer) => answer.bytes)) + 1;
  assert.ok((await findLargestWholeTree(service.url)) > 10 * cap, 'the whole tree is over ten times the cap');
  const out = path.join(work, 'capped');
  const run = await crawl(out, ['--max-answer-bytes', String(cap), '--verbose']);
  assert.equal(run.code, 0, run.output);
  assert.deepEqual(await dataChecksums(out), await dataChecksums(defaultOut()));
  const answers = (await getReport(out)).answers;
  assert.ok(answers?.largest && answers.largest.bytes <= cap, `largest ${answers?.largest?.bytes} within ${cap}`);
  assert.ok(Object.keys(answers.windows).length > 1, 'windows of more than one width');
  const plain = (await getReport(defaultOut())).answers;
  assert.ok(plain?.largest && plain.largest.bytes <= 4 << 20, 'a default crawl asks for no answer over 4 MiB');
});

test('one item whose children do not fit under the cap fails alone, naming itself; only its subtree is missing', async () => {
  const trees = needed.filter((answer) => answer.id !== undefined);
  const cap = Math.max(...needed.filter((answer) => answer.id === undefined).map((answer) => answer.bytes)) + 1;
  const over = new Set(trees.filter((answer) => answer.bytes > cap).map((answer) => answer.id as number));
  assert.ok(over.size > 0, 'some item with its children is over the cap');
  const oracle = openForOracle(db);
  const pathOf = new Map<number, number[]>();
  for (const row of oracle.prepare('SELECT id, path FROM umbracoNode').all() as { id: number; path: string }[])
    pathOf.set(row.id, row.path.split(',').map(Number));
  oracle.close();
  const below = (id: number, ancestor: number): boolean => (pathOf.get(id) ?? []).slice(0, -1).includes(ancestor);
  const all = await listIds(defaultOut());
  // Reached are the items over the cap that no other such item holds.
  const failing = [...over].filter((id) => all.has(id) && ![...over].some((other) => below(id, other)));

  const out = path.join(work, 'refused');
  const run = await crawl(out, ['--max-answer-bytes', String(cap)]);
  assert.equal(run.code, 1, run.output);
  const report = await getReport(`${out}.partial`);
  // An item that is itself over the cap fails a second time, when asked for alone.
  assert.deepEqual([...new Set(report.failures.map((failure) => failure.id))].sort(), failing.sort());
  for (const id of failing) {
    const messages = report.failures.filter((failure) => failure.id === id).map((failure) => failure.message);
    const named = new RegExp(`item ${id} at level \\d+ with its children .*over --max-answer-bytes ${cap}`);
    assert.ok(
      messages.some((message) => named.test(message)),
      `${id}: ${messages.join('; ')}`,
    );
  }
  const expected = [...all].filter((id) => !failing.some((parent) => below(id, parent)));
  assert.deepEqual([...(await listIds(`${out}.partial`))].sort(), expected.sort());
});

test('an unchanged re-crawl with --since-snapshot asks for a window only where the tree needs one, not per item', async () => {
  const out = path.join(work, 'incremental');
  const full = await crawl(out);
  assert.equal(full.code, 0, full.output);
  const run = await crawl(out, ['--since-snapshot', out]);
  assert.equal(run.code, 0, run.output);
  const answers = (await getReport(out)).answers;
  assert.ok(answers !== undefined);
  const windows = Object.values(answers.windows).reduce((sum, n) => sum + n, 0);
  const items = (await listIds(out)).size;
  // Windows stop widening at half the 1 MiB target, so a tree of this size takes a few dozen windows at most;
  // windows that stayed narrow made one request for every item at their last level (hundreds here).
  assert.ok(windows < items / 20, `${windows} windows for ${items} items`);
  assert.ok((answers.widened ?? 0) > 0, 'narrow first windows were asked for again wider');
});
