/**
 * Nights of `npm run build -- --keep-times` into one --out, as a nightly job runs it. Each green night's site is byte
 * for byte a fresh build of the same snapshot; a file whose bytes did not change since the night before keeps that
 * night's times (what `aws s3 sync`, `azcopy sync` and rsync compare), and every other file has the build's. A red
 * night (its snapshot fails its checksums) leaves the site as it was, times included.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildInChild } from '../support/build-child.ts';
import { writeFixtureSnapshot } from '../support/site-fixture-snapshot.ts';

const KEY = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const EARLIER = new Date('2020-01-02T03:04:05Z');

/** Home and five pages; `renamed` renames page 3. */
async function snapshotOf(dir: string, renamed?: string): Promise<string> {
  const pages = Array.from({ length: 5 }, (_, i) => ({
    id: i + 2,
    key: KEY(i + 2),
    name: i === 2 && renamed !== undefined ? renamed : `Page ${i + 1}`,
    type: 'page',
    url: `/page-${i + 1}/`,
    properties: { body: { editorAlias: 'Umbraco.TextArea', value: `Body of page ${i + 1}` } },
  }));
  await writeFixtureSnapshot(dir, {
    content: [{ id: 1, key: KEY(1), name: 'Home', type: 'page', url: '/', children: pages }],
    media: [],
  });
  return dir;
}

/** Every file under `root`, by its path there. */
async function filesOf(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      files.set(path.relative(root, full), await readFile(full));
    }
  return files;
}

/** The build's summary counts what the site holds: its HTML pages and its files, as this test lists them. */
function assertCounted(output: string, files: Map<string, Buffer>): void {
  const pages = [...files.keys()].filter((file) => file.endsWith('.html')).length;
  assert.match(output, new RegExp(`build: ${pages} pages, ${files.size} files, `));
}

async function ageEveryFile(root: string): Promise<void> {
  for (const file of (await filesOf(root)).keys()) await utimes(path.join(root, file), EARLIER, EARLIER);
}

describe('nightly builds into one --out', () => {
  let work: string;
  let out: string;
  let cache: string;
  const build = (snapshot: string, into = out) =>
    buildInChild(['--snapshot', snapshot, '--out', into, '--cache', cache, '--no-sqlite', '--keep-times']);

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'build-nights-'));
    out = path.join(work, 'dist');
    cache = path.join(work, 'cache');
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('keeps the times of what did not change, publishes nothing on a red night, and equals a fresh build', async () => {
    // Night 1: the first site. Its files are aged, so any file rewritten later shows it.
    const first = await build(await snapshotOf(path.join(work, 'night-1')));
    assert.equal(first.code, 0, first.stderr);
    assert.doesNotMatch(first.stderr, /against the site it replaces/, 'nothing to compare with on the first night');
    await ageEveryFile(out);
    const night1 = await filesOf(out);
    assertCounted(first.stderr, night1);

    // Night 2: page 3 renamed.
    const night2Snapshot = await snapshotOf(path.join(work, 'night-2'), 'Renamed on night 2');
    const second = await build(night2Snapshot);
    assert.equal(second.code, 0, second.stderr);
    const night2 = await filesOf(out);
    assertCounted(second.stderr, night2);
    let kept = 0;
    let rewritten = 0;
    for (const [file, bytes] of night2) {
      const before = night1.get(file);
      const { mtime } = await stat(path.join(out, file));
      if (before !== undefined && before.equals(bytes)) {
        assert.equal(mtime.getTime(), EARLIER.getTime(), `${file}: the same bytes keep night 1's time`);
        kept += 1;
      } else {
        assert.ok(mtime.getTime() > EARLIER.getTime() + 60_000, `${file}: changed, so it has the build's time`);
        rewritten += 1;
      }
    }
    const page3 = path.join('content', KEY(4), 'index.html');
    assert.match(night2.get(page3)?.toString('utf8') ?? '', /Renamed on night 2/);
    assert.ok(rewritten >= 1 && kept >= 1, `${kept} kept, ${rewritten} rewritten`);
    const gone = [...night1.keys()].filter((file) => !night2.has(file)).length;
    const added = [...night2.keys()].filter((file) => !night1.has(file)).length;
    const changed = rewritten - added;
    assert.match(
      second.stderr,
      new RegExp(
        `against the site it replaces: ${changed} files? changed, ${added} new, ${gone} gone, ${kept} unchanged`,
      ),
    );

    // Night 3, red: the snapshot's chunk no longer matches its checksum. The site stays as it was, times included.
    const red = path.join(work, 'night-3');
    await cp(night2Snapshot, red, { recursive: true });
    const chunk = (await readdir(path.join(red, 'content'))).find((name) => name.startsWith('items-'));
    assert.ok(chunk !== undefined);
    const chunkFile = path.join(red, 'content', chunk);
    await writeFile(chunkFile, (await readFile(chunkFile, 'utf8')).replace('Body of page 1', 'Body of page X'));
    const times = new Map<string, number>();
    for (const file of night2.keys()) times.set(file, (await stat(path.join(out, file))).mtimeMs);
    const third = await build(red);
    assert.notEqual(third.code, 0, 'a snapshot that fails its checksums fails the build');
    assert.match(third.stderr, /does not match its sha256/);
    const after3 = await filesOf(out);
    assert.deepEqual([...after3.keys()].sort(), [...night2.keys()].sort());
    for (const [file, bytes] of after3) {
      assert.ok(bytes.equals(night2.get(file) as Buffer), `${file} as night 2 left it`);
      assert.equal((await stat(path.join(out, file))).mtimeMs, times.get(file), `${file} keeps its time`);
    }

    // Night 4, green again on night 2's snapshot: nothing changed, every time kept; the site is a fresh build's.
    const fourth = await build(night2Snapshot);
    assert.equal(fourth.code, 0, fourth.stderr);
    assert.match(fourth.stderr, /against the site it replaces: 0 files changed, 0 new, 0 gone/);
    // Node sets a file's times from a number of seconds, whose fraction holds them to within a microsecond.
    for (const file of night2.keys()) {
      const drift = Math.abs((await stat(path.join(out, file))).mtimeMs - (times.get(file) ?? 0));
      assert.ok(drift < 0.001, `${file} keeps its time (${drift} ms off)`);
    }
    const fresh = path.join(work, 'fresh');
    const alone = await build(night2Snapshot, fresh);
    assert.equal(alone.code, 0, alone.stderr);
    const freshFiles = await filesOf(fresh);
    const night4 = await filesOf(out);
    assertCounted(fourth.stderr, night4);
    assertCounted(alone.stderr, freshFiles);
    assert.deepEqual([...night4.keys()].sort(), [...freshFiles.keys()].sort());
    for (const [file, bytes] of night4) assert.ok(bytes.equals(freshFiles.get(file) as Buffer), `${file}`);
  });
});
