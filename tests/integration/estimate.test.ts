/**
 * The effort estimate on a crawl of a shared database with rules deciding some types: every line's figure is its rate
 * (minutes from the test's own file; manual properties counted by SQL over the type and its compositions) times its
 * count, and that count is what the Decisions download shows for the line's link (and, summed per type and
 * language, what SQL counts of published documents); totals are the lines' sums per scenario. The same inputs give
 * the same bytes. Bad files stop the step with exit 12 naming file, line and column; names the snapshot lacks are
 * warnings with their line and column.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BUILD_EXIT_CODES } from '../../scripts/pipeline/build-errors.ts';
import { applyEstimate } from '../../scripts/pipeline/estimate-step.ts';
import { parseCsv } from '../../src/lib/csv.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { writeDecisions } from '../../src/lib/site-data/derive/decisions-data.ts';
import { crawl } from '../support/site-e2e.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';

const DB = sharedDatabase('tdufrane_searchcourse.db');
type Row = Record<string, string>;

const RULES = '- disposition: archive\n  type: person\n- disposition: delete\n  type: wiki\n';
const BASE: Record<string, number> = { person: 5, product: 45, blog: 12.5 };
const DEFAULT = 10;
const MANUAL_MINUTES = 3;
const MANUAL_EDITORS = ['Umbraco.BlockList', 'Umbraco.BlockGrid', 'Umbraco.TinyMCE'];
const FACTORS: Record<string, number> = { da: 0.5, es: 0.1 };
const ESTIMATE = `bands: { simple: 5, complex: 45 }
minutesPerItem:
  default: ${DEFAULT}
  person: simple
  product: complex
  blog: 12.5
  noSuchType: 3
  "__proto__\\u202Eevil": 3
minutesPerManualProperty: ${MANUAL_MINUTES}
manualProperties:
  editors: [${MANUAL_EDITORS.join(', ')}]
languageFactor:
  da: 0.5
  es: 0.1
`;

const MANUAL_SQL = `WITH RECURSIVE comp(id) AS (
    SELECT nodeId FROM cmsContentType WHERE alias = ?
    UNION SELECT c.parentContentTypeId FROM cmsContentType2ContentType c JOIN comp ON c.childContentTypeId = comp.id)
  SELECT count(DISTINCT pt.Alias) AS n FROM cmsPropertyType pt JOIN umbracoDataType dt ON dt.nodeId = pt.dataTypeId
  WHERE pt.contentTypeId IN (SELECT id FROM comp) AND dt.propertyEditorAlias IN (${MANUAL_EDITORS.map(() => '?').join(', ')})`;
const PUBLISHED_OF_TYPE = `SELECT n.id FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
  JOIN umbracoContent c ON c.nodeId = n.id JOIN cmsContentType t ON t.nodeId = c.contentTypeId
  WHERE n.trashed = 0 AND d.published = 1 AND t.alias = ?`;
const IN_LANGUAGE = `SELECT count(*) AS n FROM umbracoDocumentCultureVariation v JOIN umbracoLanguage l
  ON l.id = v.languageId WHERE v.published = 1 AND l.languageIsoCode = ? AND v.nodeId IN (${PUBLISHED_OF_TYPE})`;

const round = (n: number) => Math.round(n * 10_000) / 10_000;

async function readRows(file: string): Promise<Row[]> {
  const [header = [], ...rows] = parseCsv((await readFile(file, 'utf8')).replace(/^\uFEFF/, '')).filter(
    (r) => r.length > 1,
  );
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

describe('effort estimate', () => {
  let work: string;
  let data: string;
  let snapshot: string;
  const warnings: string[] = [];

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'estimate-'));
    snapshot = path.join(work, 'snapshot');
    await crawl(['--db', DB, '--out', snapshot], { SNAPSHOT_CACHE_DIR: path.join(work, 'cache') });
    data = path.join(work, 'data');
    await prepareSiteData(snapshot, data);
    await writeFile(path.join(work, 'rules.yaml'), RULES);
    await writeDecisions(data, undefined, path.join(work, 'rules.yaml'));
    await writeFile(path.join(work, 'estimate.yaml'), ESTIMATE);
    await applyEstimate({ estimateFile: path.join(work, 'estimate.yaml') }, snapshot, data, (l) => warnings.push(l));
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('makes every figure a rate times a count the Decisions download shows', async () => {
    const db = openForOracle(DB);
    const lines = await readRows(path.join(data, 'downloads', 'estimate.csv'));
    const decided = await readRows(path.join(data, 'downloads', 'decisions.csv'));
    const content = lines.filter((l) => l.kind === 'content');
    assert.ok(content.length > 5 && content.some((l) => l.language !== ''), 'lines for items and for languages');
    for (const line of lines) {
      const type = line.type ?? '';
      const manual = Number(db.prepare(MANUAL_SQL).get(type, ...MANUAL_EDITORS)?.n);
      const item = line.kind === 'content' ? (BASE[type] ?? DEFAULT) + manual * MANUAL_MINUTES : 0;
      const rate = round((line.language === '' ? 1 : (FACTORS[line.language ?? ''] ?? NaN)) * item);
      const link = new URLSearchParams((line.countLink ?? '').replace(/^inventories\/decisions\/\?/, ''));
      const shown = decided.filter(
        (r) =>
          r.kind === link.get('kind') &&
          r.type === link.get('type') &&
          r.root === link.get('root') &&
          r.disposition === link.get('disposition') &&
          (!link.has('languages') || (r.languages ?? '').split('; ').includes(link.get('languages') ?? '')),
      ).length;
      const what = `${type} ${line.root} ${line.disposition} ${line.language}`;
      assert.deepEqual(
        [link.get('type'), link.get('root'), link.get('disposition'), link.get('languages') ?? ''],
        [type, line.root, line.disposition, line.language],
        what,
      );
      assert.equal(Number(line.count), shown, `${what}: the count its link shows`);
      assert.equal(Number(line.rate), rate, `${what}: rate`);
      assert.equal(Number(line.minutes), round(rate * shown), `${what}: rate × count`);
    }
    for (const type of new Set(content.map((l) => l.type ?? ''))) {
      const ofType = content.filter((l) => l.type === type);
      const items = ofType.filter((l) => l.language === '').reduce((s, l) => s + Number(l.count), 0);
      assert.equal(items, db.prepare(PUBLISHED_OF_TYPE).all(type).length, `${type}: items by SQL`);
      for (const iso of Object.keys(FACTORS)) {
        const versions = ofType.filter((l) => l.language === iso).reduce((s, l) => s + Number(l.count), 0);
        assert.equal(versions, Number(db.prepare(IN_LANGUAGE).get(iso, type)?.n), `${type} in ${iso} by SQL`);
      }
      const dispositions = new Set(ofType.map((l) => l.disposition));
      const expected = type === 'person' ? 'archive' : type === 'wiki' ? 'delete' : 'undecided';
      assert.deepEqual([...dispositions], [expected], type);
    }
  });

  it('totals each scenario as the sum of its lines, per type, per root and overall', async () => {
    const lines = await readRows(path.join(data, 'downloads', 'estimate.csv'));
    const totals = await readRows(path.join(data, 'downloads', 'estimate-totals.csv'));
    const scenarios: Record<string, (l: Row) => boolean> = {
      all: () => true,
      'without archived and deleted': (l) => l.disposition !== 'archive' && l.disposition !== 'delete',
      'one language only': (l) => l.language === '',
      'one language, without archived and deleted': (l) =>
        l.language === '' && l.disposition !== 'archive' && l.disposition !== 'delete',
    };
    for (const [scenario, keep] of Object.entries(scenarios)) {
      const kept = lines.filter(keep);
      const sum = (ls: Row[]) => round(ls.reduce((s, l) => s + Number(l.minutes), 0));
      const total = totals.find((t) => t.scenario === scenario && t.scope === 'total');
      assert.equal(Number(total?.minutes), sum(kept), scenario);
      assert.equal(Number(total?.hours), Math.round((sum(kept) / 60) * 100) / 100, scenario);
      for (const t of totals.filter((x) => x.scenario === scenario && x.scope === 'type'))
        assert.equal(Number(t.minutes), sum(kept.filter((l) => l.type === t.name)), `${scenario} ${t.name}`);
      for (const t of totals.filter((x) => x.scenario === scenario && x.scope === 'root'))
        assert.equal(Number(t.minutes), sum(kept.filter((l) => l.root === t.name)), `${scenario} ${t.name}`);
    }
    const all = totals.find((t) => t.scenario === 'all' && t.scope === 'total');
    const fewer = totals.find(
      (t) => t.scenario === 'one language, without archived and deleted' && t.scope === 'total',
    );
    assert.ok(Number(all?.minutes) > Number(fewer?.minutes));
  });

  it('gives the same bytes for the same inputs', async () => {
    const files = ['estimate.csv', 'estimate.json', 'estimate-totals.csv', 'estimate-totals.json'];
    const read = (dir: string) => Promise.all(files.map((f) => readFile(path.join(dir, 'downloads', f))));
    const again = path.join(work, 'again');
    await prepareSiteData(snapshot, again);
    await writeDecisions(again, undefined, path.join(work, 'rules.yaml'));
    await applyEstimate({ estimateFile: path.join(work, 'estimate.yaml') }, snapshot, again, () => undefined);
    const [first, second] = [await read(data), await read(again)];
    files.forEach((f, i) => assert.ok(first[i]?.equals(second[i] as Buffer), f));
  });

  it('warns of names the snapshot lacks, and stops with exit 12 on a file it cannot use', async () => {
    assert.deepEqual(warnings, [
      'warning: estimate.yaml:7:3: type "noSuchType" is no type of this snapshot: its minutes count nothing',
      'warning: estimate.yaml:8:3: type "__proto__\\u202eevil" is no type of this snapshot: its minutes count nothing',
    ]);
    const bad = path.join(work, 'bad.yaml');
    const cases: Array<[string, string]> = [
      ['minutesPerItem:\n  person: [5\n', 'bad.yaml:3:1: '],
      ['minutesPerItem:\n  person: 5\nlanguageFactors:\n  da: 1\n', 'bad.yaml:3:1: unknown key "languageFactors"'],
      ['minutesPerItem:\n  person: -5\n', 'bad.yaml:2:11: person needs a number 0 or more'],
      ['minutesPerItem:\n  person: huge\n', 'bad.yaml:2:11: person: no band named "huge"'],
      ['manualProperties:\n  __proto__: [x]\n', 'bad.yaml:2:3: unknown key "__proto__" in manualProperties'],
      ['- 5\n', 'bad.yaml:1:1: an estimate file is a map'],
    ];
    for (const [text, message] of cases) {
      await writeFile(bad, text);
      await assert.rejects(
        applyEstimate({ estimateFile: bad }, snapshot, data, () => undefined),
        (error: { exitCode: number; message: string }) => {
          assert.equal(error.exitCode, BUILD_EXIT_CODES.estimate, text);
          assert.ok(error.message.startsWith(`the estimate file could not be used: ${message}`), error.message);
          return true;
        },
      );
    }
    await assert.rejects(
      applyEstimate({ estimateFile: path.join(work, 'none.yaml') }, snapshot, data, () => undefined),
      {
        exitCode: BUILD_EXIT_CODES.estimate,
      },
    );
  });
});
