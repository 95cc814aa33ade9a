/**
 * A pending draft's page over nights with `--take-unchanged` (the item page writer knows a hidden item's record and
 * its draft's changes by the hashes of their lines, scripts/pipeline/item-pages.ts): taken from the last site while
 * the draft stays as it was, rendered again when an editor changes the draft, and the site every night the same
 * files with the same bytes as a fresh build of the same snapshot. The draft and its edit are read and made here with
 * SQL on a copy of a shared database (the schema guide: a document's draft is its current version while a published
 * version stands beside it).
 */
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { buildInChild, runInChild, takenPages } from '../support/build-child.ts';
import { listDifferences } from '../support/partition-sites.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

/** Documents with a pending draft: edited since published, the current version not the published one. */
const DRAFTS = `SELECT lower(n.uniqueId) AS key, v.id AS version FROM umbracoDocument d
  JOIN umbracoNode n ON n.id = d.nodeId JOIN umbracoContentVersion v ON v.nodeId = d.nodeId AND v."current" = 1
  JOIN umbracoDocumentVersion dv ON dv.id = v.id
  WHERE n.trashed = 0 AND d.published = 1 AND d.edited = 1 AND dv.published = 0 ORDER BY n.id`;
/** A text value of the draft version (its first, by property row). */
const DRAFT_TEXT = `SELECT id, varcharValue IS NOT NULL AS varchar FROM umbracoPropertyData
  WHERE versionId = ? AND (varcharValue LIKE '% %' OR textValue LIKE '<p>%') ORDER BY id LIMIT 1`;
const EDIT = ' Changed in the draft on night three.';

describe("a pending draft's page, night after night", () => {
  let work: string;
  let db: string;
  let out: string;
  let draft: { key: string; version: number };
  let nights = 0;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'hidden-page-reuse-'));
    db = path.join(work, 'site.db');
    await copyFile(sharedDatabase('tdufrane_searchcourse.db'), db);
    out = path.join(work, 'dist');
    const read = new DatabaseSync(db, { readOnly: true });
    const found = read.prepare(DRAFTS).all() as Array<{ key: string; version: number }>;
    read.close();
    assert.equal(found.length, 1, 'the database holds one pending draft');
    draft = found[0] as { key: string; version: number };
  });
  after(() => rm(work, { recursive: true, force: true }));

  /** Tonight's crawl and build into --out, checked against a fresh build of the same snapshot; its output. */
  async function night(): Promise<string> {
    nights += 1;
    const snapshot = path.join(work, `snapshot-${nights}`);
    const crawled = await runInChild('snapshot', ['--db', db, '--out', snapshot, '--quiet']);
    assert.equal(crawled.code, 0, crawled.stderr);
    const compare = nights === 1 ? [] : ['--compare-with', path.join(work, `snapshot-${nights - 1}`)];
    const common = ['--snapshot', snapshot, ...compare, '--no-sqlite'];
    const built = await buildInChild([
      ...common,
      '--out',
      out,
      '--cache',
      path.join(work, 'cache'),
      '--take-unchanged',
    ]);
    assert.equal(built.code, 0, built.stderr);
    const fresh = path.join(work, `fresh-${nights}`);
    const oracle = await buildInChild([...common, '--out', fresh, '--cache', `${fresh}-cache`]);
    assert.equal(oracle.code, 0, oracle.stderr);
    assert.deepEqual(await listDifferences(out, fresh, () => false), [], `night ${nights}: the same files and bytes`);
    await rm(fresh, { recursive: true });
    await rm(`${fresh}-cache`, { recursive: true });
    return built.stderr;
  }

  it('is taken while the draft stays as it was, and rendered again when the draft changes', async () => {
    const page = path.join(out, 'drafts', draft.key, 'index.html');
    assert.equal(takenPages(await night()).taken, 0, 'nothing to take on the first night');
    const first = await stat(page);

    const second = takenPages(await night());
    assert.equal(second.taken, second.all, 'nothing changed: every page taken');
    const kept = await stat(page);
    assert.deepEqual([kept.ino, kept.mtimeMs], [first.ino, first.mtimeMs], "the draft's page is left as it was");

    const edit = new DatabaseSync(db);
    try {
      const row = edit.prepare(DRAFT_TEXT).get(draft.version) as { id: number; varchar: number } | undefined;
      assert.ok(row, 'a text value in the draft version');
      const column = row.varchar ? 'varcharValue' : 'textValue';
      const sql = `UPDATE umbracoPropertyData SET ${column} = ${column} || ? WHERE id = ?`;
      assert.equal(edit.prepare(sql).run(EDIT, row.id).changes, 1);
    } finally {
      edit.close();
    }
    const third = takenPages(await night());
    assert.ok(third.taken < third.all, 'the changed draft is rendered');
    assert.ok((await readFile(page, 'utf8')).includes(EDIT.trim()), "the draft's page shows the edit");
  });
});
