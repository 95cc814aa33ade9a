import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  astroEnv,
  astroHeapMegabytes,
  childEnv,
  heapEnv,
  toSiteConfig,
  withinBudget,
  writerHeapMegabytes,
} from '../../scripts/pipeline/astro-step.ts';
import { chooseHeapMegabytes, memoryFlagMegabytes, usableMemoryBytes } from '../../scripts/core/heap-room.ts';
import { loadBuildConfig } from '../../scripts/pipeline/build-config.ts';
import { parseSiteConfig, readSiteConfig } from '../../src/lib/site-config.ts';

describe('the site config handed from the build to astro build', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-config-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('carries the build options as typed values, read back as written', async () => {
    const argv = ['--base', 'docs/snap', '--media-origin', 'https://cms.example.org/x', '--title', 'Nightly'];
    const { config } = loadBuildConfig([...argv, '--partition', '2/3', '--cache', dir], {}, '/w');
    assert.ok(config);
    const written = toSiteConfig(config, '/s/snapshot', '/s/site-data');
    const file = path.join(dir, 'config.json');
    await writeFile(file, JSON.stringify(written));
    const read = readSiteConfig({ SITE_CONFIG: file });
    assert.equal(read.base, '/docs/snap/');
    assert.equal(read.snapshotDir, '/s/snapshot');
    assert.equal(read.siteDataDir, '/s/site-data');
    assert.equal(read.title, 'Nightly');
    assert.equal(read.mediaOrigin, 'https://cms.example.org');
    assert.deepEqual(read.partition, { index: 2, count: 3 });
    assert.equal(read.astroCacheDir, path.join(dir, 'astro'));
    assert.equal(read.itemPageWriter, true);
    const { config: viaAstro } = loadBuildConfig(['--astro-item-pages', '--cache', dir], {}, '/w');
    assert.ok(viaAstro);
    assert.equal(toSiteConfig(viaAstro, '/s', '/d').itemPageWriter, false);
  });

  it('refuses a file that is not a site config, naming every problem', () => {
    assert.throws(
      () => parseSiteConfig(JSON.stringify({ snapshotDir: '', base: 'x', extra: 1 }), 'bad.json'),
      (error: Error) =>
        /bad\.json is not a site config/.test(error.message) &&
        /snapshotDir/.test(error.message) &&
        /base/.test(error.message) &&
        /siteDataDir/.test(error.message),
    );
  });

  it('falls back to the working folder when no build names a config (astro dev, astro check)', () => {
    const config = readSiteConfig({});
    assert.equal(config.base, '/');
    assert.equal(config.snapshotDir, path.join(process.cwd(), '.cache', 'snapshot'));
    assert.equal(config.partition, undefined);
  });
});

describe('the environment of astro build', () => {
  const limitOf = (env: Record<string, string>) => /--max-old-space-size=(\d+)/.exec(env.NODE_OPTIONS ?? '')?.[1];

  it('sizes the heap by the items, keeps a limit the caller set, and drops the source key', () => {
    const GiB = 2 ** 30;
    const small = astroHeapMegabytes(1_000, 24 * GiB);
    assert.ok(small >= 512 && small < 530, `a small site gets the floor: ${small}`);
    // 79,076 items (the 100k demo): 512 MB + 2.5 KB an item, the limit measured there.
    assert.equal(astroHeapMegabytes(79_076, 24 * GiB), Math.round(512 + (2.5 * 79_076) / 1024));
    // 770,450 items (the 1M demo), which ran out of 2.4 GB: 10 KB an item less 256 MB, within 60 % of the memory.
    assert.equal(astroHeapMegabytes(770_450, 24 * GiB), Math.round((10 * 770_450) / 1024 - 256));
    for (const memory of [4, 8])
      assert.equal(astroHeapMegabytes(770_450, memory * GiB), Math.floor(memory * 1024 * 0.6));
    const env = astroEnv({ NODE_OPTIONS: '--enable-source-maps', SNAPSHOT_API_KEY: 'k', HOME: '/h' }, '/c.json', 512);
    assert.equal(limitOf(env), '512');
    assert.match(env.NODE_OPTIONS ?? '', /^--enable-source-maps /);
    assert.equal(env.SNAPSHOT_API_KEY, undefined);
    assert.equal(env.SITE_CONFIG, '/c.json');
    assert.equal(limitOf(astroEnv({ NODE_OPTIONS: '--max-old-space-size=3000' }, '/c.json', 512)), '3000');
  });

  it("runs the build's children with a young generation of 32 MB, unless NODE_OPTIONS set its size", () => {
    // The new space a child reaches while it makes short-lived garbage, in MB.
    const churn = `const v8 = require('node:v8'); let a = [], most = 0;
      for (let i = 0; i < 3e6; i++) {
        a.push({ i, s: 'x' + i });
        if (a.length > 2e5) a = [];
        if (i % 1e5 === 0) most = Math.max(most, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
      }
      process.stdout.write(String(most / 2 ** 20));`;
    const newSpace = (env: Record<string, string>) =>
      Number(execFileSync(process.execPath, ['-e', churn], { env, encoding: 'utf8' }));
    const bare = { PATH: process.env.PATH ?? '' };
    // V8 reports the new space a little over its bound at times (32.75 MB for two 16 MB semi-spaces was seen), so
    // the sizes are held against each other, each at most half the one before: 128, 32 and 8 MB here.
    const own = newSpace({ ...bare, NODE_OPTIONS: '' });
    const child = newSpace(childEnv(bare));
    const set = newSpace(childEnv({ ...bare, NODE_OPTIONS: '--max-semi-space-size=4' }));
    assert.ok(own > 48, `V8's own sizing grows it past 48 MB here: ${own} MB`);
    assert.ok(child <= own / 2 && child <= 40, `the children's new space: ${child} MB, V8's own ${own} MB`);
    assert.ok(
      set <= child / 2,
      `a semi-space size in NODE_OPTIONS wins: ${set} MB, the children's default ${child} MB`,
    );
    assert.match(heapEnv(bare, 700).NODE_OPTIONS ?? '', /--max-semi-space-size=16 --max-old-space-size=700/);
  });

  it("gives the item page writer 512 MB and 3 KB an item, within the build's share of the memory", () => {
    const GiB = 2 ** 30;
    assert.equal(writerHeapMegabytes(0, 24 * GiB), 512);
    // The writer's live heap was measured at 103 MB for 79,076 items and 914 MB for 770,450.
    assert.equal(writerHeapMegabytes(79_076, 24 * GiB), Math.round(512 + (3 * 79_076) / 1024));
    assert.equal(writerHeapMegabytes(770_450, 24 * GiB), Math.round(512 + (3 * 770_450) / 1024));
    assert.ok(writerHeapMegabytes(770_450, 24 * GiB) < astroHeapMegabytes(770_450, 24 * GiB) / 2);
    // On a machine of 2 GB, 60 % would be 1,229 MB: the floor of 2,048 MB applies, as for Astro.
    assert.equal(writerHeapMegabytes(10_000_000, 2 * GiB), 2048);
    assert.equal(writerHeapMegabytes(10_000_000, 8 * GiB), Math.floor(8 * 1024 * 0.6));
  });

  it("takes a control group's memory limit where it is below the machine's", () => {
    const GiB = 2 ** 30;
    assert.equal(usableMemoryBytes(24 * GiB, 3 * GiB), 3 * GiB);
    // No limit: Node reports 2^64 - 1 (as here) or 0.
    assert.equal(usableMemoryBytes(24 * GiB, 2 ** 64 - 1), 24 * GiB);
    assert.equal(usableMemoryBytes(24 * GiB, 0), 24 * GiB);
    assert.equal(astroHeapMegabytes(770_450, usableMemoryBytes(24 * GiB, 4 * GiB)), 2457);
  });

  it('keeps each heap 768 MB under a --memory budget, never raising one, never under 256 MB', () => {
    assert.equal(withinBudget(7268, undefined), 7268);
    assert.equal(withinBudget(7268, 3072), 3072 - 768);
    assert.equal(withinBudget(1000, 3072), 1000);
    assert.equal(withinBudget(7268, 1024), 256);
    assert.equal(withinBudget(7268, 1100), 1100 - 768);
  });

  it("caps the build's own heap within --memory too, however the size is written", () => {
    const GiB = 2 ** 30;
    for (const argv of [['--memory', '3G'], ['--memory=3g'], ['--quiet', '--memory', '3072M'], ['--memory', '3GiB']])
      assert.equal(memoryFlagMegabytes(argv), 3072, argv.join(' '));
    assert.equal(memoryFlagMegabytes(['--memory', '2.5G']), 2560);
    for (const argv of [[], ['--memory'], ['--memory', 'lots'], ['--memory='], ['--memory', '3b']])
      assert.equal(memoryFlagMegabytes(argv), undefined, argv.join(' '));
    // 24 GiB machine, V8's own cap 4,288 MB: raised to 60 % without --memory, lowered to 3G less 768 MB with it.
    assert.equal(chooseHeapMegabytes([], 24 * GiB, 4288), Math.floor(24 * 1024 * 0.6));
    assert.equal(chooseHeapMegabytes(['--memory', '3G'], 24 * GiB, 4288), 3072 - 768);
    assert.equal(chooseHeapMegabytes(['--memory', '1G'], 24 * GiB, 4288), 512);
    // Never above the machine's share; already right, no restart.
    assert.equal(chooseHeapMegabytes(['--memory', '64G'], 8 * GiB, 2048), Math.floor(8 * 1024 * 0.6));
    assert.equal(chooseHeapMegabytes(['--memory', '3G'], 24 * GiB, 2330), undefined);
    assert.equal(chooseHeapMegabytes([], 24 * GiB, 20_000), undefined);
  });
});
