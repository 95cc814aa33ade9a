/**
 * A 300-item demo database generated once per test file (seed 1, two languages, with its record), opened read-only so
 * the tests check it with SQL against Umbraco's rules, not through the generator's code.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { after, before } from 'node:test';
import { generateDemoDatabase, type DemoRecord, type DemoSummary } from '../../scripts/demo/generate.ts';

export interface DemoDbFixture {
  /** A path in the fixture's own temporary folder; the database is `file('a.db')`. */
  file(name: string): string;
  all(sql: string, ...params: (string | number)[]): Record<string, unknown>[];
  /** The first column of the first row. */
  value(sql: string): unknown;
  readonly records: DemoRecord[];
  summary(): DemoSummary;
}

/** Registers the before/after hooks of the enclosing suite; the fixture is usable inside its tests. */
export function useDemoDatabase(): DemoDbFixture {
  const dir = mkdtempSync(join(tmpdir(), 'demo-db-'));
  const file = (name: string): string => join(dir, name);
  const records: DemoRecord[] = [];
  let summary: DemoSummary | undefined;
  let db: DatabaseSync | undefined;
  const open = (): DatabaseSync => {
    if (db === undefined) throw new Error('the demo database is opened in before()');
    return db;
  };
  before(() => {
    summary = generateDemoDatabase({
      out: file('a.db'),
      items: 300,
      languages: 2,
      seed: 1,
      record: (r) => records.push(r),
    });
    const url = pathToFileURL(file('a.db'));
    url.search = 'immutable=1';
    db = new DatabaseSync(url, { readOnly: true });
  });
  after(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    file,
    all: (sql, ...params) =>
      open()
        .prepare(sql)
        .all(...params),
    value: (sql) => Object.values(open().prepare(sql).get() ?? {})[0],
    records,
    summary: () => {
      if (summary === undefined) throw new Error('the demo database is generated in before()');
      return summary;
    },
  };
}
