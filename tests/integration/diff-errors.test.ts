/** `npm run diff` on bad input: one line on stderr naming the problem, a distinct exit code, nothing written. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runDiffCli } from '../../scripts/diff/diff-run.ts';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

async function diff(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let [out, err] = ['', ''];
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) } };
  return { code: await runDiffCli(args, io), out, err };
}

describe('npm run diff refuses what it cannot compare', () => {
  let work: string;
  let snapshot: string;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'diff-errors-'));
    snapshot = path.join(work, 'snapshot');
    const sink = { write: () => true };
    const db = sharedDatabase('persteenolsen_umbraco-17-starter-one.db');
    assert.equal(
      await runSnapshotCli(['--quiet', '--db', db, '--out', snapshot], {}, { stdout: sink, stderr: sink }),
      0,
    );
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('names every bad flag at once (exit 2)', async () => {
    const { code, err } = await diff(['--format', 'yaml', '--fail-on', 'never', '--limit', 'many']);
    assert.equal(code, 2);
    for (const flag of ['--from', '--to', '--format', '--fail-on', '--limit']) assert.ok(err.includes(flag), err);
    assert.equal(err.trim().split('\n').length, 1);
  });

  it('says which side is missing or not a snapshot (exit 3), and writes no --out file', async () => {
    const out = path.join(work, 'changes.json');
    const missing = await diff(['--from', path.join(work, 'nope'), '--to', snapshot, '--out', out]);
    assert.equal(missing.code, 3);
    assert.match(missing.err, /^diff: --from .*nope: no such folder\n$/);
    const empty = path.join(work, 'empty');
    await mkdir(empty);
    const notSnapshot = await diff(['--from', snapshot, '--to', empty, '--out', out]);
    assert.equal(notSnapshot.code, 3);
    assert.match(notSnapshot.err, /--to .*empty: not a readable snapshot/);
    assert.equal(existsSync(out), false);
  });

  it('refuses a partial snapshot and one of another format version (exit 3)', async () => {
    for (const [name, change] of [
      ['partial', { status: 'partial' }],
      ['future', { formatVersion: 2 }],
    ] as const) {
      const copy = path.join(work, name);
      await cp(snapshot, copy, { recursive: true });
      const manifest = JSON.parse(await readFile(path.join(copy, 'manifest.json'), 'utf8')) as object;
      await writeFile(path.join(copy, 'manifest.json'), JSON.stringify({ ...manifest, ...change }));
      const { code, err } = await diff(['--from', copy, '--to', snapshot]);
      assert.equal(code, 3, err);
      assert.ok(err.includes(copy), err);
    }
  });

  it('refuses a snapshot whose index is damaged (exit 3), without a stack trace', async () => {
    const copy = path.join(work, 'damaged');
    await cp(snapshot, copy, { recursive: true });
    await writeFile(path.join(copy, 'content', 'index.ndjson'), '{"id": "not an item"}\n');
    const { code, err } = await diff(['--from', snapshot, '--to', copy]);
    assert.equal(code, 3);
    assert.match(err, /^diff: --to .*damaged: damaged snapshot: content\/index\.ndjson has 22 bytes/);
    assert.doesNotMatch(err, /\n\s+at /);
  });
});
