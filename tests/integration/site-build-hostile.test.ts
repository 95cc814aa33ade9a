/**
 * The build against snapshots holding hostile text, against a failing step, and after a snapshot swap that was cut
 * short: a snapshot that validates builds, a failed build leaves the previous dist/ as it was.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BUILD_EXIT_CODES } from '../../scripts/pipeline/build-errors.ts';
import { DatabaseSync } from 'node:sqlite';
import { runBuild } from '../../scripts/pipeline/run-build.ts';
import { validateSnapshot } from '../../scripts/pipeline/snapshot-step.ts';
import { fingerprint } from '../support/hostile-harness.ts';
import { writeFixtureSnapshot, type FixtureItem } from '../support/site-fixture-snapshot.ts';

const KEY = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const HOSTILE: FixtureItem[] = [
  {
    id: 1,
    key: KEY(1),
    name: 'Home \u2028 line',
    type: 'page',
    url: '/',
    properties: { title: { editorAlias: 'Umbraco.TextBox', value: 'Cut emoji \ud83d and \u2029' } },
    children: [{ id: 2, key: KEY(2), name: 'Half \udc00 surrogate', type: 'page', url: '/half/' }],
  },
];

let work: string;
before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-build-hostile-'));
});
after(() => rm(work, { recursive: true, force: true }));

async function build(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const sink = { write: (text: string) => ((stderr += text), true) };
  const code = await runBuild([...args, '--quiet', '--cache', path.join(work, 'cache')], env, {
    stdout: sink,
    stderr: sink,
  });
  return { code, stderr };
}

describe('hostile snapshots and failing builds', () => {
  it('a snapshot with U+2028/U+2029 and lone surrogates in its text builds, search included', async () => {
    const snapshot = path.join(work, 'text-snapshot');
    await writeFixtureSnapshot(snapshot, { content: HOSTILE, media: [] });
    const result = await build(['--snapshot', snapshot, '--out', path.join(work, 'text-dist')]);
    assert.equal(result.code, 0, result.stderr);
    const bundles = JSON.parse(await readFile(path.join(work, 'text-dist', 'search-bundles.json'), 'utf8')) as {
      bundles: string[];
    };
    assert.deepEqual(bundles.bundles, ['pagefind/']);
    // The SQLite export takes the same text: every item, the lone surrogates stored as U+FFFD.
    const db = new DatabaseSync(path.join(work, 'text-dist', 'downloads', 'snapshot.sqlite'), { readOnly: true });
    const names = db.prepare('SELECT name FROM items ORDER BY id').all();
    const title = db.prepare("SELECT text_value FROM properties WHERE alias = 'title'").get();
    db.close();
    assert.deepEqual(
      names.map((r) => r.name),
      [HOSTILE[0]!.name, 'Half \ufffd surrogate'],
    );
    assert.equal(title?.text_value, 'Cut emoji \ufffd and \u2029');
    // The build ends by saying how to open the site: not `npm run preview`, which serves only dist/.
    assert.match(
      result.stderr.trimEnd().split('\n').at(-1) ?? '',
      /^build: open it with any static web server serving .*text-dist at \/ /,
    );
  });

  it('a build whose astro step fails leaves the previous dist/ byte-identical', async () => {
    const snapshot = path.join(work, 'plain-snapshot');
    await writeFixtureSnapshot(snapshot, {
      content: [{ id: 1, key: KEY(1), name: 'Home', type: 'page', url: '/' }],
      media: [],
    });
    const dist = path.join(work, 'kept-dist');
    await mkdir(path.join(dist, 'sub'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<p>previous site</p>');
    await writeFile(path.join(dist, 'sub', 'page.html'), '<p>previous page</p>');
    const before = await fingerprint(dist);
    const result = await build(['--snapshot', snapshot, '--out', dist], {
      NODE_OPTIONS: '--require ./no-such-preload.cjs',
    });
    // The preload breaks every child of the build: astro build and the search index; the first to fail is reported.
    assert.ok(
      [BUILD_EXIT_CODES.astro, BUILD_EXIT_CODES.search].some((code) => code === result.code),
      `exit ${result.code}: ${result.stderr}`,
    );
    assert.match(result.stderr, /build: (astro build|the search index) failed/);
    assert.deepEqual(await fingerprint(dist), before);
    const siblings = (await import('node:fs/promises').then((fs) => fs.readdir(work))).filter((name) =>
      name.startsWith('kept-dist.'),
    );
    assert.deepEqual(siblings, [], 'no staging folder left behind');
  });

  it('a snapshot swap cut between its two renames is put back by the next command that reads it', async () => {
    const out = path.join(work, 'swapped');
    await writeFixtureSnapshot(out, {
      content: [{ id: 1, key: KEY(1), name: 'Home', type: 'page', url: '/' }],
      media: [],
    });
    const deadPid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    await rename(out, `${out}.old-${deadPid}`);
    const manifest = await validateSnapshot(out, false);
    assert.equal(manifest.counts.content, 1);
  });
});
