import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadBuildConfig, normalizeBase } from '../../scripts/pipeline/build-config.ts';
import { BUILD_EXIT_CODES } from '../../scripts/pipeline/build-errors.ts';
import { runBuild } from '../../scripts/pipeline/run-build.ts';
import { writeFixtureSnapshot } from '../support/site-fixture-snapshot.ts';

async function run(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const sink = {
    write: (t: string) => {
      stderr += t;
      return true;
    },
  };
  const code = await runBuild(args, {}, { stdout: sink, stderr: sink });
  return { code, stderr };
}

describe('npm run build: configuration and refusals', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-cli-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reads flags and env into one config, base normalised', () => {
    const { config } = loadBuildConfig(
      ['--snapshot', 'snap', '--out=site', '--allow-partial'],
      { SITE_BASE: 'docs/snap' },
      '/w',
    );
    assert.deepEqual(
      [config?.snapshotDir, config?.outDir, config?.base, config?.allowPartial, config?.search],
      ['/w/snap', '/w/site', '/docs/snap/', true, true],
    );
    assert.deepEqual(loadBuildConfig(['--db', 'x.db', '--no-search'], {}, '/w').config?.crawl?.source, {
      kind: 'database',
      dbPath: '/w/x.db',
    });
    assert.equal(config?.sqlite, true, 'snapshot.sqlite is written unless --no-sqlite');
    assert.equal(loadBuildConfig(['--no-sqlite'], {}, '/w').config?.sqlite, false);
    assert.deepEqual(['', '/', 'a', '/a/b/', 'a/'].map(normalizeBase), ['/', '/', '/a/', '/a/b/', '/a/']);
  });

  it('reads --memory as MB, and refuses a size below 1G or not a size', () => {
    const memory = (text: string) => loadBuildConfig(['--snapshot', 's', '--memory', text], {}, '/w');
    assert.deepEqual(
      ['3G', '3 GB', '3GiB', '2500M', '2500', '1.5g'].map((t) => memory(t).config?.memoryMegabytes),
      [3072, 3072, 3072, 2500, 2500, 1536],
    );
    assert.equal(loadBuildConfig(['--snapshot', 's'], {}, '/w').config?.memoryMegabytes, undefined);
    for (const [text, problem] of [
      ['512M', /--memory: must be at least 1G/],
      ['lots', /--memory: must be a size such as 3G or 2500M/],
      ['3T', /--memory: must be a size/],
      ['-2G', /--memory: must be a size/],
    ] as const) {
      const { config, problems } = memory(text);
      assert.equal(config, undefined, text);
      assert.match(problems.join('\n'), problem, text);
    }
  });

  it('takes unchanged item pages only when asked, and refuses the flags that tune it without it', () => {
    const load = (...flags: string[]) => loadBuildConfig(['--snapshot', 's', ...flags], {}, '/w');
    const plain = load().config;
    assert.deepEqual([plain?.takeUnchanged, plain?.renderAll], [false, false], 'by default every page is rendered');
    const taking = load('--take-unchanged', '--check-taken', '7').config;
    assert.deepEqual([taking?.takeUnchanged, taking?.checkTaken], [true, 7]);
    assert.equal(load('--take-unchanged').config?.checkTaken, 100, 'every hundredth taken page checked');
    assert.equal(load('--take-unchanged', '--render-all').config?.renderAll, true);
    for (const flags of [['--render-all'], ['--check-taken', '5']]) {
      const { config, problems } = load(...flags);
      assert.equal(config, undefined, flags.join(' '));
      assert.match(problems.join('\n'), new RegExp(`${flags[0]} goes with --take-unchanged`));
    }
    for (const bad of ['-1', 'x', '1.5'])
      assert.match(load('--take-unchanged', '--check-taken', bad).problems.join('\n'), /--check-taken/, bad);
  });

  it('reports every usage problem at once with exit 2', async () => {
    const { code, stderr } = await run(['--bogus', '--base', '"><x>', '--out', '--snapshot', 's', '--db', 'x.db']);
    assert.equal(code, BUILD_EXIT_CODES.usage);
    for (const text of ['unknown option --bogus', '--base:', '--out needs a value', 'drop the crawler options'])
      assert.ok(stderr.includes(text), `${text} in ${stderr}`);
    assert.equal(
      stderr
        .trim()
        .split('\n')
        .every((l) => l.startsWith('build: ')),
      true,
      'one-line messages, no stack',
    );
  });

  it('refuses a missing snapshot with exit 3', async () => {
    const { code, stderr } = await run(['--snapshot', path.join(dir, 'nothing'), '--out', path.join(dir, 'out')]);
    assert.equal(code, BUILD_EXIT_CODES.snapshotInvalid);
    assert.match(stderr, /^build: no snapshot at .*manifest\.json is missing\n$/);
  });

  it('refuses an invalid manifest and a snapshot missing a listed file with exit 3', async () => {
    const snap = path.join(dir, 'bad');
    await writeFixtureSnapshot(snap, { content: [], media: [] });
    const manifest = JSON.parse(await readFile(path.join(snap, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(path.join(snap, 'manifest.json'), JSON.stringify({ ...manifest, formatVersion: 99 }));
    let result = await run(['--snapshot', snap]);
    assert.equal(result.code, BUILD_EXIT_CODES.snapshotInvalid);
    assert.match(result.stderr, /invalid manifest\.json: formatVersion/);
    await writeFile(
      path.join(snap, 'manifest.json'),
      JSON.stringify({
        ...manifest,
        files: {
          ...(manifest.files as object),
          'content/items-00007.ndjson': { sha256: 'a'.repeat(64), bytes: 1, records: 1 },
        },
      }),
    );
    result = await run(['--snapshot', snap]);
    assert.equal(result.code, BUILD_EXIT_CODES.snapshotInvalid);
    assert.match(result.stderr, /lacks content\/items-00007\.ndjson/);
  });

  it('refuses a partial snapshot unless --allow-partial', async () => {
    const snap = path.join(dir, 'partial');
    await writeFixtureSnapshot(snap, { content: [], media: [], status: 'partial' });
    const { code, stderr } = await run(['--snapshot', snap]);
    assert.equal(code, BUILD_EXIT_CODES.snapshotPartial);
    assert.match(stderr, /is partial .*--allow-partial/);
  });
});
