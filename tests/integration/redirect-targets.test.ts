/**
 * `target_url` in the redirect map from the decisions and the mapping workbook, on a crawl of a shared database: a
 * type whose Types row in the mapping workbook has a URL as target sends the old URLs of its items there; a decision's
 * own target URL wins over it; a decision to merge sends them to the target item's URL; a type target that is a type
 * name is no URL; a target URL that is neither a path nor http(s) is a warning with line and column. Items of each
 * type are counted by SQL here.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BuildConfig } from '../../scripts/pipeline/build-config.ts';
import { applyDecisions } from '../../scripts/pipeline/decisions-step.ts';
import { writeMapping } from '../../scripts/pipeline/mapping-step.ts';
import { parseCsv } from '../../src/lib/csv.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { crawl, mapping, openWorkbook } from '../support/mapping-workbook.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';

const DB = sharedDatabase('tdufrane_searchcourse.db');
const PUBLISHED_OF_TYPE = `SELECT lower(n.uniqueId) AS key FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
  JOIN umbracoContent c ON c.nodeId = n.id JOIN cmsContentType t ON t.nodeId = c.contentTypeId
  WHERE n.trashed = 0 AND d.published = 1 AND t.alias = ? ORDER BY n.id`;
type Row = Record<string, string>;

describe('redirect targets from the mapping and the decisions', () => {
  let work: string;
  before(async () => (work = await mkdtemp(path.join(tmpdir(), 'redirect-targets-'))));
  after(() => rm(work, { recursive: true, force: true }));

  it('fills target_url from a decision, a merge, or the mapping type target, in that order', async () => {
    const snapshot = path.join(work, 'snapshot');
    await crawl(DB, snapshot);
    const blank = path.join(work, 'mapping.xlsx');
    assert.equal((await mapping(['--snapshot', snapshot, '--out', blank])).code, 0);
    const workbook = await openWorkbook(blank);
    const types = workbook.getWorksheet('Types');
    assert.ok(types);
    const headers = (types.getRow(1).values as string[]).slice(1);
    const [alias, target] = [headers.indexOf('alias') + 1, headers.indexOf('target') + 1];
    types.eachRow((row, n) => {
      if (n === 1) return;
      const of = String(row.getCell(alias).value);
      if (of === 'person') row.getCell(target).value = '/people/';
      if (of === 'blog') row.getCell(target).value = 'Article'; // a type name: no URL
    });
    const filled = path.join(work, 'filled.xlsx');
    await workbook.xlsx.writeFile(filled);

    const db = openForOracle(DB);
    const keys = (type: string) =>
      db
        .prepare(PUBLISHED_OF_TYPE)
        .all(type)
        .map((r) => String(r.key));
    const [people, blogs, [home = '']] = [keys('person'), keys('blog'), keys('homePage')];
    const [own = '', merged = '', ...others] = people;
    assert.ok(others.length > 0 && blogs.length > 0 && home !== '');
    const data = path.join(work, 'data');
    await prepareSiteData(snapshot, data);
    await writeMapping({ mappingFile: filled } as BuildConfig, snapshot, data);
    const decisions = path.join(work, 'decisions.csv');
    await writeFile(
      decisions,
      [
        'key,disposition,target_url',
        `${own},rewrite,https://new.example/team/ann`,
        `${merged},merge-into:${home},`,
        `${others[0]},keep,javascript:alert(1)`,
      ].join('\n'),
    );
    const warnings: string[] = [];
    await applyDecisions({ decisionsFile: decisions }, data, (l) => warnings.push(l));
    assert.deepEqual(warnings, [
      'warning: decisions.csv:4:43: target-url "javascript:alert(1)" is not a path or an http(s) URL: ignored',
    ]);

    const [header = [], ...body] = parseCsv(
      (await readFile(path.join(data, 'downloads', 'redirects.csv'), 'utf8')).replace(/^\uFEFF/, ''),
    ).filter((r) => r.length > 1);
    const rows: Row[] = body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
    const live = (key: string) => rows.filter((r) => r.key === key && r.source === 'live');
    const targets = (key: string) => [...new Set(live(key).map((r) => r.target_url))];
    assert.deepEqual(targets(own), ['https://new.example/team/ann']);
    const homeUrls = new Set(live(home).map((r) => r.current_url));
    assert.ok(targets(merged).length > 0 && targets(merged).every((t) => homeUrls.has(t ?? '')), 'merge target');
    for (const key of others) assert.deepEqual(targets(key), ['/people/'], key);
    for (const key of blogs) assert.deepEqual(targets(key), [''], key);
    const mapped = rows.filter((r) => r.target_url === '/people/' && r.source === 'live');
    assert.equal(new Set(mapped.map((r) => r.key)).size, people.length - 2, 'every other person, counted by SQL');
  });
});
