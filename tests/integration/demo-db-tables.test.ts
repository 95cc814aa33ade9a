/** The demo database keeps the table rules of a real Umbraco 17.0 database: markers, versions, trash, references. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { generateDemoDatabase } from '../../scripts/demo/generate.ts';
import { useDemoDatabase } from '../support/demo-db-fixture.ts';
import { DOCUMENT, MEDIA } from '../support/umbraco-object-types.ts';

describe('demo-db generator: tables', () => {
  const { file, all, value } = useDemoDatabase();

  it('is deterministic per seed and self-contained', () => {
    generateDemoDatabase({ out: file('b.db'), items: 300, languages: 2, seed: 1 });
    generateDemoDatabase({ out: file('c.db'), items: 300, languages: 2, seed: 2 });
    assert.ok(readFileSync(file('a.db')).equals(readFileSync(file('b.db'))), 'same seed, same bytes');
    assert.ok(!readFileSync(file('a.db')).equals(readFileSync(file('c.db'))), 'another seed, another file');
    assert.deepEqual([...readFileSync(file('a.db')).subarray(18, 20)], [2, 2], 'WAL mode in the header');
    for (const suffix of ['-wal', '-shm', '-journal']) assert.ok(!existsSync(file(`a.db${suffix}`)));
  });

  it('carries the 17.0 markers and the fixed system nodes', () => {
    assert.equal(
      value(`SELECT value FROM umbracoKeyValue WHERE "key" = 'Umbraco.Core.Upgrader.State+Umbraco.Core'`),
      '{26179D88-58CE-4C92-B4A4-3CBA6E7188AC}',
    );
    assert.equal(
      value(`SELECT value FROM umbracoKeyValue WHERE "key" = 'UmbracoUrlGeneration'`),
      'DefaultUrlSegmentProvider',
    );
    assert.deepEqual(
      all('SELECT id, uniqueId, level FROM umbracoNode WHERE id IN (-1, -20, -21) ORDER BY id DESC').map((r) => ({
        ...r,
      })),
      [
        { id: -1, uniqueId: '916724A5-173D-4619-B97E-B9DE133DD6F5', level: 0 },
        { id: -20, uniqueId: '0F582A79-1E41-4CF0-BFA0-76340651891A', level: 0 },
        { id: -21, uniqueId: 'BF7C7CBC-952F-4518-97A2-69E9C7B33842', level: 0 },
      ],
    );
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoNode WHERE uniqueId <> upper(uniqueId) OR nodeObjectType <> upper(nodeObjectType)`,
      ),
      0,
    );
    assert.equal(value(`SELECT count(*) FROM umbracoDataType WHERE nodeId IN (-91, -93, -104, -105)`), 4);
  });

  it('keeps the version rules of every real database', () => {
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoDocument d WHERE (SELECT count(*) FROM umbracoContentVersion v WHERE ` +
          `v.nodeId = d.nodeId AND v."current" = 1) <> 1`,
      ),
      0,
    );
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoContentVersion v JOIN umbracoDocumentVersion dv ON dv.id = v.id WHERE ` +
          `v."current" = 1 AND dv.published = 1`,
      ),
      0,
    );
    assert.equal(
      value(
        `SELECT count(*) FROM (SELECT v.nodeId FROM umbracoContentVersion v JOIN umbracoDocumentVersion dv ON ` +
          `dv.id = v.id AND dv.published = 1 GROUP BY v.nodeId HAVING count(*) > 1)`,
      ),
      0,
    );
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoDocument d WHERE d.published = 1 AND NOT EXISTS (SELECT 1 FROM ` +
          `umbracoContentVersion v JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published = 1 WHERE ` +
          `v.nodeId = d.nodeId)`,
      ),
      0,
    );
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoContentVersion v JOIN umbracoNode n ON n.id = v.nodeId WHERE ` +
          `n.nodeObjectType = '${MEDIA}' AND NOT EXISTS (SELECT 1 FROM umbracoMediaVersion m WHERE m.id = v.id)`,
      ),
      0,
    );
  });

  it('has published, edited, unpublished, draft-only and trashed documents', () => {
    const published =
      `EXISTS (SELECT 1 FROM umbracoContentVersion v JOIN umbracoDocumentVersion dv ON dv.id = ` +
      `v.id AND dv.published = 1 WHERE v.nodeId = d.nodeId)`;
    assert.ok(
      Number(value(`SELECT count(*) FROM umbracoDocument d WHERE d.published = 1 AND d.edited = 1`)) > 0,
      'pending edits',
    );
    assert.ok(
      Number(value(`SELECT count(*) FROM umbracoDocument d WHERE d.published = 0 AND ${published}`)) > 0,
      'unpublished with a stale published version',
    );
    assert.ok(
      Number(value(`SELECT count(*) FROM umbracoDocument d WHERE d.published = 0 AND NOT ${published}`)) > 0,
      'never published',
    );
    assert.ok(
      Number(
        value(
          `SELECT count(*) FROM umbracoDocument d JOIN umbracoNode n ON n.id = d.nodeId WHERE n.trashed = 1 AND ` +
            `d.published = 1`,
        ),
      ) > 0,
      'trashed but still flagged published',
    );
    assert.ok(
      Number(
        value(
          `SELECT count(*) FROM umbracoDocumentCultureVariation c JOIN umbracoDocument d ON d.nodeId = c.nodeId ` +
            `WHERE d.published = 1 AND c.published = 0`,
        ),
      ) > 0,
      'unpublished cultures',
    );
  });

  it('moves trashed items under the recycle bins with matching paths and levels', () => {
    for (const [bin, type] of [
      [-20, DOCUMENT],
      [-21, MEDIA],
    ] as const) {
      const trashed = all(
        `SELECT n.id, n.parentId, n.level, n.path, p.path AS parentPath, p.level AS parentLevel FROM ` +
          `umbracoNode n LEFT JOIN umbracoNode p ON p.id = n.parentId WHERE n.trashed = 1 AND n.nodeObjectType = ?`,
        type,
      );
      assert.ok(trashed.length > 0, `trashed items under ${bin}`);
      for (const t of trashed) {
        if (t.parentId === bin) assert.deepEqual([t.level, t.path], [1, `-1,${bin},${t.id}`]);
        else assert.deepEqual([t.level, t.path], [Number(t.parentLevel) + 1, `${t.parentPath},${t.id}`]);
        assert.ok(String(t.path).startsWith(`-1,${bin},`));
      }
    }
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoNode n JOIN umbracoNode p ON p.id = n.parentId WHERE n.id > 0 AND ` +
          `n.nodeObjectType IN ('${DOCUMENT}', '${MEDIA}') AND (n.path <> p.path || ',' || n.id OR n.level <> ` +
          `p.level + 1) AND n.parentId NOT IN (-20, -21)`,
      ),
      0,
    );
  });

  it('keeps references between tables intact', () => {
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoPropertyData pd LEFT JOIN umbracoContentVersion v ON v.id = pd.versionId ` +
          `WHERE v.id IS NULL`,
      ),
      0,
    );
    assert.equal(
      value(
        `SELECT count(*) FROM cmsPropertyType pt LEFT JOIN umbracoDataType dt ON dt.nodeId = pt.dataTypeId ` +
          `WHERE dt.nodeId IS NULL`,
      ),
      0,
    );
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoContent c LEFT JOIN cmsContentType ct ON ct.nodeId = c.contentTypeId WHERE ` +
          `ct.nodeId IS NULL`,
      ),
      0,
    );
    assert.equal(
      value(`SELECT count(*) FROM umbracoNode n LEFT JOIN umbracoNode p ON p.id = n.parentId WHERE p.id IS NULL`),
      0,
    );
    assert.equal(
      value(
        `SELECT count(*) FROM umbracoPropertyData WHERE (intValue IS NOT NULL) + (decimalValue IS NOT NULL) + ` +
          `(dateValue IS NOT NULL) + (varcharValue IS NOT NULL) + (textValue IS NOT NULL) <> 1`,
      ),
      0,
    );
  });
});
