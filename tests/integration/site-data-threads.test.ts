/**
 * The site-data step's work on threads of their own (scripts/pipeline/site-data-threads.ts), which the build starts
 * before its pass over the items, over two nights of a shared database copy with an edit and a new draft between them:
 * each answer is the one the caller's thread gives, errors keep their kind (exit 3 for a snapshot that cannot be
 * compared, in a build too; exit 6 for drafts that cannot be), and work the build no longer needs is ended.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { startSiteDataThreads } from '../../scripts/pipeline/site-data-threads.ts';
import { BuildError } from '../../scripts/pipeline/build-errors.ts';
import { writeDraftChanges } from '../../scripts/pipeline/drafts-step.ts';
import { DRAFT_CHANGES_FILE } from '../../scripts/core/draft-changes.ts';
import { runBuild } from '../../scripts/pipeline/run-build.ts';
import { diffSnapshots, SnapshotUnusableError } from '../../scripts/diff/diff-snapshots.ts';
import { APPEND_TO_BODY, crawlNight, editDatabase, type Nights } from '../support/history-nights.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const BLOG = `SELECT n.id, n.uniqueId AS key FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
  JOIN umbracoContent c ON c.nodeId = n.id JOIN cmsContentType t ON t.nodeId = c.contentTypeId
  WHERE n.trashed = 0 AND d.published = 1 AND t.alias = 'blog' ORDER BY n.id LIMIT 1`;
const EDIT = ' Compared on a thread of its own.';

describe("the site-data step's work on threads of their own", () => {
  let work: string;
  let nights: Nights;
  let previous: string;
  let blogKey: string;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'compare-ahead-'));
    const db = path.join(work, 'copy.db');
    await copyFile(sharedDatabase('tdufrane_searchcourse.db'), db);
    nights = { db, out: path.join(work, 'snapshot'), history: path.join(work, 'history'), keep: 1 };
    await crawlNight(nights);
    const read = new DatabaseSync(db, { readOnly: true });
    const blog = read.prepare(BLOG).get() as { id: number; key: string } | undefined;
    read.close();
    assert.ok(blog, 'a published blog to edit');
    blogKey = blog.key.toLowerCase();
    editDatabase(nights, (d) => {
      assert.equal(d.prepare(APPEND_TO_BODY).run(EDIT, blog.id).changes, 1);
      // A pending draft of the same blog: its newest version is no longer its published one.
      assert.equal(d.prepare('UPDATE umbracoDocument SET edited = 1 WHERE nodeId = ?').run(blog.id).changes, 1);
    });
    await crawlNight(nights);
    const [kept] = await readdir(nights.history);
    assert.ok(kept !== undefined);
    previous = path.join(nights.history, kept);
  });
  after(() => rm(work, { recursive: true, force: true }));

  it("answers what the caller's thread compares, the night's edit in it", async () => {
    const threads = startSiteDataThreads();
    try {
      const onThread = await threads.compare(previous, nights.out);
      assert.deepEqual(onThread, await diffSnapshots(previous, nights.out));
      // The edit made with SQL above, found by the item's key from the database.
      const changed = onThread.items.changed.map((c) => c.key.toLowerCase());
      assert.deepEqual(changed, [blogKey]);
      assert.match(JSON.stringify(onThread.items.changed), /Compared on a thread of its own/);
    } finally {
      await threads.stop();
    }
  });

  it('keeps the kind of its errors: a missing folder and a damaged snapshot cannot be compared', async () => {
    const threads = startSiteDataThreads();
    try {
      await assert.rejects(
        threads.compare(path.join(work, 'none'), nights.out),
        (error: unknown) =>
          error instanceof SnapshotUnusableError && /--from .*none: no such folder/.test(error.message),
      );
      const index = path.join(previous, 'content', 'index.ndjson');
      const bytes = await readFile(index);
      await writeFile(index, bytes.toString('utf8').replace('"name":"', '"name":"X'));
      try {
        await assert.rejects(
          threads.compare(previous, nights.out),
          (error: unknown) => error instanceof SnapshotUnusableError && /damaged snapshot/.test(error.message),
        );
      } finally {
        await writeFile(index, bytes);
      }
    } finally {
      await threads.stop();
    }
  });

  it("writes the drafts' changes the caller's thread writes, and refuses drafts it cannot compare (exit 6)", async () => {
    const threads = startSiteDataThreads();
    try {
      const [here, there] = [path.join(work, 'drafts-here'), path.join(work, 'drafts-there')];
      await Promise.all([mkdir(here), mkdir(there)]);
      const count = await threads.draftChanges(nights.out, there);
      assert.equal(count, await writeDraftChanges(nights.out, here));
      assert.ok(count >= 1, 'the pending draft made above');
      const written = await readFile(path.join(there, DRAFT_CHANGES_FILE));
      assert.ok(written.equals(await readFile(path.join(here, DRAFT_CHANGES_FILE))));
      assert.match(written.toString('utf8'), new RegExp(blogKey, 'i'));
      await assert.rejects(
        threads.draftChanges(path.join(work, 'none'), there),
        (error: unknown) =>
          error instanceof BuildError && error.exitCode === 6 && /comparing the drafts failed/.test(error.message),
      );
    } finally {
      await threads.stop();
    }
  });

  it('ends a comparison under way when stopped, its answer refused', async () => {
    const threads = startSiteDataThreads();
    const under = threads.compare(previous, nights.out);
    await threads.stop();
    await assert.rejects(under, /the comparison's thread was stopped before its answer/);
    await threads.stop(); // twice, with nothing under way
  });

  it('refuses, in a build, a --compare-with that cannot be compared (exit 3) and publishes nothing', async () => {
    let output = '';
    const sink = { write: (text: string) => (output += text) };
    const site = path.join(work, 'site');
    const argv = ['--quiet', '--snapshot', nights.out, '--compare-with', path.join(work, 'none'), '--out', site];
    const code = await runBuild([...argv, '--cache', path.join(work, 'cache')], {}, { stdout: sink, stderr: sink });
    assert.equal(code, 3, output);
    assert.match(output, /what changed since .*none could not be computed: --from .*none: no such folder/);
    assert.deepEqual(await readdir(site).catch(() => 'none'), 'none');
  });
});
