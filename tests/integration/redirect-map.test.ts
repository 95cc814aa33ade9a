/**
 * The redirect map (downloads/redirects.csv) from crawls of shared databases, without an Astro build: every row of
 * Umbraco's redirect table appears with source `umbraco-redirect`, its item's key and, for a published item, a 301
 * to the item's URL (410 otherwise), counted by SQL here; and a URL segment changed between two snapshots kept with
 * `--history` adds the old URL with source `history`, the segments read from the database copy.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { parseCsv } from '../../src/lib/csv.ts';
import { listSharedDatabases, openForOracle, sharedDatabase } from '../support/shared-databases.ts';

type Row = Record<string, string>;

async function crawl(db: string, out: string, extra: string[] = []): Promise<void> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli(
    ['--quiet', '--db', db, '--out', out, ...extra],
    {},
    { stdout: sink, stderr: sink },
  );
  assert.equal(code, 0, output);
}

async function redirects(siteData: string): Promise<Row[]> {
  const [header = [], ...rows] = parseCsv(
    (await readFile(path.join(siteData, 'downloads', 'redirects.csv'), 'utf8')).replace(/^\uFEFF/, ''),
  ).filter((r) => r.length > 1);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

const REDIRECTS_SQL = `SELECT r.url, coalesce(r.culture, '') AS culture, lower(r.contentKey) AS key,
  (SELECT count(*) FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
    WHERE n.uniqueId = r.contentKey AND n.trashed = 0 AND d.published = 1) AS published
  FROM umbracoRedirectUrl r`;

describe('redirect map', () => {
  let work: string;
  before(async () => (work = await mkdtemp(path.join(tmpdir(), 'redirect-map-'))));
  after(() => rm(work, { recursive: true, force: true }));

  it("lists every row of each shared database's redirect table as umbraco-redirect, with its item", async () => {
    const withRedirects = listSharedDatabases().filter((file) => {
      const db = openForOracle(file);
      return Number(db.prepare('SELECT count(*) AS n FROM umbracoRedirectUrl').get()?.n) > 0;
    });
    assert.ok(withRedirects.length >= 2, 'at least two shared databases have redirect rows');
    for (const file of withRedirects) {
      const name = path.basename(file, '.db');
      await crawl(file, path.join(work, name));
      await prepareSiteData(path.join(work, name), path.join(work, `${name}-data`));
      const rows = (await redirects(path.join(work, `${name}-data`))).filter((r) => r.source === 'umbraco-redirect');
      const expected = openForOracle(file).prepare(REDIRECTS_SQL).all();
      assert.equal(rows.length, expected.length, name);
      for (const e of expected) {
        const row = rows.find((r) => r.old_url === e.url && r.culture === e.culture && r.key === e.key);
        assert.ok(row, `${name}: ${String(e.url)} is in the map`);
        assert.equal(row.status, Number(e.published) > 0 ? '301' : '410', `${name}: ${String(e.url)}`);
        assert.equal(row.current_url !== '', Number(e.published) > 0, `${name}: ${String(e.url)} has a URL now`);
      }
      assert.ok(
        expected.some((e) => Number(e.published) > 0),
        `${name}: a redirect row of a published item`,
      );
    }
  });

  it('adds the URL an item had in an earlier snapshot kept with --history, with source history', async () => {
    const db = path.join(work, 'renamed.db');
    await copyFile(sharedDatabase('persteenolsen_umbraco-17-starter-one.db'), db);
    const [snapshot, history, data] = ['snap', 'history', 'data'].map((n) => path.join(work, n)) as [
      string,
      string,
      string,
    ];
    await crawl(db, snapshot, ['--history', history]);
    const edit = new DatabaseSync(db);
    const leaf = edit
      .prepare(
        `SELECT lower(n.uniqueId) AS key, u.urlSegment AS segment FROM umbracoNode n
          JOIN umbracoDocument d ON d.nodeId = n.id JOIN umbracoDocumentUrl u ON u.uniqueId = n.uniqueId
          WHERE n.trashed = 0 AND d.published = 1 AND n.level = 2 AND u.isDraft = 0 ORDER BY n.sortOrder LIMIT 1`,
      )
      .get() as { key: string; segment: string };
    edit
      .prepare('UPDATE umbracoDocumentUrl SET urlSegment = ? WHERE lower(uniqueId) = ?')
      .run(`${leaf.segment}-renamed`, leaf.key);
    edit.close();
    await crawl(db, snapshot, ['--history', history]);
    await prepareSiteData(snapshot, data, { historyDir: history });
    const rows = await redirects(data);
    const old = rows.filter((r) => r.source === 'history' && r.key === leaf.key);
    assert.equal(old.length, 1, JSON.stringify(old));
    const [moved = {}] = old;
    assert.match(moved.old_url ?? '', new RegExp(`/${leaf.segment}/?$`));
    assert.match(moved.current_url ?? '', new RegExp(`/${leaf.segment}-renamed/?$`));
    assert.equal(moved.status, '301');
    const live = rows.filter((r) => r.source === 'live' && r.key === leaf.key);
    assert.deepEqual(
      live.map((r) => r.old_url),
      [moved.current_url],
    );
    assert.equal(rows.filter((r) => r.source === 'history').length, 1, 'nothing else changed its URL');
  });
});
