/**
 * `--history DIR --keep N`: the snapshot at --out is kept before a new crawl replaces it, kept snapshots are never
 * changed afterwards, only the newest N stay, and an incremental crawl still reuses items.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const DATABASE = sharedDatabase('lirijes_crito.umbraco.db');

async function crawl(args: string[]): Promise<string> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli(['--quiet', '--db', DATABASE, ...args], {}, { stdout: sink, stderr: sink });
  assert.equal(code, 0, output);
  return output;
}

const readManifest = async (dir: string): Promise<{ finishedAt: string; reused: number; files: object }> =>
  JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as {
    finishedAt: string;
    reused: number;
    files: object;
  };

describe('snapshot history', () => {
  let work: string;
  let out: string;
  let history: string;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'snapshot-history-'));
    out = path.join(work, 'snapshot');
    history = path.join(work, 'history');
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('keeps the previous snapshot, unchanged, and only the newest --keep of them', async () => {
    await crawl(['--out', out, '--history', history]);
    assert.deepEqual(await readdir(history).catch(() => []), [], 'nothing to keep before the first snapshot');
    const first = await readManifest(out);
    const firstIndex = await readFile(path.join(out, 'content', 'index.ndjson'));
    const output = await crawl(['--out', out, '--history', history]);
    // The same database crawled twice: the crawl says what changed since the kept one, which is nothing.
    assert.ok(output.includes(`since ${first.finishedAt}: 0 content type changes, 0 item changes`), output);
    const [kept] = await readdir(history);
    assert.ok(kept !== undefined);
    assert.deepEqual(await readManifest(path.join(history, kept)), first);
    const second = await readManifest(out);
    await crawl(['--out', out, '--history', history, '--keep', '2', '--since-snapshot', out]);
    const names = (await readdir(history)).sort();
    assert.equal(names.length, 2);
    const keptTimes = await Promise.all(
      names.map(async (name) => (await readManifest(path.join(history, name))).finishedAt),
    );
    assert.deepEqual(keptTimes.sort(), [first.finishedAt, second.finishedAt].sort());
    assert.ok((await readFile(path.join(history, kept, 'content', 'index.ndjson'))).equals(firstIndex));
    assert.ok((await readManifest(out)).reused > 0, 'the incremental crawl reused items');
    await crawl(['--out', out, '--history', history]);
    assert.equal((await readdir(history)).length, 1, 'the default keeps one');
  });

  it('compares with --compare-with when given, and says so when it cannot', async () => {
    const elsewhere = path.join(work, 'elsewhere');
    await crawl(['--out', elsewhere]);
    const { finishedAt } = await readManifest(elsewhere);
    assert.ok((await crawl(['--out', out, '--compare-with', elsewhere])).includes(`since ${finishedAt}: 0 content`));
    const missing = await crawl(['--out', out, '--compare-with', path.join(work, 'none')]);
    assert.match(missing, /not compared with .*none: --from .*none: no such folder/);
  });

  it('refuses a bad --keep', async () => {
    let output = '';
    const sink = { write: (text: string) => (output += text) };
    const code = await runSnapshotCli(
      ['--db', DATABASE, '--out', out, '--keep', '0'],
      {},
      { stdout: sink, stderr: sink },
    );
    assert.equal(code, 2);
    assert.match(output, /--keep/);
    output = '';
    assert.equal(
      await runSnapshotCli(['--db', DATABASE, '--out', out, '--keep', '2'], {}, { stdout: sink, stderr: sink }),
      2,
    );
    assert.match(output, /--keep N needs --history DIR/);
  });
});
