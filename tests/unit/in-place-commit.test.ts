/**
 * A partial site put into place over the last one (scripts/pipeline/in-place-commit.ts): the staged files replace
 * theirs, the kept files stay untouched (the same file, its time), the rest of the last site goes. Expectations are
 * written out by hand per file. A commit cut short after its journal is finished by the next run, beside `<out>` and
 * inside a mount point's `<out>`; one stopped before it leaves the last site as it was.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { COMMIT_JOURNAL, finishCommit, writeJournal } from '../../scripts/core/commit-journal.ts';
import { recoverFolderSwap } from '../../scripts/core/folder-swap.ts';
import { recoverInside } from '../../scripts/core/mount-swap.ts';
import { commitInPlace, listSiteOnThread, placeKept, worthUpdating } from '../../scripts/pipeline/in-place-commit.ts';
import { readTree, writeTree } from '../support/file-tree.ts';

const LAST_NIGHT = new Date('2020-01-02T03:04:05Z');

/** A pid no process has now: a child's, once it has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const LAST_SITE = {
  'index.html': '<p>home</p>',
  'content/a/index.html': '<p>a</p>',
  'content/a/index.json': '{"a":1}',
  'content/b/index.html': '<p>b</p>',
  'content/b/index.json': '{"b":1}',
  'content/gone/index.html': '<p>gone</p>',
  'content/gone/index.json': '{"gone":1}',
  'search/w_0000001.bin': 'old bundle',
};

/** Tonight's new and changed files, and a page written again with last night's bytes. */
const STAGED = {
  'index.html': '<p>home, changed</p>',
  'content/b/index.html': '<p>b</p>',
  'content/new/index.html': '<p>new</p>',
  'content/new/index.json': '{"new":1}',
  'search/w_0000002.bin': 'new bundle',
};

const KEPT = ['content/a/index.html', 'content/a/index.json', 'content/b/index.json'];

const TONIGHT = {
  'index.html': '<p>home, changed</p>',
  'content/a/index.html': '<p>a</p>',
  'content/a/index.json': '{"a":1}',
  'content/b/index.html': '<p>b</p>',
  'content/b/index.json': '{"b":1}',
  'content/new/index.html': '<p>new</p>',
  'content/new/index.json': '{"new":1}',
  'search/w_0000002.bin': 'new bundle',
};

describe('putting a partial site into place over the last one', () => {
  let work: string;
  let out: string;
  let staging: string;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'in-place-commit-'));
  });
  after(() => rm(work, { recursive: true, force: true }));
  beforeEach(async () => {
    await rm(work, { recursive: true, force: true });
    await mkdir(work);
    out = path.join(work, 'dist');
    staging = path.join(work, `dist.tmp-${process.pid}`);
    await writeTree(out, LAST_SITE, LAST_NIGHT);
    await writeTree(staging, STAGED);
  });

  it('replaces the staged files, keeps the kept ones untouched, removes the rest', async () => {
    const before = await stat(path.join(out, 'content/a/index.html'));
    const changes = await commitInPlace(staging, out, KEPT);
    assert.deepEqual(await readTree(out), TONIGHT);
    // Three files kept, and the page written again with the same bytes, which stays as it was.
    assert.deepEqual(
      { changed: changes.changed, added: changes.added, removed: changes.removed, unchanged: changes.unchanged },
      { changed: 1, added: 3, removed: 3, unchanged: 4 },
    );
    const bytes = Object.values(TONIGHT).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    assert.deepEqual(changes.size, { pages: 4, files: 8, bytes });
    const kept = await stat(path.join(out, 'content/a/index.html'));
    assert.equal(kept.ino, before.ino, 'a kept page is the same file');
    assert.equal(kept.mtimeMs, LAST_NIGHT.getTime());
    assert.equal((await stat(path.join(out, 'content/b/index.html'))).mtimeMs, LAST_NIGHT.getTime());
    assert.notEqual((await stat(path.join(out, 'index.html'))).mtimeMs, LAST_NIGHT.getTime());
    await assert.rejects(stat(path.join(out, 'content/gone')), { code: 'ENOENT' }, 'an emptied folder goes too');
    await assert.rejects(stat(staging), { code: 'ENOENT' }, 'the staging folder is gone');
  });

  it('the same with the last site listed on a thread before', async () => {
    const listing = listSiteOnThread(out);
    const changes = await commitInPlace(staging, out, KEPT, undefined, listing);
    assert.deepEqual(await readTree(out), TONIGHT);
    const bytes = Object.values(TONIGHT).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    assert.deepEqual(changes.size, { pages: 4, files: 8, bytes });
    assert.equal(changes.removed, 3);
  });

  it('refuses, and changes nothing, when a file it kept is gone from the last site', async () => {
    await rm(path.join(out, 'content/a/index.json'));
    const before = await readTree(out);
    await assert.rejects(commitInPlace(staging, out, KEPT), /1 of the files this build kept .* are gone/);
    assert.deepEqual(await readTree(out), before);
    await assert.rejects(stat(path.join(staging, COMMIT_JOURNAL)), { code: 'ENOENT' }, 'no journal was written');
  });

  it('a commit cut short after its journal is finished by the next run', async () => {
    const cut = path.join(work, `dist.tmp-${deadPid()}`);
    await rename(staging, cut);
    await writeJournal(cut, ['content/gone/index.html', 'content/gone/index.json', 'search/w_0000001.bin']);
    // Killed after the first removal and one move.
    await rm(path.join(out, 'content/gone/index.html'));
    await rename(path.join(cut, 'index.html'), path.join(out, 'index.html'));
    await recoverFolderSwap(out);
    assert.deepEqual(await readTree(out), TONIGHT);
    await assert.rejects(stat(cut), { code: 'ENOENT' });
  });

  it('a leftover staging folder without a journal is removed, the last site kept', async () => {
    const cut = path.join(work, `dist.tmp-${deadPid()}`);
    await rename(staging, cut);
    await recoverFolderSwap(out);
    assert.deepEqual(await readTree(out), LAST_SITE);
    await assert.rejects(stat(cut), { code: 'ENOENT' });
  });

  it('inside a mount point, the same: the site beside its staging folder, finished by the next run', async () => {
    const inside = path.join(out, `.tmp-${deadPid()}`);
    await rename(staging, inside);
    await writeJournal(inside, ['content/gone/index.html', 'content/gone/index.json', 'search/w_0000001.bin']);
    await recoverInside(out, () => false);
    assert.deepEqual(await readTree(out), TONIGHT);
  });

  it('in a mount point, a live commit leaves the staging folder inside out of the site', async () => {
    const inside = path.join(out, `.tmp-${process.pid}`);
    await rename(staging, inside);
    await commitInPlace(inside, out, KEPT);
    assert.deepEqual(await readTree(out), TONIGHT);
  });

  it('a journal naming a file outside the site is refused', async () => {
    await writeJournal(staging, ['../outside.txt']);
    await writeFile(path.join(work, 'outside.txt'), 'keep me');
    await assert.rejects(finishCommit(staging, out), /outside/);
    assert.equal(await readFile(path.join(work, 'outside.txt'), 'utf8'), 'keep me');
  });

  it('when most of the site was written again, the kept files join the staging folder instead', async () => {
    assert.equal(worthUpdating(3, 6), true);
    assert.equal(worthUpdating(2, 6), false);
    await placeKept(out, staging, KEPT);
    assert.equal(
      (await stat(path.join(staging, 'content/a/index.html'))).ino,
      (await stat(path.join(out, 'content/a/index.html'))).ino,
      'linked, not copied, on one file system',
    );
    const staged = await readTree(staging);
    assert.deepEqual(
      Object.keys(staged).sort(),
      [...Object.keys(STAGED), ...KEPT].sort(),
      'the staged files and the kept ones',
    );
  });
});
