/**
 * Item page writers sharing the pages through a claims folder: every run is rendered by exactly one writer, whether
 * the writers start together or one joins late, and without a folder a writer renders every run.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { forEachClaimedRun } from '../../scripts/pipeline/item-pages.ts';

describe('claims of the item page writers', () => {
  let tmp: string;
  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'claims-'));
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  const writer = (dir: string | undefined, runs: number, done: number[]) =>
    forEachClaimedRun(dir, runs, async (run) => {
      done.push(run);
      await setTimeout(2);
    });

  it('gives each run to one writer when two start together', async () => {
    const dir = path.join(tmp, 'together');
    await mkdir(dir);
    const a: number[] = [];
    const b: number[] = [];
    const [ca, cb] = await Promise.all([writer(dir, 40, a), writer(dir, 40, b)]);
    assert.deepEqual(
      [...a, ...b].sort((x, y) => x - y),
      [...Array(40).keys()],
    );
    assert.ok(a.length > 0 && b.length > 0, `both rendered runs (${a.length}, ${b.length})`);
    assert.deepEqual([ca, cb], [a.length, b.length]);
    assert.equal((await readdir(dir)).length, 40);
  });

  it('leaves a late writer the runs nobody has claimed', async () => {
    const dir = path.join(tmp, 'late');
    await mkdir(dir);
    const a: number[] = [];
    const b: number[] = [];
    const first = writer(dir, 30, a);
    while (a.length < 10) await Promise.race([setTimeout(1), first]);
    await Promise.all([first, writer(dir, 30, b)]);
    assert.ok(b.length > 0 && b.every((run) => run >= 10), `the late writer took later runs (${b.join(', ')})`);
    assert.deepEqual(
      [...a, ...b].sort((x, y) => x - y),
      [...Array(30).keys()],
    );
  });

  it('renders every run, in order, without a claims folder', async () => {
    const done: number[] = [];
    assert.equal(await writer(undefined, 5, done), 5);
    assert.deepEqual(done, [0, 1, 2, 3, 4]);
  });

  it('fails with the file system error when a claim cannot be made', async () => {
    await assert.rejects(writer(path.join(tmp, 'missing', 'folder'), 3, []), { code: 'ENOENT' });
  });
});
