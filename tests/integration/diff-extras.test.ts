/**
 * The comparison of two snapshots' extras, on two edited copies of a shared database: a new pending draft, a changed
 * and a new dictionary item, a new redirect. Expected changes are the edits made here.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { diffSnapshots } from '../../scripts/diff/diff-snapshots.ts';
import { renderText } from '../../scripts/diff/diff-summary.ts';
import { startReadService } from '../../scripts/source/server.ts';
import type { SnapshotDiff } from '../../scripts/core/diff-format.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

async function snapshot(args: string[], out: string): Promise<void> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  assert.equal(await runSnapshotCli([...args, '--out', out, '--quiet'], {}, { stdout: sink, stderr: sink }), 0, output);
}

describe('what changed in the extras', () => {
  let work: string;
  let diff: SnapshotDiff;
  let aboutThisSite: string;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'diff-extras-'));
    const older = path.join(work, 'older.db');
    const newer = path.join(work, 'newer.db');
    await copyFile(sharedDatabase('tdufrane_searchcourse.db'), older);
    await copyFile(sharedDatabase('tdufrane_searchcourse.db'), newer);
    const db = new DatabaseSync(newer);
    db.exec(`UPDATE umbracoDocument SET edited = 1 WHERE nodeId = 1103;
      UPDATE cmsLanguageText SET value = 'Vores nye partner' WHERE pk = 68;
      INSERT INTO cmsDictionary (id, parent, "key") VALUES ('AAAAAAAA-0000-4000-8000-000000000001', NULL, 'NewKey');
      INSERT INTO umbracoRedirectUrl (id, contentKey, createDateUtc, url, culture, urlHash)
        SELECT 'BBBBBBBB-0000-4000-8000-000000000002', uniqueId, '2026-01-02 03:04:05', '/en/old-about', 'en-us', 'x'
        FROM umbracoNode WHERE id = 1103;`);
    aboutThisSite = String(
      (db.prepare('SELECT lower(uniqueId) AS k FROM umbracoNode WHERE id = 1103').get() as { k: string }).k,
    );
    db.close();
    await snapshot(['--db', older], path.join(work, 'a'));
    await snapshot(['--db', newer], path.join(work, 'b'));
    diff = await diffSnapshots(path.join(work, 'a'), path.join(work, 'b'));
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('lists a new draft, the changed and the new dictionary item and the new redirect', () => {
    const compared = diff.extras?.compared;
    assert.ok(compared);
    assert.deepEqual(
      compared.drafts?.added.map((r) => r.id),
      [aboutThisSite],
    );
    assert.deepEqual(
      compared.dictionary?.added.map((r) => r.label),
      ['NewKey'],
    );
    assert.deepEqual(
      compared.dictionary?.changed.map((c) => [c.culture, c.to]),
      [['da', 'Vores nye partner']],
    );
    assert.deepEqual(
      compared['redirect-urls']?.added.map((r) => r.label),
      ['/en/old-about [en-us]'],
    );
    for (const name of ['unpublished', 'recycle-bin', 'domains', 'languages'] as const)
      assert.deepEqual(compared[name], { added: [], removed: [], changed: [] }, name);
    const text = renderText(diff, { limit: 10 });
    assert.match(text, /Pending drafts: added: 1\n {2}About This Site/);
    assert.match(text, /Dictionary: changed: 1\n.*\[da\]: ".*" → "Vores nye partner"/);
  });

  it('compares nothing against a snapshot whose source did not offer the extras', async () => {
    const service = await startReadService({
      dbPath: sharedDatabase('tdufrane_searchcourse.db'),
      flavor: 'plugin-v10',
    });
    try {
      await snapshot(['--source', service.url], path.join(work, 'plugin'));
    } finally {
      await service.close();
    }
    const across = await diffSnapshots(path.join(work, 'plugin'), path.join(work, 'b'));
    assert.deepEqual(across.extras?.compared, {});
    assert.equal(across.extras?.notCompared.length, 8);
    assert.doesNotMatch(renderText(across, { limit: 10 }), /Pending drafts/);
  });
});
