/**
 * A snapshot that is not what its manifest says is refused by the build and by the diff (exit 3, the file named):
 * a chunk corrupted without changing its size, a truncated chunk, a record count changed in the manifest. The
 * previously built site stays byte-identical.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BUILD_EXIT_CODES } from '../../scripts/pipeline/build-errors.ts';
import { runBuild } from '../../scripts/pipeline/run-build.ts';
import { DIFF_EXIT_CODES, runDiffCli } from '../../scripts/diff/diff-run.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { writeFixtureSnapshot } from '../support/site-fixture-snapshot.ts';

const KEY = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const CHUNK = 'content/items-00000.ndjson';

let work: string;
let good: string;
let dist: string;
let built: Record<string, string>;

async function run(
  command: typeof runBuild | typeof runDiffCli,
  argv: string[],
): Promise<{ code: number; output: string }> {
  let output = '';
  const sink = { write: (text: string) => ((output += text), true) };
  const code = await (command === runBuild
    ? runBuild([...argv, '--quiet', '--cache', path.join(work, 'cache')], {}, { stdout: sink, stderr: sink })
    : runDiffCli(argv, { stdout: sink, stderr: sink }));
  return { code, output };
}

/** A copy of the good snapshot with `damage` done to it. */
async function damaged(name: string, damage: (dir: string) => Promise<void>): Promise<string> {
  const dir = path.join(work, name);
  await cp(good, dir, { recursive: true });
  await damage(dir);
  return dir;
}

async function editManifest(dir: string, edit: (manifest: Record<string, any>) => void): Promise<void> {
  const file = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Record<string, any>;
  edit(manifest);
  await writeFile(file, JSON.stringify(manifest, null, 2));
}

const CASES: Array<{ name: string; damage: (dir: string) => Promise<void>; file: string }> = [
  {
    name: 'a chunk corrupted without changing its size',
    file: CHUNK,
    damage: async (dir) => {
      const file = path.join(dir, CHUNK);
      const text = await readFile(file, 'utf8');
      assert.ok(text.includes('Page 2'));
      await writeFile(file, text.replace('Page 2', 'Pwnd 2'));
    },
  },
  {
    name: 'a chunk 100 bytes short',
    file: CHUNK,
    damage: async (dir) => {
      const file = path.join(dir, CHUNK);
      await truncate(file, (await readFile(file)).length - 100);
    },
  },
  {
    name: "a chunk's record count changed in the manifest",
    file: CHUNK,
    damage: (dir) => editManifest(dir, (m) => void (m.files[CHUNK].records += 1)),
  },
  {
    name: 'the content count changed in the manifest',
    file: 'content/index.ndjson',
    damage: (dir) => editManifest(dir, (m) => void (m.counts.content -= 1)),
  },
];

before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'snapshot-verify-'));
  good = path.join(work, 'good');
  const pages = [2, 3, 4].map((n) => ({ id: n, key: KEY(n), name: `Page ${n}`, type: 'page', url: `/p${n}/` }));
  await writeFixtureSnapshot(good, {
    content: [{ id: 1, key: KEY(1), name: 'Home', type: 'page', url: '/', children: pages }],
    media: [],
  });
  dist = path.join(work, 'dist');
  const first = await run(runBuild, ['--snapshot', good, '--out', dist]);
  assert.equal(first.code, 0, first.output);
  built = await fingerprint(dist);
});
after(() => rm(work, { recursive: true, force: true }));

describe('snapshots are checked against their manifest before use', () => {
  it('the intact snapshot compares with itself as unchanged', async () => {
    const result = await run(runDiffCli, ['--from', good, '--to', good, '--format', 'json']);
    assert.equal(result.code, DIFF_EXIT_CODES.ok, result.output);
  });

  for (const [i, { name, damage, file }] of CASES.entries()) {
    it(`${name}: the build and the diff refuse it, naming ${file}`, async () => {
      const bad = await damaged(`bad-${i}`, damage);
      const build = await run(runBuild, ['--snapshot', bad, '--out', dist]);
      assert.equal(build.code, BUILD_EXIT_CODES.snapshotInvalid, build.output);
      assert.match(build.output, new RegExp(file.replace(/[.]/g, '\\.')));
      assert.deepEqual(await fingerprint(dist), built, 'the previous site is byte-identical');
      assert.deepEqual(
        (await readdir(work)).filter((n) => n.startsWith('dist.')),
        [],
        'no staging folder is left',
      );
      for (const argv of [
        ['--from', good, '--to', bad],
        ['--from', bad, '--to', good],
      ]) {
        const diff = await run(runDiffCli, argv);
        assert.equal(diff.code, DIFF_EXIT_CODES.snapshotUnusable, diff.output);
        assert.match(diff.output, new RegExp(`damaged snapshot: ${file.replace(/[.]/g, '\\.')}`));
      }
    });
  }
});
