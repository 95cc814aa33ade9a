/**
 * The drafts' changes file is written a draft at a time (the list of them all was the largest thing the site-data step
 * held at a million items): one JSON line a draft, every pending draft the database holds read back by its key, and a
 * full disk failing as a full disk.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { generateDemoDatabase } from '../../scripts/demo/generate.ts';
import { listDraftChanges } from '../../scripts/diff/draft-diff.ts';
import { writeDraftChanges } from '../../scripts/pipeline/drafts-step.ts';
import { DRAFT_CHANGES_FILE, openDraftChanges } from '../../scripts/core/draft-changes.ts';
import { BuildError } from '../../scripts/pipeline/build-errors.ts';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { mountTmpfs, unmount } from '../support/mounts.ts';

const DOCUMENT = 'C66BA18E-EAF3-4CFF-8A22-41B16D66A972';

describe('the drafts’ changes file', () => {
  let work: string;
  let snapshot: string;
  let pending: string[];

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'draft-changes-'));
    const db = path.join(work, 'demo.db');
    generateDemoDatabase({ out: db, items: 3000, languages: 2, seed: 7 });
    // Straight from the database: published documents with edits not yet published, outside the recycle bin.
    const read = new DatabaseSync(db, { readOnly: true });
    pending = read
      .prepare(
        `SELECT lower(n.uniqueId) AS key FROM umbracoDocument d JOIN umbracoNode n ON n.id = d.nodeId
         WHERE n.nodeObjectType = ? AND n.trashed = 0 AND d.published = 1 AND d.edited = 1`,
      )
      .all(DOCUMENT)
      .map((row) => String(row.key))
      .sort();
    read.close();
    snapshot = path.join(work, 'snapshot');
    let output = '';
    const sink = { write: (text: string) => ((output += text), true) };
    const code = await runSnapshotCli(['--db', db, '--out', snapshot, '--quiet'], {}, { stdout: sink, stderr: sink });
    assert.equal(code, 0, output);
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('holds one JSON line per pending draft, across many writes, each read back by its key', async () => {
    const siteData = path.join(work, 'site-data');
    await rm(siteData, { recursive: true, force: true });
    await mkdir(siteData, { recursive: true });
    const count = await writeDraftChanges(snapshot, siteData);
    const file = path.join(siteData, DRAFT_CHANGES_FILE);
    const text = await readFile(file, 'utf8');
    const list = await listDraftChanges(snapshot);
    assert.equal(text, list.map((change) => `${JSON.stringify(change)}\n`).join(''));
    assert.ok(text.length > 3 * 65536, `${text.length} characters: written in several pieces`);
    const byKey = openDraftChanges(file);
    try {
      assert.equal(byKey.size, pending.length);
      for (const change of list) assert.deepEqual(byKey.get(change.key), change);
    } finally {
      byKey.close();
    }
    assert.equal(count, pending.length);
    assert.deepEqual(list.map((change) => change.key).sort(), pending);
    assert.ok(pending.length > 20, `${pending.length} pending drafts in the demo database`);
  });

  it('a full disk fails as a full disk, not as a failed comparison', async () => {
    const disk = path.join(work, 'small-disk');
    const refused = await mountTmpfs(disk, '64k');
    assert.equal(refused, undefined, refused);
    try {
      await assert.rejects(writeDraftChanges(snapshot, disk), (error: NodeJS.ErrnoException) => {
        assert.equal(error instanceof BuildError, false, String(error));
        assert.equal(error.code, 'ENOSPC');
        return true;
      });
    } finally {
      unmount(disk);
    }
  });

  it('a snapshot that cannot be read fails as a failed comparison of the drafts', async () => {
    const siteData = path.join(work, 'site-data-2');
    await mkdir(siteData, { recursive: true });
    await assert.rejects(writeDraftChanges(path.join(work, 'no-such-snapshot'), siteData), (error: BuildError) => {
      assert.ok(error instanceof BuildError);
      assert.equal(error.exitCode, 6);
      assert.match(error.message, /^comparing the drafts failed: /);
      return true;
    });
  });
});
