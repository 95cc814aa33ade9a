/**
 * `npm run merge-partitions` refuses what it cannot join without losing or inventing bytes: a file two partitions hold
 * with different bytes, a missing or doubled partition; and then leaves the previous output as it was.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runMergePartitions } from '../../scripts/pipeline/merge-run.ts';
import { mountTmpfs, unmount } from '../support/mounts.ts';

interface Part {
  index: number;
  count: number;
  files: Record<string, string>;
}

async function writePart(dir: string, part: Part): Promise<string> {
  for (const [file, text] of Object.entries(part.files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const bundles = [part.index === 1 ? 'pagefind/' : `pagefind-p${part.index}/`];
  await writeFile(
    path.join(dir, 'partition.json'),
    JSON.stringify({ partition: `${part.index}/${part.count}`, index: part.index, count: part.count, bundles }),
  );
  return dir;
}

async function merge(args: string[]): Promise<{ code: number; stderr: string; stdout: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (t: string) => ((stdout += t), true) },
    stderr: { write: (t: string) => ((stderr += t), true) },
  };
  const code = await runMergePartitions(args, io);
  return { code, stdout, stderr };
}

describe('merge-partitions', () => {
  let tmp: string;
  let dist: string;
  const shared = { 'index.html': '<h1>Home</h1>', '_astro/site.css': 'body{}' };

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'merge-partitions-'));
    dist = path.join(tmp, 'dist');
    await mkdir(dist);
    await writeFile(path.join(dist, 'index.html'), 'the previous site');
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  it('joins two partitions: the union of their files and both search bundles', async () => {
    const a = await writePart(path.join(tmp, 'ok-1'), {
      index: 1,
      count: 2,
      files: { ...shared, 'content/a/index.html': 'A', 'pagefind/x.pf_meta': 'm1' },
    });
    const b = await writePart(path.join(tmp, 'ok-2'), {
      index: 2,
      count: 2,
      files: { ...shared, 'content/b/index.html': 'B', 'pagefind-p2/x.pf_meta': 'm2' },
    });
    const out = path.join(tmp, 'joined');
    const run = await merge(['--out', out, b, a]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(await readFile(path.join(out, 'content/a/index.html'), 'utf8'), 'A');
    assert.equal(await readFile(path.join(out, 'content/b/index.html'), 'utf8'), 'B');
    assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), '<h1>Home</h1>');
    assert.deepEqual(JSON.parse(await readFile(path.join(out, 'search-bundles.json'), 'utf8')), {
      bundles: ['pagefind/', 'pagefind-p2/'],
    });
    await assert.rejects(readFile(path.join(out, 'partition.json')), { code: 'ENOENT' });
    // On one file system the joined site links the partitions' files: no second copy of the site's bytes.
    assert.equal((await stat(path.join(out, 'content/a/index.html'))).nlink, 2);
    assert.equal(
      (await stat(path.join(out, 'content/a/index.html'))).ino,
      (await stat(path.join(a, 'content/a/index.html'))).ino,
    );
  });

  it('--keep-times gives the files joined again byte for byte the times they had in the previous output', async () => {
    const earlier = new Date('2020-01-02T03:04:05Z');
    const part = (index: number, b: string) =>
      writePart(path.join(tmp, `times-${b}-${index}`), {
        index,
        count: 2,
        files: index === 1 ? { ...shared, 'content/a/index.html': 'A' } : { ...shared, 'content/b/index.html': b },
      });
    const out = path.join(tmp, 'times');
    const first = await merge(['--out', out, '--keep-times', await part(1, 'B'), await part(2, 'B')]);
    assert.equal(first.code, 0, first.stderr);
    assert.doesNotMatch(first.stdout, /against the site it replaces/);
    for (const file of ['index.html', 'content/a/index.html', 'content/b/index.html'])
      await utimes(path.join(out, file), earlier, earlier);
    const second = await merge(['--out', out, '--keep-times', await part(1, 'B2'), await part(2, 'B2')]);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /against the site it replaces: 1 file changed, 0 new, 0 gone, 4 unchanged/);
    for (const file of ['index.html', 'content/a/index.html'])
      assert.equal((await stat(path.join(out, file))).mtimeMs, earlier.getTime(), file);
    assert.ok((await stat(path.join(out, 'content/b/index.html'))).mtimeMs > earlier.getTime() + 60_000);
    assert.equal(await readFile(path.join(out, 'content/b/index.html'), 'utf8'), 'B2');
  });

  it('refuses a file two partitions hold with different bytes, naming it, and keeps the previous output', async () => {
    const a = await writePart(path.join(tmp, 'c-1'), {
      index: 1,
      count: 2,
      files: { ...shared, 'content/a/index.html': 'A' },
    });
    const b = await writePart(path.join(tmp, 'c-2'), {
      index: 2,
      count: 2,
      files: { ...shared, 'index.html': '<h1>Home!</h1>' },
    });
    const run = await merge(['--out', dist, a, b]);
    assert.equal(run.code, 4);
    assert.match(
      run.stderr,
      /^merge-partitions: conflicting file index\.html: .*c-1 and .*c-2 hold different bytes\n$/,
    );
    assert.equal(await readFile(path.join(dist, 'index.html'), 'utf8'), 'the previous site');
    assert.deepEqual(
      (await readdir(tmp)).filter((f) => f.startsWith('dist.')),
      [],
    );
  });

  it('a full disk under --out: one line, exit 10 as the build says it, the previous output kept', async () => {
    const disk = path.join(tmp, 'small-disk');
    const refused = await mountTmpfs(disk, '64k');
    assert.equal(refused, undefined, refused);
    try {
      const out = path.join(disk, 'site');
      await mkdir(out);
      await writeFile(path.join(out, 'index.html'), 'the previous site');
      // 300 KB of pages across the two partitions, onto 64 KB.
      const big = 'x'.repeat(150_000);
      const a = await writePart(path.join(tmp, 'full-1'), { index: 1, count: 2, files: { ...shared, 'a.html': big } });
      const b = await writePart(path.join(tmp, 'full-2'), { index: 2, count: 2, files: { ...shared, 'b.html': big } });
      const run = await merge(['--out', out, a, b]);
      assert.equal(run.code, 10, run.stderr);
      assert.match(
        run.stderr,
        /^merge-partitions: no space left on device \(ENOSPC[^\n]*\); .*site was left as it was\n$/,
      );
      assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), 'the previous site');
      assert.deepEqual(await readdir(disk), ['site'], 'no staging folder is left on the full disk');
      // On another file system the files are copied: with room, the same parts join there.
      unmount(disk);
      assert.equal(await mountTmpfs(disk, '4m'), undefined);
      const copied = await merge(['--out', path.join(disk, 'site'), a, b]);
      assert.equal(copied.code, 0, copied.stderr);
      assert.equal((await stat(path.join(disk, 'site', 'a.html'))).nlink, 1);
      assert.equal(await readFile(path.join(disk, 'site', 'b.html'), 'utf8'), big);
    } finally {
      unmount(disk);
    }
  });

  it('joins three partitions in any order, counting each shared file once, across deep and wide folders', async () => {
    // 300 pages in one folder (wider than a batch of links) and a page six folders down.
    const pages = (from: number) =>
      Object.fromEntries(
        Array.from({ length: 100 }, (_, i) => [`content/p${from + i}/index.html`, `page ${from + i}`]),
      );
    const deep = 'a/b/c/d/e/f/index.html';
    const parts = await Promise.all(
      [1, 2, 3].map((index) =>
        writePart(path.join(tmp, `w-${index}`), {
          index,
          count: 3,
          files: { ...shared, ...pages(index * 100), ...(index === 3 ? { [deep]: 'deep' } : {}) },
        }),
      ),
    );
    const out = path.join(tmp, 'wide');
    const run = await merge(['--out', out, parts[2]!, parts[0]!, parts[1]!]);
    assert.equal(run.code, 0, run.stderr);
    // 2 shared files, 300 pages and the deep one; the 2 shared files found again in partitions 2 and 3.
    assert.match(run.stdout, /3 partitions, 303 files \(4 identical copies dropped\)/);
    assert.equal((await readdir(path.join(out, 'content'))).length, 300);
    assert.equal(await readFile(path.join(out, 'content/p342/index.html'), 'utf8'), 'page 342');
    assert.equal(await readFile(path.join(out, deep), 'utf8'), 'deep');
  });

  it('refuses a path that is a file in one partition and a folder in another', async () => {
    const a = await writePart(path.join(tmp, 'f-1'), { index: 1, count: 2, files: { ...shared, 'content/x': 'A' } });
    const b = await writePart(path.join(tmp, 'f-2'), {
      index: 2,
      count: 2,
      files: { ...shared, 'content/x/index.html': 'B' },
    });
    const run = await merge(['--out', dist, a, b]);
    assert.equal(run.code, 4, run.stderr);
    assert.match(
      run.stderr,
      /^merge-partitions: content\/x is a folder in .*f-2 and a file in an earlier partition\n$/,
    );
    const c = await writePart(path.join(tmp, 'g-1'), {
      index: 1,
      count: 2,
      files: { ...shared, 'content/x/index.html': 'B' },
    });
    const d = await writePart(path.join(tmp, 'g-2'), { index: 2, count: 2, files: { ...shared, 'content/x': 'A' } });
    const reversed = await merge(['--out', dist, c, d]);
    assert.equal(reversed.code, 4, reversed.stderr);
    assert.match(reversed.stderr, /conflicting file content\/x: .*g-1 and .*g-2 hold different bytes/);
    assert.equal(await readFile(path.join(dist, 'index.html'), 'utf8'), 'the previous site');
  });

  it('refuses a missing partition, a doubled one and outputs of different K', async () => {
    const one = await writePart(path.join(tmp, 'm-1'), { index: 1, count: 3, files: shared });
    const two = await writePart(path.join(tmp, 'm-2'), { index: 2, count: 3, files: shared });
    const other = await writePart(path.join(tmp, 'm-x'), { index: 2, count: 2, files: shared });
    const missing = await merge(['--out', dist, one, two]);
    assert.equal(missing.code, 3);
    assert.match(missing.stderr, /partition 3\/3 is missing/);
    const doubled = await merge(['--out', dist, one, two, two]);
    assert.match(doubled.stderr, /partition 2\/3 is given twice/);
    const mixed = await merge(['--out', dist, one, other]);
    assert.match(mixed.stderr, /disagree on K/);
    assert.equal(await readFile(path.join(dist, 'index.html'), 'utf8'), 'the previous site');
  });

  it('refuses a folder that is not a partition output, and bad usage', async () => {
    const plain = path.join(tmp, 'plain');
    await mkdir(plain);
    const run = await merge(['--out', path.join(tmp, 'x'), plain]);
    assert.equal(run.code, 3);
    assert.match(run.stderr, /is not a partition output/);
    assert.equal((await merge(['somewhere'])).code, 2);
    assert.equal((await merge(['--out', plain, plain])).code, 2);
  });

  it('reports every usage problem at once, an unknown flag with a missing value', async () => {
    const run = await merge(['--colour=blue', '--verbose', '--out']);
    assert.equal(run.code, 2);
    assert.deepEqual(run.stderr.trim().split('\n'), [
      'merge-partitions: unknown option --colour',
      'merge-partitions: --out needs a value',
      'merge-partitions: --out DIR is required',
      'merge-partitions: name at least one partition output folder',
    ]);
  });
});
