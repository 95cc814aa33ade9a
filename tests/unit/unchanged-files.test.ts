/**
 * The times of a rebuilt site's files: a file the previous site holds with the same bytes gets its times back, so a
 * sync tool comparing size and time skips it; every other file keeps the build's. Counts are of files, a folder that
 * went away counting its files.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { measureDir } from '../../scripts/pipeline/dir-stats.ts';
import { describeChanges, keepUnchangedTimes } from '../../scripts/pipeline/unchanged-files.ts';
import { writeTree } from '../support/file-tree.ts';

const LAST_NIGHT = new Date('2020-01-02T03:04:05Z');

const mtime = async (file: string): Promise<number> => (await stat(file)).mtimeMs;

describe('keeping the times of unchanged files', () => {
  let work: string;
  // 3 MB, more than one chunk of the comparison; `bigChanged` differs in its last byte only.
  const big = randomBytes(3 << 20);
  const bigChanged = Buffer.from(big);
  bigChanged[bigChanged.length - 1] = (big[big.length - 1] ?? 0) ^ 1;
  const previous: Record<string, string | Buffer> = {
    'index.html': '<p>home</p>',
    'content/a/index.html': '<p>a</p>',
    'content/b/index.html': '<p>b</p>',
    'content/c/index.json': '{"n":1}',
    'downloads/big.bin': big,
    'downloads/big-changed.bin': big,
    'gone.html': 'x',
    'gone-folder/one.html': '1',
    'gone-folder/deeper/two.html': '2',
    'was-a-file': 'now a folder',
    'was-a-folder/inside.html': 'now a file',
  };
  const next: Record<string, string | Buffer> = {
    'index.html': '<p>home</p>',
    'content/a/index.html': '<p>a</p>',
    'content/b/index.html': '<p>b!</p>',
    'content/c/index.json': '{"n":2}',
    'downloads/big.bin': big,
    'downloads/big-changed.bin': bigChanged,
    'new.html': 'new',
    'was-a-file/inside.html': 'in a folder',
    'was-a-folder': 'a file',
  };
  // The new site as the build's summary counts it: files, the HTML pages among them, and their bytes.
  const nextSize = {
    pages: Object.keys(next).filter((name) => name.endsWith('.html')).length,
    files: Object.keys(next).length,
    bytes: Object.values(next).reduce((sum, body) => sum + Buffer.byteLength(body), 0),
  };

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'unchanged-files-'));
  });
  after(() => rm(work, { recursive: true, force: true }));

  async function nightPair(name: string): Promise<{ old: string; fresh: string }> {
    const old = path.join(work, name, 'site');
    const fresh = path.join(work, name, 'site.tmp-1');
    await writeTree(old, previous);
    for (const file of Object.keys(previous)) await utimes(path.join(old, file), LAST_NIGHT, LAST_NIGHT);
    await writeTree(fresh, next);
    return { old, fresh };
  }

  it('gives last night’s times to the files written again byte for byte, and counts what changed', async () => {
    const { old, fresh } = await nightPair('beside');
    const changes = await keepUnchangedTimes(fresh, old);
    assert.deepEqual(changes, { unchanged: 3, changed: 3, added: 3, removed: 5, size: nextSize });
    for (const file of ['index.html', 'content/a/index.html', 'downloads/big.bin'])
      assert.equal(await mtime(path.join(fresh, file)), LAST_NIGHT.getTime(), file);
    for (const file of ['content/b/index.html', 'content/c/index.json', 'downloads/big-changed.bin', 'new.html'])
      assert.ok((await mtime(path.join(fresh, file))) > LAST_NIGHT.getTime() + 1000, file);
    for (const [file, body] of Object.entries(next))
      assert.ok((await readFile(path.join(fresh, file))).equals(Buffer.from(body)), `${file} keeps its new bytes`);
  });

  it('leaves out the new site when it is written inside the old one (a mount point)', async () => {
    const old = path.join(work, 'inside', 'site');
    await writeTree(old, previous);
    const fresh = path.join(old, '.tmp-1');
    await writeTree(fresh, next);
    assert.deepEqual(await keepUnchangedTimes(fresh, old, { skip: fresh }), {
      unchanged: 3,
      changed: 3,
      added: 3,
      removed: 5,
      size: nextSize,
    });
  });

  it('counts every file as new when there is no previous site, and says nothing of it', async () => {
    const fresh = path.join(work, 'first', 'site.tmp-1');
    await writeTree(fresh, next);
    const changes = await keepUnchangedTimes(fresh, path.join(work, 'first', 'site'));
    assert.deepEqual(changes, { unchanged: 0, changed: 0, added: 9, removed: 0, size: nextSize });
    assert.deepEqual(await measureDir(fresh), nextSize, 'the same count as the walk without a comparison');
    assert.equal(describeChanges(changes), undefined);
    assert.match(
      describeChanges({ unchanged: 215_000, changed: 1_234, added: 5, removed: 2 }) ?? '',
      /1,234 files changed, 5 new, 2 gone, 215,000 unchanged/,
    );
  });

  it('stops when told to, before it is done', async () => {
    const { old, fresh } = await nightPair('stopped');
    const stop = new AbortController();
    stop.abort(new Error('the build was stopped'));
    await assert.rejects(keepUnchangedTimes(fresh, old, { signal: stop.signal }), /the build was stopped/);
    assert.ok((await mtime(path.join(fresh, 'index.html'))) > LAST_NIGHT.getTime() + 1000, 'no time was set');
  });

  it('stops between two turns of the event loop, leaving the rest of a large site untouched', async () => {
    const many = Object.fromEntries(Array.from({ length: 2500 }, (_, i) => [`many/${i}/index.html`, `page ${i}`]));
    const old = path.join(work, 'large', 'site');
    const fresh = path.join(work, 'large', 'site.tmp-1');
    await writeTree(old, many);
    for (const file of Object.keys(many)) await utimes(path.join(old, file), LAST_NIGHT, LAST_NIGHT);
    await writeTree(fresh, many);
    const stop = new AbortController();
    const run = keepUnchangedTimes(fresh, old, { signal: stop.signal });
    stop.abort(new Error('the build was stopped'));
    await assert.rejects(run, /the build was stopped/);
    let kept = 0;
    for (const file of Object.keys(many)) if ((await mtime(path.join(fresh, file))) === LAST_NIGHT.getTime()) kept += 1;
    assert.ok(kept > 0 && kept < 2500, `${kept} of 2,500 files given their times before it stopped`);
  });
});
