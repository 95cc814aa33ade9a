/**
 * `oneRoot` (`npm run demo-db -- --one-root`): every generated item a document under one root, nothing else in the
 * tree (no media, no second site, no settings folder, no recycle bin), counted from the database by SQL.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { generateDemoDatabase } from '../../scripts/demo/generate.ts';
import { openForOracle } from '../support/shared-databases.ts';
import { DOCUMENT, MEDIA } from '../support/umbraco-object-types.ts';

test('oneRoot: 3,000 documents under one root, no media, nothing trashed', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'demo-one-root-'));
  try {
    const file = path.join(dir, 'demo.db');
    generateDemoDatabase({ out: file, items: 3000, languages: 2, seed: 5, maxChildren: 200, oneRoot: true });
    const db = openForOracle(file);
    try {
      const count = (sql: string, ...args: string[]): number => Number(db.prepare(sql).get(...args)?.n);
      const roots = db
        .prepare('SELECT id, path FROM umbracoNode WHERE parentId = -1 AND nodeObjectType = ?')
        .all(DOCUMENT) as Array<{ id: number; path: string }>;
      assert.equal(roots.length, 1);
      const under = count(
        'SELECT COUNT(*) AS n FROM umbracoNode WHERE nodeObjectType = ? AND path LIKE ?',
        DOCUMENT,
        `${roots[0]?.path},%`,
      );
      assert.equal(under + 1, 3000);
      assert.equal(count('SELECT COUNT(*) AS n FROM umbracoNode WHERE nodeObjectType = ?', MEDIA), 0);
      assert.equal(count('SELECT COUNT(*) AS n FROM umbracoNode WHERE trashed = 1'), 0);
      const fullest = count(
        'SELECT MAX(n) AS n FROM (SELECT COUNT(*) AS n FROM umbracoNode GROUP BY parentId HAVING parentId > 0)',
      );
      assert.ok(fullest <= 200, `${fullest} children`);
    } finally {
      db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
