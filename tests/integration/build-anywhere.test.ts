/**
 * Building anywhere: --out on a tmpfs and on a bind mount (the container's `-v host:/out`), where Astro's renames
 * cannot reach, and three builds from one checkout and one --cache at once, each with its own snapshot: every one
 * ends with its own complete site.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildInChild, countSearchRecords } from '../support/build-child.ts';
import { leftovers } from '../support/leftovers.ts';
import { mountBind, mountTmpfs, unmount } from '../support/mounts.ts';
import { writeFixtureSnapshot } from '../support/site-fixture-snapshot.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const KEY = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A snapshot of a home page with `children` pages under it: `children + 1` content items, no media, no types. */
async function snapshotOf(dir: string, children: number): Promise<string> {
  const pages = Array.from({ length: children }, (_, i) => ({
    id: i + 2,
    key: KEY(i + 2),
    name: `Page ${i + 1} of ${children}`,
    type: 'page',
    url: `/page-${i + 1}/`,
  }));
  await writeFixtureSnapshot(dir, {
    content: [{ id: 1, key: KEY(1), name: 'Home', type: 'page', url: '/', children: pages }],
    media: [],
  });
  return dir;
}

async function assertSite(dist: string, items: number): Promise<void> {
  assert.equal(await countSearchRecords(dist), items, `${dist} indexes its own ${items} items`);
  assert.equal((await readdir(path.join(dist, 'content'))).filter((name) => name !== 'index.html').length, items);
  assert.ok(existsSync(path.join(dist, 'index.html')));
  assert.ok(
    (await readdir(path.join(dist, '_astro'))).some((name) => name.endsWith('.css')),
    'Astro assets moved in',
  );
}

let work: string;
const mounted: string[] = [];
before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'build-anywhere-'));
});
after(async () => {
  for (const dir of mounted.reverse()) unmount(dir);
  await rm(work, { recursive: true, force: true });
});

describe('the build writes its site anywhere', () => {
  it('--out inside a tmpfs builds', async (t) => {
    const disk = path.join(work, 'tmpfs');
    const refused = await mountTmpfs(disk, '64m');
    if (refused !== undefined) return t.skip(refused);
    mounted.push(disk);
    const snapshot = await snapshotOf(path.join(work, 'snap-tmpfs'), 4);
    const dist = path.join(disk, 'site');
    const run = await buildInChild(['--snapshot', snapshot, '--out', dist, '--cache', path.join(work, 'cache-tmpfs')]);
    assert.equal(run.code, 0, run.stderr);
    await assertSite(dist, 5);
    assert.deepEqual(await leftovers(disk), []);
    assert.deepEqual(await leftovers(path.join(ROOT, '.astro')), [], 'no Astro output left in the checkout');
  });

  it('--out naming a bind mount itself replaces what it held', async (t) => {
    const host = path.join(work, 'host-folder');
    const target = path.join(work, 'mounted-out');
    const refused = await mountBind(host, target);
    if (refused !== undefined) return t.skip(refused);
    mounted.push(target);
    await mkdir(path.join(target, 'old-page'), { recursive: true });
    await writeFile(path.join(target, 'old-page', 'index.html'), '<p>previous site</p>');
    const snapshot = await snapshotOf(path.join(work, 'snap-bind'), 2);
    const run = await buildInChild(['--snapshot', snapshot, '--out', target, '--cache', path.join(work, 'cache-bind')]);
    assert.equal(run.code, 0, run.stderr);
    await assertSite(target, 3);
    assert.ok(!existsSync(path.join(target, 'old-page')), 'the previous site is replaced whole');
    assert.deepEqual(
      (await readdir(host)).filter((name) => name.startsWith('.')),
      [],
      'no staging folder left inside the mount',
    );
    assert.equal(
      await readFile(path.join(host, 'index.html'), 'utf8'),
      await readFile(path.join(target, 'index.html'), 'utf8'),
    );
  });

  it('three builds from one checkout and one --cache at once each build their own site', async () => {
    const cache = path.join(work, 'shared-cache');
    // What a build killed with SIGKILL leaves: its working folder, its search side folder, Astro's own output.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    const killed = [
      path.join(cache, `work.tmp-${dead}`),
      path.join(work, `side-0.tmp-${dead}.search`),
      path.join(ROOT, '.astro', `out.tmp-${dead}`),
    ];
    for (const dir of killed) await mkdir(path.join(dir, 'left'), { recursive: true });
    const sizes = [3, 9, 20];
    const runs = await Promise.all(
      sizes.map(async (children, i) => {
        const snapshot = await snapshotOf(path.join(work, `snap-side-${i}`), children);
        return buildInChild(['--snapshot', snapshot, '--out', path.join(work, `side-${i}`), '--cache', cache]);
      }),
    );
    for (const [i, run] of runs.entries()) {
      assert.equal(run.code, 0, run.stderr);
      await assertSite(path.join(work, `side-${i}`), (sizes[i] ?? 0) + 1);
    }
    assert.deepEqual(await leftovers(cache), [], 'every build removed its working folder');
    for (const dir of killed) assert.ok(!existsSync(dir), `${dir}, left by a killed build, is removed`);
  });
});
