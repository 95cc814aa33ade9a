/**
 * Failing loudly and cleanly: a full disk under --out ends the build with one line and exit 10, and SIGTERM or SIGINT
 * during a crawl or a build stops it with 143 or 130, its children stopped and its temporary folders removed, the
 * previous site and snapshot untouched.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BUILD_EXIT_CODES } from '../../scripts/pipeline/build-errors.ts';
import { buildInChild, runInChild } from '../support/build-child.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { leftovers } from '../support/leftovers.ts';
import { startHostileSource } from '../support/hostile-source.ts';
import { mountTmpfs, unmount } from '../support/mounts.ts';
import { writeFixtureSnapshot } from '../support/site-fixture-snapshot.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const KEY = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

let work: string;
let snapshot: string;
const mounted: string[] = [];

before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'build-failures-'));
  snapshot = path.join(work, 'snapshot');
  const pages = Array.from({ length: 60 }, (_, i) => ({
    id: i + 2,
    key: KEY(i + 2),
    name: `Page ${i}`,
    type: 'page',
    url: `/p${i}/`,
  }));
  await writeFixtureSnapshot(snapshot, {
    content: [{ id: 1, key: KEY(1), name: 'Home', type: 'page', url: '/', children: pages }],
    media: [],
  });
});
after(async () => {
  for (const dir of mounted) unmount(dir);
  await rm(work, { recursive: true, force: true });
});

/** Entries a run leaves when it does not clean up: staging, side and working folders named by a pid. */
/** Processes whose command line names `text` (a build's output folder): its children, if any survive. */
async function processesNaming(text: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(text) && Number(pid) !== process.pid) found.push(cmdline.replaceAll('\0', ' '));
  }
  return found;
}

/** Polls until `test` holds (a run reached the phase to interrupt). */
async function waitFor(test: () => Promise<boolean> | boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a full disk and signals', () => {
  it('a full disk under --out: one line, exit 10, no staging folder', async (t) => {
    const disk = path.join(work, 'small-disk');
    const refused = await mountTmpfs(disk, '120k');
    if (refused !== undefined) return t.skip(refused);
    mounted.push(disk);
    const cache = path.join(work, 'cache-full');
    const run = await buildInChild([
      '--snapshot',
      snapshot,
      '--out',
      path.join(disk, 'site'),
      '--cache',
      cache,
      '--quiet',
    ]);
    assert.equal(run.code, BUILD_EXIT_CODES.diskFull, run.stderr);
    const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0] ?? '', /^build: no space left on device/);
    assert.deepEqual(await readdir(disk), [], 'nothing is left on the full disk');
    assert.deepEqual(await leftovers(cache, path.join(ROOT, '.astro')), []);
  });

  it('a full disk under --cache: one line, exit 10, no working folder', async (t) => {
    const disk = path.join(work, 'small-cache-disk');
    const refused = await mountTmpfs(disk, '16k');
    if (refused !== undefined) return t.skip(refused);
    mounted.push(disk);
    const out = path.join(work, 'dist-cache-full');
    const run = await buildInChild(['--snapshot', snapshot, '--out', out, '--cache', path.join(disk, 'c'), '--quiet']);
    assert.equal(run.code, BUILD_EXIT_CODES.diskFull, run.stderr);
    assert.match(run.stderr, /^build: no space left on device[^\n]*\n$/);
    assert.deepEqual(await leftovers(path.join(disk, 'c'), work), []);
    assert.ok(!existsSync(out), 'nothing was published');
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} during a build: children stopped, folders removed, the old site kept`, async () => {
      const out = path.join(work, `dist-${signal}`);
      const cache = path.join(work, `cache-${signal}`);
      const first = await buildInChild(['--snapshot', snapshot, '--out', out, '--cache', cache, '--quiet']);
      assert.equal(first.code, 0, first.stderr);
      const site = await fingerprint(out);
      let pid = 0;
      const running = buildInChild(['--snapshot', snapshot, '--out', out, '--cache', cache], {}, (p) => (pid = p));
      // Astro is at work once its output folder of its own exists in the checkout.
      await waitFor(() => existsSync(path.join(ROOT, '.astro', `out.tmp-${pid}`)), 'astro build to start');
      process.kill(pid, signal);
      const run = await running;
      assert.equal(run.code, signal === 'SIGTERM' ? 143 : 130, run.stderr);
      assert.match(run.stderr, new RegExp(`build: stopped by ${signal}`));
      assert.deepEqual(await fingerprint(out), site, 'the previous site is byte-identical');
      assert.deepEqual(await leftovers(work, cache), []);
      // The checkout's .astro is shared with the other test files, one of which plants a killed build's folder there
      // on purpose: only this build's own folders are its leftovers.
      const own = (await readdir(path.join(ROOT, '.astro'))).filter((name) => name.endsWith(`-${pid}`));
      assert.deepEqual(own, [], 'the interrupted build removed its folders from .astro');
      assert.deepEqual(await processesNaming(`${out}.tmp-${pid}`), [], 'no child of the build is left');
    });

    it(`${signal} during a crawl: the temporary snapshot is removed, the old one kept`, async () => {
      const out = path.join(work, `crawl-${signal}`);
      const env = { SNAPSHOT_API_KEY: 'crawl-signal-test-key' };
      const fast = await startHostileSource({});
      const first = await runInChild('snapshot', ['--source', fast.url, '--out', out, '--quiet'], env);
      await fast.close();
      assert.equal(first.code, 0, first.stderr);
      const kept = await fingerprint(out);
      const slow = await startHostileSource({ slowDripMs: 5 });
      try {
        let pid = 0;
        const running = runInChild('snapshot', ['--source', slow.url, '--out', out, '--quiet'], env, (p) => (pid = p));
        await waitFor(() => existsSync(`${out}.tmp-${pid}`), 'the crawl to open its temporary snapshot');
        process.kill(pid, signal);
        const run = await running;
        assert.equal(run.code, signal === 'SIGTERM' ? 143 : 130, run.stderr);
        assert.match(run.stderr, new RegExp(`snapshot: stopped by ${signal}`));
        assert.deepEqual(await fingerprint(out), kept, 'the previous snapshot is byte-identical');
        assert.deepEqual(await leftovers(work), []);
      } finally {
        await slow.close();
      }
    });
  }
});
