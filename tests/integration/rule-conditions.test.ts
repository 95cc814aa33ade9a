/**
 * The rules' conditions over age, fill, references in and words, on a crawl of a shared database: for each, a rules
 * file of one rule decides exactly the items computed here, the age from the snapshot's index files and its
 * manifest's time, the rest from SQL (tests/support/audit-oracle.ts, written from the schema guide and
 * docs/content-audit.md). The committed starter rules file is read without a problem and uses every documented
 * condition.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseCsv } from '../../src/lib/csv.ts';
import { readRules } from '../../src/lib/decisions/rules-file.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { writeDecisions } from '../../src/lib/site-data/derive/decisions-data.ts';
import { expectAudit, type AuditExpectation } from '../support/audit-oracle.ts';
import { crawl } from '../support/site-e2e.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const DB = sharedDatabase('tdufrane_searchcourse.db');
const STARTER = path.join(import.meta.dirname, '../../docs/examples/rules.yaml');
const DAY = 86_400_000;

interface Indexed {
  key: string;
  updateDate: string | null;
}

describe('rule conditions over the audit facts', () => {
  let work: string;
  let data: string;
  let finishedAt: string;
  let indexed: Indexed[];
  let expected: Map<string, AuditExpectation>;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'rule-conditions-'));
    const snapshot = path.join(work, 'snapshot');
    await crawl(['--db', DB, '--out', snapshot], { SNAPSHOT_CACHE_DIR: path.join(work, 'cache') });
    data = path.join(work, 'data');
    await prepareSiteData(snapshot, data);
    finishedAt = (JSON.parse(await readFile(path.join(snapshot, 'manifest.json'), 'utf8')) as { finishedAt: string })
      .finishedAt;
    indexed = [];
    for (const kind of ['content', 'media']) {
      const text = await readFile(path.join(snapshot, kind, 'index.ndjson'), 'utf8');
      for (const line of text.split('\n').filter(Boolean)) indexed.push(JSON.parse(line) as Indexed);
    }
    expected = expectAudit(DB);
  });
  after(() => rm(work, { recursive: true, force: true }));

  /** The keys one rule decides, read back from decisions.csv. */
  async function decidedBy(rule: string): Promise<string[]> {
    const file = path.join(work, 'rules.yaml');
    await writeFile(file, `- disposition: archive\n${rule}\n`);
    const meta = await writeDecisions(data, undefined, file);
    assert.deepEqual(meta.problems, [], rule);
    const [header = [], ...rows] = parseCsv(
      (await readFile(path.join(data, 'downloads', 'decisions.csv'), 'utf8')).replace(/^\uFEFF/, ''),
    ).filter((r) => r.length > 1);
    const at = (name: string) => header.indexOf(name);
    return rows
      .filter((r) => r[at('disposition')] === 'archive')
      .map((r) => String(r[at('key')]))
      .sort();
  }
  const audited = (test: (e: AuditExpectation) => boolean) =>
    [...expected.values()]
      .filter(test)
      .map((e) => e.key)
      .sort();
  const check = async (rule: string, keys: string[]) => {
    assert.ok(keys.length > 0 && keys.length < indexed.length, `${rule}: a condition that splits the items`);
    assert.deepEqual(await decidedBy(rule), keys, rule);
  };

  it('notUpdatedFor: days and calendar months back from the snapshot time, media items too', async () => {
    const updated = (i: Indexed) => (i.updateDate === null ? NaN : Date.parse(i.updateDate));
    const ages = indexed.map((i) => Math.floor((Date.parse(finishedAt) - updated(i)) / DAY)).sort((a, b) => a - b);
    const days = ages[Math.floor(ages.length / 2)] ?? 0;
    const dayCut = Date.parse(finishedAt) - days * DAY;
    await check(
      `  notUpdatedFor: ${days} days`,
      indexed
        .filter((i) => updated(i) <= dayCut)
        .map((i) => i.key)
        .sort(),
    );
    const months = Math.max(1, Math.round(days / 30));
    const at = new Date(finishedAt);
    const monthCut = Date.UTC(
      at.getUTCFullYear(),
      at.getUTCMonth() - months,
      at.getUTCDate(),
      at.getUTCHours(),
      at.getUTCMinutes(),
      at.getUTCSeconds(),
      at.getUTCMilliseconds(),
    );
    await check(
      `  notUpdatedFor: ${months} months`,
      indexed
        .filter((i) => updated(i) <= monthCut)
        .map((i) => i.key)
        .sort(),
    );
  });

  it('inboundReferences: none, and a lower bound', async () => {
    await check(
      '  inboundReferences: 0',
      audited((e) => e.inbound === 0),
    );
    await check(
      '  inboundReferences: { min: 1 }',
      audited((e) => e.inbound >= 1),
    );
  });

  it('words: a range over the most words of any language', async () => {
    const most = (e: AuditExpectation) => Math.max(...Object.values(e.words));
    const counts = [...expected.values()].map(most).sort((a, b) => a - b);
    const [low = 0, high = 0] = [counts[Math.floor(counts.length / 4)], counts[Math.floor((3 * counts.length) / 4)]];
    await check(
      `  words: { min: ${low}, max: ${high} }`,
      audited((e) => most(e) >= low && most(e) <= high),
    );
  });

  it('filled, emptyProperty and filledProperty: the share and the properties holding a value', async () => {
    const percent = (e: AuditExpectation) =>
      Math.round((100 * (e.properties.length - e.empty.length)) / e.properties.length);
    const withProperties = [...expected.values()].filter((e) => e.properties.length > 0);
    const shares = withProperties.map(percent).sort((a, b) => a - b);
    const middle = shares[Math.floor(shares.length / 2)] ?? 0;
    await check(
      `  filled: { max: ${middle} }`,
      audited((e) => e.properties.length > 0 && percent(e) <= middle),
    );
    // A property some items leave empty and others fill.
    const alias = withProperties
      .flatMap((e) => e.empty)
      .find((a) => withProperties.some((e) => e.properties.includes(a) && !e.empty.includes(a)));
    assert.ok(alias, 'a property empty in one item and filled in another');
    await check(
      `  emptyProperty: ${alias}`,
      audited((e) => e.empty.includes(alias)),
    );
    await check(
      `  filledProperty: [${alias}, noSuchProperty]`,
      audited((e) => e.properties.includes(alias) && !e.empty.includes(alias)),
    );
  });

  it('combines conditions: every one given must hold', async () => {
    await check(
      '  inboundReferences: 0\n  words: { min: 1 }',
      audited((e) => e.inbound === 0 && Math.max(...Object.values(e.words)) >= 1),
    );
  });

  it('reads the starter rules file without a problem, with every documented condition', async () => {
    const { rules, problems } = readRules(await readFile(STARTER, 'utf8'), 'rules.yaml');
    assert.deepEqual(problems, []);
    const used = new Set(rules.flatMap((r) => Object.keys(r)));
    const docs = await readFile(path.join(import.meta.dirname, '../../docs/decisions.md'), 'utf8');
    for (const condition of [
      'type',
      'root',
      'pathPrefix',
      'language',
      'updatedBefore',
      'notUpdatedFor',
      'filled',
      'emptyProperty',
      'filledProperty',
      'inboundReferences',
      'words',
    ]) {
      assert.ok(used.has(condition), `the starter file uses ${condition}`);
      assert.ok(docs.includes(`| \`${condition}\` |`), `docs/decisions.md documents ${condition}`);
    }
  });
});
