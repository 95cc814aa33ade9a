import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import { listSharedDatabases, openForOracle, sharedDatabase } from '../support/shared-databases.ts';
import { withReadService } from '../support/read-service.ts';

const DOCUMENT = 'C66BA18E-EAF3-4CFF-8A22-41B16D66A972';
const MEDIA = 'B796F64C-1F99-4FFB-B886-4BF4BC011A9C';
const EXTENSIONS = [
  'GetDrafts',
  'GetUnpublishedContent',
  'GetRecycleBin',
  'GetContentSchedule',
  'GetDictionary',
  'GetLanguages',
  'GetDomains',
  'GetRedirectUrls',
];

const count = (db: DatabaseSync, sql: string, ...params: string[]): number =>
  Number((db.prepare(sql).get(...params) as { n: number }).n);

/** Counts straight from the tables, by the schema guide's rules (not through the service's readers). */
function oracleCounts(db: DatabaseSync): Record<string, number> {
  const documents = `FROM umbracoDocument d JOIN umbracoNode n ON n.id = d.nodeId
    WHERE n.nodeObjectType = ? AND n.trashed = 0`;
  return {
    GetDrafts: count(db, `SELECT count(*) AS n ${documents} AND d.published = 1 AND d.edited = 1`, DOCUMENT),
    GetUnpublishedContent: count(db, `SELECT count(*) AS n ${documents} AND d.published = 0`, DOCUMENT),
    GetRecycleBin: count(
      db,
      'SELECT count(*) AS n FROM umbracoNode WHERE trashed = 1 AND nodeObjectType IN (?, ?)',
      DOCUMENT,
      MEDIA,
    ),
    GetContentSchedule: count(db, 'SELECT count(*) AS n FROM umbracoContentSchedule'),
    GetDictionary: count(db, 'SELECT count(*) AS n FROM cmsDictionary'),
    GetLanguages: count(db, 'SELECT count(*) AS n FROM umbracoLanguage'),
    GetDomains: count(db, 'SELECT count(*) AS n FROM umbracoDomain'),
    GetRedirectUrls: count(db, 'SELECT count(*) AS n FROM umbracoRedirectUrl'),
  };
}

describe('extension operations on the shared databases', () => {
  for (const file of listSharedDatabases()) {
    it(`${basename(file)}: every list has as many entries as the tables hold`, async () => {
      const db = openForOracle(file);
      const expected = oracleCounts(db);
      const translations = count(db, 'SELECT count(*) AS n FROM cmsLanguageText');
      db.close();
      await withReadService({ dbPath: file }, async (_service, call) => {
        for (const op of EXTENSIONS) {
          const { status, body } = await call(op);
          assert.equal(status, 200, op);
          assert.equal(body.length, expected[op], op);
          if (op === 'GetDictionary')
            assert.equal(
              body.reduce((sum: number, d: { values: unknown[] }) => sum + d.values.length, 0),
              translations,
            );
        }
      });
    });
  }

  it('a draft carries its own values: the properties that differ from the published item are the edited ones', async () => {
    const file = sharedDatabase('tdufrane_searchcourse.db');
    const db = openForOracle(file);
    // Property types with different stored values in the current and the published version of document 1102.
    const changed = db
      .prepare(
        `SELECT DISTINCT pt.Alias AS alias FROM cmsPropertyType pt
         JOIN umbracoContentVersion cv ON cv.nodeId = 1102 AND cv.current = 1
         JOIN umbracoContentVersion pv ON pv.nodeId = 1102
         JOIN umbracoDocumentVersion dv ON dv.id = pv.id AND dv.published = 1
         LEFT JOIN umbracoPropertyData c ON c.versionId = cv.id AND c.propertyTypeId = pt.id AND c.languageId = 1
         LEFT JOIN umbracoPropertyData p ON p.versionId = pv.id AND p.propertyTypeId = pt.id AND p.languageId = 1
         WHERE (c.id IS NOT NULL OR p.id IS NOT NULL)
           AND (COALESCE(c.intValue, c.decimalValue, c.dateValue, c.varcharValue, c.textValue) IS NOT
                COALESCE(p.intValue, p.decimalValue, p.dateValue, p.varcharValue, p.textValue))`,
      )
      .all()
      .map((r) => String(r.alias))
      .sort();
    db.close();
    assert.ok(changed.length > 0, 'the database has an edited property on 1102');
    await withReadService({ dbPath: file }, async (_service, call) => {
      const [draft] = (await call('GetDrafts')).body;
      const published = (await call('GetContentById', { id: 1102 })).body;
      assert.equal(draft.key, published.key);
      const differing = Object.keys(draft.cultures['en-US'].properties)
        .filter(
          (alias) =>
            JSON.stringify(draft.cultures['en-US'].properties[alias].value) !==
            JSON.stringify(published.cultures['en-US'].properties[alias].value),
        )
        .sort();
      assert.deepEqual(differing, changed);
      assert.deepEqual(draft.editedCultures, ['en-US']);
    });
  });

  it('pages a list with skip and take, and names a bad one', async () => {
    await withReadService({ dbPath: sharedDatabase('miguel015_alimentos.db') }, async (_service, call) => {
      const whole = (await call('GetRecycleBin')).body;
      assert.ok(whole.length > 15);
      assert.deepEqual((await call('GetRecycleBin', { skip: 10, take: 5 })).body, whole.slice(10, 15));
      assert.deepEqual((await call('GetRecycleBin', { skip: whole.length })).body, []);
      const bad = await call('GetDrafts', { take: '-1' });
      assert.equal(bad.status, 400);
      assert.deepEqual(
        bad.body.invalidParams.map((p: { name: string }) => p.name),
        ['take'],
      );
    });
  });

  it('plugin flavors, and the nine operations only, answer 404 for every extension', async () => {
    const dbPath = sharedDatabase('tdufrane_searchcourse.db');
    for (const options of [{ flavor: 'plugin-v10' as const }, { flavor: 'plugin-v8' as const }, { typeLists: false }])
      await withReadService({ dbPath, ...options }, async (_service, call) => {
        for (const op of EXTENSIONS) assert.equal((await call(op)).status, 404, `${op} ${JSON.stringify(options)}`);
      });
  });
});

describe('scheduled publishing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'source-extras-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const schedule = async (file: string, nodeId: number) => {
    const dbPath = join(dir, basename(file));
    copyFileSync(file, dbPath);
    const db = new DatabaseSync(dbPath);
    db.exec(`INSERT INTO umbracoContentSchedule (id, nodeId, languageId, date, action) VALUES
      ('11111111-1111-1111-1111-111111111111', ${nodeId}, 1, '2030-01-02 03:04:05', 'Release'),
      ('22222222-2222-2222-2222-222222222222', ${nodeId}, NULL, '2030-02-03 04:05:06', 'Expire')`);
    db.close();
    return withReadService({ dbPath, timeZone: 'Europe/Copenhagen' }, async (_service, call) => {
      const { body } = await call('GetContentSchedule');
      return body as Array<Record<string, unknown>>;
    });
  };

  it('lists each schedule row with its item, language and action; before Umbraco 14 dates are server time', async () => {
    const body = await schedule(sharedDatabase('tdufrane_searchcourse.db'), 1102);
    assert.deepEqual(
      body.map((s) => [s.id, s.key, s.culture, s.action, s.date]),
      [
        [1102, '8db383d6-7fb6-4b22-8169-82d5da5cf79e', 'en-US', 'publish', '2030-01-02T03:04:05+01:00'],
        [1102, '8db383d6-7fb6-4b22-8169-82d5da5cf79e', null, 'unpublish', '2030-02-03T04:05:06+01:00'],
      ],
    );
  });

  it('reads Umbraco 14+ schedule dates as UTC', async () => {
    const body = await schedule(sharedDatabase('pedrohelder98_bluegrassassessment.db'), 1065);
    assert.deepEqual(
      body.map((s) => [s.key, s.date]),
      [
        ['13c654c6-058e-4817-b3d6-4e7cf277af22', '2030-01-02T03:04:05+00:00'],
        ['13c654c6-058e-4817-b3d6-4e7cf277af22', '2030-02-03T04:05:06+00:00'],
      ],
    );
  });
});
