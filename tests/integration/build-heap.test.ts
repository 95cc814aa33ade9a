/**
 * The build's own process gets room to hold a large site: V8's default cap (about 4 GB) is raised to 60 % of the
 * memory it may use (the machine's, or its control group's limit), at most 16 GB, by starting the command again in
 * place (the same pid), unless a --max-old-space-size was given; under `--memory SIZE`, within SIZE. `--verbose` says
 * the cap the build runs with.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { totalmem, tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildInChild } from '../support/build-child.ts';
import { writeFixtureSnapshot } from '../support/site-fixture-snapshot.ts';

const KEY = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
/** The machine's memory, or the limit of this process's memory control group (v1 or v2) where it is lower. */
function usableMemory(): number {
  const groups = readFileSync('/proc/self/cgroup', 'utf8');
  const v1 = /^\d+:(?:[^:]*,)?memory(?:,[^:]*)?:(.*)$/m.exec(groups)?.[1];
  const v2 = /^0::(.*)$/m.exec(groups)?.[1];
  const file =
    v1 !== undefined
      ? path.join('/sys/fs/cgroup/memory', v1, 'memory.limit_in_bytes')
      : path.join('/sys/fs/cgroup', v2 ?? '/', 'memory.max');
  let limit = Infinity;
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (/^\d+$/.test(text)) limit = Number(text);
  } catch {
    // no limit to read: the machine's memory
  }
  return Math.min(totalmem(), limit);
}

const capOf = (stderr: string): number => Number(/build: heap cap (\d+) MB/.exec(stderr)?.[1] ?? NaN);

describe('the build process heap cap', { timeout: 180_000 }, () => {
  let work: string;
  let snapshot: string;
  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'build-heap-'));
    snapshot = path.join(work, 'snapshot');
    await writeFixtureSnapshot(snapshot, {
      content: [{ id: 1, key: KEY(1), name: 'Home', type: 'page', url: '/' }],
      media: [],
    });
  });
  after(() => rm(work, { recursive: true, force: true }));

  const build = (name: string, env: Record<string, string>, extra: string[] = []) =>
    buildInChild(
      [
        '--snapshot',
        snapshot,
        '--out',
        path.join(work, name),
        '--cache',
        path.join(work, `cache-${name}`),
        '--verbose',
        ...extra,
      ],
      env,
    );

  it('is raised to 60 % of the memory (the cgroup limit where lower), at most 16 GB', async () => {
    const run = await build('raised', { NODE_OPTIONS: '' });
    assert.equal(run.code, 0, run.stderr);
    const wanted = Math.min(16 * 1024, (usableMemory() * 0.6) / 2 ** 20);
    const cap = capOf(run.stderr);
    // V8's cap adds its young generation (tens of MB) to the old space asked for.
    assert.ok(cap >= wanted - 1 && cap <= wanted + 256, `cap ${cap} MB, wanted ${Math.round(wanted)} MB`);
  });

  it('is kept within --memory SIZE, less what the process holds beside its heap', async () => {
    const run = await build('budget', { NODE_OPTIONS: '' }, ['--memory', '3G']);
    assert.equal(run.code, 0, run.stderr);
    const cap = capOf(run.stderr);
    const wanted = Math.min(3072 - 768, (usableMemory() * 0.6) / 2 ** 20);
    assert.ok(cap >= wanted - 1 && cap <= wanted + 256, `cap ${cap} MB, wanted ${Math.round(wanted)} MB`);
  });

  it('is left as NODE_OPTIONS sets it', async () => {
    const run = await build('given', { NODE_OPTIONS: '--max-old-space-size=700' });
    assert.equal(run.code, 0, run.stderr);
    const cap = capOf(run.stderr);
    assert.ok(cap >= 700 && cap < 1000, `cap ${cap} MB`);
  });
});
