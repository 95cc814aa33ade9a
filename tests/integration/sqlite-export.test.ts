/**
 * `snapshot.sqlite` on two shared databases: the five questions of docs/sqlite.md, run as the docs write them, give the
 * figures of the site data the pages and inventories are made from; the FTS table finds an item by a word of its
 * name in one language; the Datasette metadata describes every table.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { writeSnapshotSqlite } from '../../scripts/pipeline/sqlite/sqlite-export.ts';
import { crawl } from '../support/site-e2e.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

type Row = Record<string, string | number | null>;
const ROOT = path.resolve(import.meta.dirname, '../..');
const DATABASES = ['tdufrane_searchcourse.db', 'umbraco_umbraco.commerce.demostore_15.x.db'];

/** The numbered questions of docs/sqlite.md: the SQL block under each `### N.` heading. */
async function documentedQuestions(): Promise<Map<number, string>> {
  const text = await readFile(path.join(ROOT, 'docs/sqlite.md'), 'utf8');
  const found = new Map<number, string>();
  for (const m of text.matchAll(/^### (\d)\. .*\n\n```sql\n([\s\S]*?)```/gm)) found.set(Number(m[1]), String(m[2]));
  return found;
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;
const readLines = async (file: string): Promise<Row[]> =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);

describe('snapshot.sqlite on shared databases', () => {
  let work: string;
  const runs: Array<{ name: string; db: DatabaseSync; data: string; out: string }> = [];
  let questions: Map<number, string>;
  const ask = (db: DatabaseSync, n: number): Row[] => db.prepare(questions.get(n) as string).all() as Row[];

  before(async () => {
    questions = await documentedQuestions();
    work = await mkdtemp(path.join(tmpdir(), 'sqlite-export-'));
    for (const name of DATABASES) {
      const dir = path.join(work, name);
      const snapshot = path.join(dir, 'snapshot');
      await crawl(['--db', sharedDatabase(name), '--out', snapshot], { SNAPSHOT_CACHE_DIR: path.join(dir, 'cache') });
      const data = path.join(dir, 'data');
      await prepareSiteData(snapshot, data);
      const out = path.join(dir, 'downloads');
      const summary = await writeSnapshotSqlite(snapshot, data, out, { title: name, snapshotAt: 'now' });
      runs.push({ name, db: new DatabaseSync(summary.file, { readOnly: true }), data, out });
    }
  });
  after(async () => {
    for (const run of runs) run.db.close();
    await rm(work, { recursive: true, force: true });
  });

  it('documents five questions', () => assert.deepEqual([...questions.keys()], [1, 2, 3, 4, 5]));

  it('counts items per type as the content-types inventory does', async () => {
    for (const run of runs) {
      const types = await readJson<Array<{ alias: string; itemCount: number }>>(path.join(run.data, 'types.json'));
      const expected = Object.fromEntries(types.filter((t) => t.itemCount > 0).map((t) => [t.alias, t.itemCount]));
      const got = Object.fromEntries(ask(run.db, 1).map((r) => [r.type, r.items]));
      assert.deepEqual(got, expected, run.name);
    }
  });

  it('counts items and URLs per language as the site data does', async () => {
    const run = runs[0]!;
    const meta = await readJson<{ counts: { cultureItems: Record<string, number> } }>(
      path.join(run.data, 'site-data.json'),
    );
    const nodes = await readLines(path.join(run.data, 'nodes.ndjson'));
    const rows = ask(run.db, 2);
    assert.deepEqual(Object.fromEntries(rows.map((r) => [r.culture, r.items])), meta.counts.cultureItems);
    assert.equal(rows.length, 3, 'the multilingual database has three languages');
    for (const row of rows) {
      const withUrl = nodes.filter((n) => (n.urls as unknown as Record<string, string> | undefined)?.[row.culture!]);
      assert.equal(row.with_url, withUrl.length, String(row.culture));
    }
  });

  it('groups broken references by target as the broken-references inventory does', async () => {
    let total = 0;
    for (const run of runs) {
      const broken = await readLines(path.join(run.data, 'broken-references.ndjson'));
      const expected = new Map<string, { places: number; items: Set<unknown> }>();
      for (const b of broken) {
        const entry = expected.get(String(b.raw)) ?? { places: 0, items: new Set() };
        entry.places += 1;
        entry.items.add(b.fromKey);
        expected.set(String(b.raw), entry);
      }
      const rows = ask(run.db, 3);
      assert.deepEqual(
        Object.fromEntries(rows.map((r) => [r.target, [r.places, r.items]])),
        Object.fromEntries([...expected].map(([raw, e]) => [raw, [e.places, e.items.size]])),
        run.name,
      );
      total += rows.length;
    }
    assert.ok(total > 0, 'some shared database has a broken reference');
  });

  it('lists the orphan media of the orphan-media inventory', async () => {
    for (const run of runs) {
      const orphans = await readLines(path.join(run.data, 'orphan-media.ndjson'));
      const rows = ask(run.db, 4);
      assert.deepEqual(
        rows.map((r) => `${r.key} ${r.file_bytes}`).sort(),
        orphans.map((o) => `${o.key} ${o.bytes}`).sort(),
        run.name,
      );
      assert.ok(rows.length > 0, `${run.name} has orphan media`);
    }
  });

  it('counts the items using each item as the "used by" lists do', async () => {
    for (const run of runs) {
      const usedBy = await readJson<Record<string, { count: number }>>(path.join(run.data, 'used-by.json'));
      const got = Object.fromEntries(ask(run.db, 5).map((r) => [r.key, r.used_by]));
      assert.deepEqual(got, Object.fromEntries(Object.entries(usedBy).map(([k, v]) => [k, v.count])), run.name);
      assert.ok(Object.keys(got).length > 0);
    }
  });

  it('finds an item by a word of its Danish name in the Danish row of the full-text table', () => {
    const { db } = runs[0]!;
    const row = db
      .prepare("SELECT item_key, name FROM item_cultures WHERE culture = 'da' AND name GLOB '*[a-z][a-z][a-z]*'")
      .get() as Row;
    const word = String(row.name).match(/\p{L}{3,}/u)?.[0];
    const hits = db
      .prepare('SELECT item_key, culture FROM item_text WHERE item_text MATCH ?')
      .all(`name:"${word}"`) as Row[];
    assert.ok(hits.some((h) => h.item_key === row.item_key && h.culture === 'da'));
  });

  it('describes every table in the Datasette metadata', async () => {
    const run = runs[0]!;
    const metadata = await readJson<{ databases: { snapshot: { tables: Record<string, unknown> } } }>(
      path.join(run.out, 'metadata.json'),
    );
    const tables = run.db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE TABLE ''item_text_%'")
      .all()
      .map((r) => String((r as Row).name));
    assert.deepEqual(Object.keys(metadata.databases.snapshot.tables).sort(), tables.sort());
  });
});
