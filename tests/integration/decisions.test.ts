/**
 * Decisions by GUID across two snapshots of a shared database copy: a decision for every published document of the
 * older copy (keys by SQL), then a newer copy where items were moved, renamed, unpublished and trashed. Every
 * decision whose item is still published attaches to it in both snapshots (100 %, same disposition); the unpublished
 * and the trashed item's decisions are listed as orphaned with what became of them; items updated after decided-at
 * are marked; in the redirect map, items decided `delete` answer 410 and a merged item redirects to its target's
 * URL. Expectations come from SQL. A malformed or missing file stops the build step with exit 11; an unusable row is
 * a warning with line and column.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { writeDecisions } from '../../src/lib/site-data/derive/decisions-data.ts';
import { applyDecisions } from '../../scripts/pipeline/decisions-step.ts';
import { BUILD_EXIT_CODES } from '../../scripts/pipeline/build-errors.ts';
import { parseCsv } from '../../src/lib/csv.ts';
import { applyNewerEdits, editedCopy, planEdits, type PlannedEdits } from '../support/diff-database-edits.ts';
import { openForOracle } from '../support/shared-databases.ts';

type Row = Record<string, string>;
const DISPOSITIONS = ['keep', 'rewrite', 'archive', 'delete'];

/** Published, not trashed, and no unpublished ancestor: what a published snapshot holds. */
const PUBLISHED = `SELECT lower(n.uniqueId) AS key FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
  WHERE n.trashed = 0 AND d.published = 1 AND NOT EXISTS (
    SELECT 1 FROM umbracoNode a JOIN umbracoDocument ad ON ad.nodeId = a.id
    WHERE a.id <> n.id AND (',' || n.path || ',') LIKE ('%,' || a.id || ',%') AND ad.published = 0)
  ORDER BY n.id`;
const published = (db: DatabaseSync): string[] =>
  db
    .prepare(PUBLISHED)
    .all()
    .map((r) => String(r.key));

async function derive(db: string, out: string, decisions: string): Promise<Row[][]> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli(['--quiet', '--db', db, '--out', out], {}, { stdout: sink, stderr: sink });
  assert.equal(code, 0, output);
  await prepareSiteData(out, `${out}-data`);
  await writeDecisions(`${out}-data`, decisions);
  return Promise.all(['decisions', 'decisions-orphaned'].map((name) => readRows(`${out}-data`, name)));
}

async function readRows(siteData: string, name: string): Promise<Row[]> {
  const text = await readFile(path.join(siteData, 'downloads', `${name}.csv`), 'utf8');
  const [header = [], ...rows] = parseCsv(text).filter((r) => r.length > 1);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

describe('decisions re-attach by key across snapshots', () => {
  let work: string;
  before(async () => (work = await mkdtemp(path.join(tmpdir(), 'decisions-'))));
  after(() => rm(work, { recursive: true, force: true }));

  it('attaches every decision of a still published item, and lists the unpublished and trashed ones', async () => {
    let plan: PlannedEdits | undefined;
    const older = await editedCopy(path.join(work, 'older.db'), (db) => void (plan = planEdits(db)));
    assert.ok(plan);
    const { removed, renamed } = plan;
    const decided = new Map(published(openForOracle(older)).map((key, i) => [key, DISPOSITIONS[i % 4] ?? 'keep']));
    // The last item merges into the first (the home page, which no edit touches).
    const keys = [...decided.keys()];
    const [home = '', merged = ''] = [keys[0], keys.at(-1)];
    assert.ok(home && merged && home !== merged);
    decided.set(merged, `merge-into:${home}`);
    // The trashed item: a published leaf that is none of the planned edits.
    const edited = new Set([plan.added, plan.removed, plan.moved.key, plan.renamed.key, home, merged]);
    let trashed = '';
    const newer = await editedCopy(path.join(work, 'newer.db'), (db) => {
      applyNewerEdits(db, plan!);
      const leaf = db
        .prepare(
          `SELECT n.id, lower(n.uniqueId) AS key FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
           WHERE n.trashed = 0 AND d.published = 1 AND n.level > 1
             AND NOT EXISTS (SELECT 1 FROM umbracoNode c WHERE c.parentId = n.id) ORDER BY n.id DESC`,
        )
        .all()
        .find((r) => !edited.has(String(r.key)) && decided.has(String(r.key)));
      assert.ok(leaf);
      trashed = String(leaf.key);
      db.prepare('UPDATE umbracoNode SET trashed = 1, parentId = -20 WHERE id = ?').run(Number(leaf.id));
    });
    const csv = path.join(work, 'decisions.csv');
    const decidedAt = (i: number) => (i % 2 === 0 ? '2000-01-01' : '2999-12-31');
    const lines = [...decided].map(
      ([key, d], i) => `${i % 3 === 0 ? key.toUpperCase() : key},${d},,team,,,${decidedAt(i)}`,
    );
    await writeFile(csv, `key,disposition,target type,owner,priority,note,decided-at\n${lines.join('\n')}\n`);

    const stillPublished = new Set(published(openForOracle(newer)));
    for (const key of [plan.moved.key, plan.renamed.key]) assert.ok(stillPublished.has(key), key);
    for (const [name, db] of [
      ['older', older],
      ['newer', newer],
    ] as const) {
      const [rows = [], orphaned = []] = await derive(db, path.join(work, name), csv);
      const live = name === 'older' ? new Set(decided.keys()) : stillPublished;
      const expected = [...decided].filter(([key]) => live.has(key));
      const attached = expected.filter(
        ([key, d]) => rows.find((r) => r.key === key)?.disposition === d.replace(/:.*/, ''),
      );
      assert.equal(attached.length, expected.length, `${name}: every decision of a published item attaches`);
      assert.ok(rows.filter((r) => r.disposition !== 'undecided').every((r) => decided.has(r.key ?? '')));
      // Every item was last updated after 2000 and before 2999 (its updateDate in the database); without --history
      // no change list reaches back to 2000, so an item updated since is `unknown`, never `yes`.
      const changed = expected.map(([key]) => rows.find((r) => r.key === key)?.changedSinceDecided);
      assert.deepEqual(
        changed,
        expected.map(([key]) => (keys.indexOf(key) % 2 === 0 ? 'unknown' : 'no')),
      );
      const gone = [...decided.keys()].filter((key) => !live.has(key)).sort();
      assert.equal(gone.length, name === 'older' ? 0 : 2);
      assert.deepEqual(orphaned.map((o) => o.key).sort(), gone, `${name}: orphaned decisions`);
      if (name === 'newer') {
        assert.equal(orphaned.find((o) => o.key === trashed)?.state, 'trashed');
        assert.equal(orphaned.find((o) => o.key === removed)?.state, 'unpublished');
        assert.equal(rows.find((r) => r.key === renamed.key)?.name, renamed.to);
        const redirects = await readRows(path.join(work, `${name}-data`), 'redirects');
        const live = (key: string) => redirects.filter((r) => r.source === 'live' && r.key === key);
        const deleted = [...decided].filter(([key, d]) => d === 'delete' && stillPublished.has(key));
        assert.ok(deleted.length > 0);
        for (const [key] of deleted) assert.deepEqual([...new Set(live(key).map((r) => r.status))], ['410'], key);
        assert.ok(live(home).length > 0 && live(merged).length > 0);
        for (const r of live(merged)) {
          const sameLanguage = live(home).find((t) => t.culture === r.culture);
          assert.ok(sameLanguage, `the merge target has a URL in ${r.culture}`);
          assert.equal(r.target_url, sameLanguage.current_url, r.culture);
        }
      }
    }
  });

  it('stops the build step with exit 11 on a malformed or missing file, and warns of each unusable row', async () => {
    const data = path.join(work, 'older-data');
    const bad = path.join(work, 'bad.csv');
    await writeFile(bad, 'key,disposition\n0bff89b9-7876-4f72-b0d9-177b1c0e454d,keep\nx,ke"ep\n');
    const warnings: string[] = [];
    await assert.rejects(
      applyDecisions({ decisionsFile: bad }, data, (l) => warnings.push(l)),
      {
        exitCode: BUILD_EXIT_CODES.decisions,
        message: 'the decisions or rules file could not be used: bad.csv:3:5: a quote inside an unquoted cell',
      },
    );
    await assert.rejects(
      applyDecisions({ decisionsFile: path.join(work, 'none.csv') }, data, () => undefined),
      {
        exitCode: BUILD_EXIT_CODES.decisions,
      },
    );
    await writeFile(bad, 'key,disposition\nnot-a-key,keep\n');
    const meta = await applyDecisions({ decisionsFile: bad }, data, (l) => warnings.push(l));
    assert.deepEqual(warnings, ['warning: bad.csv:2:1: key "not-a-key" is not a GUID: row not used']);
    assert.equal(meta.problems.length, 1);
  });

  it('rules: first match wins, a decision overrides a rule, a rule matching nothing and a bad rule are listed', async () => {
    const data = path.join(work, 'older-data');
    const db = openForOracle(path.join(work, 'older.db'));
    const ofType = (alias: string) =>
      db
        .prepare(
          `SELECT key FROM (${PUBLISHED}) WHERE key IN (SELECT lower(n.uniqueId) FROM umbracoNode n
          JOIN umbracoContent c ON c.nodeId = n.id JOIN cmsContentType t ON t.nodeId = c.contentTypeId
          WHERE t.alias = ?)`,
        )
        .all(alias)
        .map((r) => String(r.key))
        .sort();
    const [people, blogs] = [ofType('person'), ofType('blogs')];
    assert.ok(people.length > 1 && blogs.length > 0);
    const [overridden = ''] = people;
    const rules = path.join(work, 'rules.yaml');
    await writeFile(
      rules,
      [
        '- name: people',
        '  disposition: archive',
        '  type: person',
        '- disposition: rewrite',
        '  type: [person, blogs]',
        '- disposition: delete',
        '  type: noSuchType',
        '- disposition: destroy',
        '  type: blogs',
      ].join('\n'),
    );
    const decisions = path.join(work, 'override.csv');
    await writeFile(decisions, `key,disposition\n${overridden},keep\n`);
    const warnings: string[] = [];
    await applyDecisions({ decisionsFile: decisions, rulesFile: rules }, data, (l) => warnings.push(l));
    const rows = await readRows(data, 'decisions');
    const by = (disposition: string) =>
      rows
        .filter((r) => r.disposition === disposition)
        .map((r) => r.key)
        .sort();
    assert.deepEqual(by('archive'), people.slice(1));
    assert.deepEqual(by('rewrite'), blogs);
    assert.deepEqual(by('keep'), [overridden]);
    assert.equal(rows.length - by('undecided').length, people.length + blogs.length);
    assert.ok(rows.filter((r) => r.disposition === 'archive').every((r) => r.origin === 'rule 1 (people)'));
    assert.ok(rows.filter((r) => r.disposition === 'rewrite').every((r) => r.origin === 'rule 2'));
    assert.deepEqual(warnings, [
      'warning: rules.yaml:8:16: rule 4: unknown disposition "destroy" (keep, rewrite, merge-into:<key>, archive or ' +
        'delete): rule not used',
      'warning: rules.yaml:6: rule 3 matches no item',
    ]);
  });
});
