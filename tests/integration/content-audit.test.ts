/**
 * The content audit of shared databases against SQL written in the test: age, words per language, empty mandatory
 * properties and references in for every content item; the CSV download holds the same rows.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseCsv } from '../../src/lib/csv.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { expectAudit, type AuditExpectation } from '../support/audit-oracle.ts';
import { crawl } from '../support/site-e2e.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const DATABASES = [
  'tdufrane_searchcourse.db',
  'umbraco_umbraco.commerce.demostore_15.x.db',
  'miguel015_alimentos.db',
  'bolettekern_umbraco.ai-demo.db',
];
type Row = Record<string, string | number | boolean | null>;

/** Naive pre-v17 dates are UTC here (the crawl's default --time-zone); the service sends whole seconds. */
const timeOf = (stored: string): number =>
  Date.parse(`${stored.replace(' ', 'T').replace(/\.\d+$/, '')}${/[Z+]/.test(stored.slice(10)) ? '' : 'Z'}`);

describe('content audit on shared databases', () => {
  let work: string;
  const runs: Array<{
    name: string;
    rows: Row[];
    expected: Map<string, AuditExpectation>;
    finishedAt: string;
    dir: string;
  }> = [];

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'content-audit-'));
    for (const name of DATABASES) {
      const dir = path.join(work, name);
      await crawl(['--db', sharedDatabase(name), '--out', path.join(dir, 'snapshot')], {
        SNAPSHOT_CACHE_DIR: path.join(dir, 'cache'),
      });
      const summary = await prepareSiteData(path.join(dir, 'snapshot'), path.join(dir, 'data'));
      const text = await readFile(path.join(dir, 'data', 'audit.ndjson'), 'utf8');
      const rows = text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Row);
      runs.push({
        name,
        rows,
        expected: expectAudit(sharedDatabase(name)),
        finishedAt: summary.meta.snapshotFinishedAt,
        dir,
      });
    }
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('has one row per content item of the snapshot, every one a published document', () => {
    for (const run of runs) {
      assert.ok(run.rows.length > 0, run.name);
      for (const row of run.rows) assert.ok(run.expected.has(String(row.key)), `${run.name}: ${row.key} is published`);
    }
  });

  it('gives the age in whole days since the published version, and its bucket', () => {
    for (const run of runs) {
      for (const row of run.rows) {
        const e = run.expected.get(String(row.key)) as AuditExpectation;
        const days = Math.floor((Date.parse(run.finishedAt) - timeOf(e.versionDate)) / 86_400_000);
        assert.equal(row.ageDays, days, `${run.name} ${row.name}`);
        const bucket =
          days < 91
            ? 'under 3 months'
            : days < 365
              ? '3–12 months'
              : days < 730
                ? '1–2 years'
                : days < 1826
                  ? '2–5 years'
                  : 'over 5 years';
        assert.equal(row.age, bucket);
      }
    }
  });

  it('counts words per language of text and rich text, blocks included', () => {
    let nonZero = 0;
    for (const run of runs) {
      for (const row of run.rows) {
        const e = run.expected.get(String(row.key)) as AuditExpectation;
        const isos = Object.keys(e.words);
        if (isos.length === 1 && isos[0] === '') assert.equal(row.words, e.words[''], `${run.name} ${row.name}`);
        else for (const iso of isos) assert.equal(row[`words:${iso}`], e.words[iso], `${run.name} ${row.name} ${iso}`);
        assert.equal(row.thin, Number(row.words) < 50);
        if (Number(row.words) > 0) nonZero += 1;
      }
    }
    assert.ok(nonZero > 50, `${nonZero} items with words`);
  });

  it('counts mandatory properties without a value and the items referencing each one', () => {
    let referenced = 0;
    for (const run of runs) {
      for (const row of run.rows) {
        const e = run.expected.get(String(row.key)) as AuditExpectation;
        assert.equal(row.emptyMandatory, e.emptyMandatory, `${run.name} ${row.name} empty mandatory`);
        assert.equal(row.inboundReferences, e.inbound, `${run.name} ${row.name} inbound`);
        if (e.inbound > 0) referenced += 1;
      }
    }
    assert.ok(referenced > 10, `${referenced} referenced items`);
  });

  it('writes the same rows to audit.csv, with a column per language', async () => {
    const run = runs[0] as (typeof runs)[number];
    const csv = parseCsv(
      (await readFile(path.join(run.dir, 'data', 'downloads', 'audit.csv'), 'utf8')).replace(/^\uFEFF/, ''),
    );
    const [head = [], ...body] = csv;
    assert.deepEqual(
      head.filter((c) => c.startsWith('words:')),
      ['words:da', 'words:en-US', 'words:es'],
    );
    assert.equal(body.length, run.rows.length);
    assert.deepEqual(body.map((r) => r[head.indexOf('key')]).sort(), run.rows.map((r) => String(r.key)).sort());
  });
});
