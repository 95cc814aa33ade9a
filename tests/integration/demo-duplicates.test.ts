/**
 * The content audit against the duplicates the demo generator planted and recorded: exact copies are found as such,
 * near copies (about 2 % of the body text edited) in the same near-duplicate group, with precision ≥ 0.95 and recall
 * ≥ 0.9 at 90 % similarity; items with the same name and different words are not duplicates.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generateDemoDatabase, type DemoRecord } from '../../scripts/demo/generate.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { crawl } from '../support/site-e2e.ts';

type Row = { key: string; name: string; type: string; duplicateOf: string | null; nearDuplicateGroup: number | null };
const pair = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

describe('duplicates planted in the demo database', () => {
  let work: string;
  const records: DemoRecord[] = [];
  let rows: Row[] = [];

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'demo-duplicates-'));
    const db = path.join(work, 'demo.db');
    generateDemoDatabase({ out: db, items: 4000, languages: 2, seed: 7, record: (r) => records.push(r) });
    await crawl(['--db', db, '--out', path.join(work, 'snapshot')], { SNAPSHOT_CACHE_DIR: path.join(work, 'cache') });
    await prepareSiteData(path.join(work, 'snapshot'), path.join(work, 'data'));
    const text = await readFile(path.join(work, 'data', 'audit.ndjson'), 'utf8');
    rows = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Row);
  });
  after(() => rm(work, { recursive: true, force: true }));

  /** Planted pairs whose two items are both in the snapshot (a copy under an unpublished page is not). */
  const planted = () => {
    const inSnapshot = new Set(rows.map((r) => r.key));
    return records.filter(
      (r) => r.duplicateOf !== undefined && inSnapshot.has(r.key) && inSnapshot.has(r.duplicateOf.of),
    ) as Array<DemoRecord & { duplicateOf: { of: string; exact: boolean } }>;
  };

  it('plants both kinds, in numbers worth measuring', () => {
    const all = planted();
    assert.ok(all.filter((r) => r.duplicateOf.exact).length >= 8, `${all.length} planted`);
    assert.ok(all.filter((r) => !r.duplicateOf.exact).length >= 8, `${all.length} planted`);
  });

  it('finds every exact copy, and nothing else, as a copy of the first of the two in the snapshot', () => {
    const expected = new Set(
      planted()
        .filter((r) => r.duplicateOf.exact)
        .map((r) => pair(r.key, r.duplicateOf.of)),
    );
    const found = rows.filter((r) => r.duplicateOf !== null);
    assert.deepEqual(new Set(found.map((r) => pair(r.key, r.duplicateOf as string))), expected);
    const order = new Map(rows.map((r, i) => [r.key, i]));
    for (const r of found) assert.ok((order.get(r.duplicateOf as string) ?? Infinity) < (order.get(r.key) ?? 0), r.key);
  });

  it('groups near copies with their originals: precision ≥ 0.95, recall ≥ 0.9', () => {
    const truth = new Set(planted().map((r) => pair(r.key, r.duplicateOf.of)));
    const groups = new Map<number, string[]>();
    for (const r of rows)
      if (r.nearDuplicateGroup !== null)
        groups.set(r.nearDuplicateGroup, [...(groups.get(r.nearDuplicateGroup) ?? []), r.key]);
    const found = new Set<string>();
    for (const keys of groups.values())
      for (let i = 0; i < keys.length; i++)
        for (let j = i + 1; j < keys.length; j++) found.add(pair(keys[i] as string, keys[j] as string));
    const hits = [...found].filter((p) => truth.has(p)).length;
    const precision = found.size === 0 ? 0 : hits / found.size;
    const recall = hits / truth.size;
    assert.ok(precision >= 0.95, `precision ${precision} (${hits} of ${found.size} found pairs planted)`);
    assert.ok(recall >= 0.9, `recall ${recall} (${hits} of ${truth.size} planted pairs found)`);
  });

  it('never calls items duplicates for sharing a name', () => {
    const copies = new Set(planted().flatMap((r) => [r.key, r.duplicateOf.of]));
    const byName = new Map<string, Row[]>();
    for (const r of rows) byName.set(`${r.type} ${r.name}`, [...(byName.get(`${r.type} ${r.name}`) ?? []), r]);
    const shared = [...byName.values()].filter((list) => list.length > 1).flat();
    assert.ok(shared.length >= 10, `${shared.length} items share a name with another of their type`);
    for (const r of shared)
      if (!copies.has(r.key)) assert.deepEqual([r.duplicateOf, r.nearDuplicateGroup], [null, null], r.name);
  });
});
