/**
 * "Changed since decided" over simulated nights: three crawls of one shared database copy kept with `--history`, a
 * red night between the second and the third (a crawl that fails and replaces nothing), and edits made here between
 * them. Decisions dated between the second and the third night mark exactly the items whose values or name this test
 * changed after that time (with the aliases it changed), not an item changed before it, nor one whose update date
 * alone moved; decisions older than every kept snapshot are `unknown` unless a kept night saw a change.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import type { BuildConfig } from '../../scripts/pipeline/build-config.ts';
import { writeChanges } from '../../scripts/pipeline/changes-step.ts';
import { getManifest } from '../../scripts/core/snapshot-format.ts';
import { parseCsv } from '../../src/lib/csv.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { writeDecisions } from '../../src/lib/site-data/derive/decisions-data.ts';
import { APPEND_TO_BODY, PUBLISHED_VERSION, crawlNight, editDatabase, type Nights } from '../support/history-nights.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

type Row = Record<string, string>;
const OF_TYPE = `SELECT n.id, lower(n.uniqueId) AS key FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
  JOIN umbracoContent c ON c.nodeId = n.id JOIN cmsContentType t ON t.nodeId = c.contentTypeId
  WHERE n.trashed = 0 AND d.published = 1 AND t.alias = ? ORDER BY n.id`;
/** Appended to a blog's published bodyText (invariant rich text in this database). */
const EDIT = ' Edited on a night of the test.';

describe('changed since decided, over simulated nights', () => {
  let work: string;
  let db: string;
  const snapshot = () => path.join(work, 'snapshot');
  const history = () => path.join(work, 'history');

  const nights = (): Nights => ({ db, out: snapshot(), history: history(), keep: 3 });
  const night = (source?: string) => crawlNight(nights(), source);
  const edit = (change: (d: DatabaseSync) => void) => editDatabase(nights(), change);

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'changed-since-'));
    db = path.join(work, 'copy.db');
    await copyFile(sharedDatabase('tdufrane_searchcourse.db'), db);
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('marks the items whose values changed after decided-at, from the kept change lists', async () => {
    const read = new DatabaseSync(db, { readOnly: true });
    const blogs = read.prepare(OF_TYPE).all('blog') as Array<{ id: number; key: string }>;
    const people = read.prepare(OF_TYPE).all('person') as Array<{ id: number; key: string }>;
    read.close();
    const [before1, before2, after1, touched, renamed] = blogs;
    const [untouched, late] = people;
    assert.ok(before1 && before2 && after1 && touched && renamed && untouched && late, 'five blogs, two people');

    await night();
    edit((d) => {
      for (const item of [before1, before2]) assert.equal(d.prepare(APPEND_TO_BODY).run(EDIT, item.id).changes, 1);
    });
    await night();
    const decidedAt = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = (await getManifest(snapshot())).finishedAt;
    assert.notEqual(await night(path.join(work, 'missing.db')), 0, 'the red night fails');
    assert.equal((await getManifest(snapshot())).finishedAt, before, 'the red night replaced nothing');
    edit((d) => {
      assert.equal(d.prepare(APPEND_TO_BODY).run(EDIT, after1.id).changes, 1);
      // Saved again without a change: only its update date moves.
      d.prepare(`UPDATE umbracoContentVersion SET versionDate = ? WHERE id IN (${PUBLISHED_VERSION})`).run(
        // Seconds later than the decision: the read service sends whole seconds.
        new Date(Date.parse(decidedAt) + 5000).toISOString().replace('T', ' ').replace('Z', ''),
        touched.id,
      );
      d.prepare(`UPDATE umbracoContentVersion SET text = 'Renamed on a night' WHERE id IN (${PUBLISHED_VERSION})`).run(
        renamed.id,
      );
      d.prepare("UPDATE umbracoNode SET text = 'Renamed on a night' WHERE id = ?").run(renamed.id);
    });
    await night();

    const index = (await readFile(path.join(snapshot(), 'content', 'index.ndjson'), 'utf8')).split('\n');
    const updated = JSON.parse(index.find((l) => l.includes(touched.key)) ?? '{}') as { updateDate?: string };
    assert.ok(
      Date.parse(updated.updateDate ?? '') > Date.parse(decidedAt),
      `its update date is after the decision: ${updated.updateDate} ${decidedAt}`,
    );
    const data = path.join(work, 'data');
    const current = { dir: snapshot(), manifest: await getManifest(snapshot()) };
    await prepareSiteData(snapshot(), data, { historyDir: history() });
    await writeChanges({ historyDir: history() } as BuildConfig, current, data);
    const csv = path.join(work, 'decisions.csv');
    const decided = [
      [before1.key, decidedAt],
      [before2.key, '2000-01-01'],
      [after1.key, decidedAt],
      [touched.key, decidedAt],
      [renamed.key, decidedAt],
      [untouched.key, '2000-01-01'],
      [late.key, '2999-12-31'],
    ];
    await writeFile(csv, `key,disposition,decided-at\n${decided.map(([k, at]) => `${k},keep,${at}`).join('\n')}\n`);
    await writeDecisions(data, csv);
    const [header = [], ...body] = parseCsv(
      (await readFile(path.join(data, 'downloads', 'decisions.csv'), 'utf8')).replace(/^\uFEFF/, ''),
    ).filter((r) => r.length > 1);
    const rows: Row[] = body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
    const of = (key: string) => {
      const row = rows.find((r) => r.key === key);
      return [row?.changedSinceDecided, row?.changedProperties];
    };
    assert.deepEqual(of(before1.key), ['no', ''], 'changed before its decision');
    assert.deepEqual(of(before2.key), ['yes', 'bodyText'], 'changed on a kept night after 2000');
    assert.deepEqual(of(after1.key), ['yes', 'bodyText'], 'changed after its decision');
    assert.deepEqual(of(touched.key), ['no', ''], 'only its update date moved');
    assert.deepEqual(of(renamed.key), ['yes', 'name'], 'renamed after its decision');
    assert.deepEqual(of(untouched.key), ['unknown', ''], 'decided before every kept snapshot, updated since');
    assert.deepEqual(of(late.key), ['no', ''], 'not updated since its decision');
    const seen = rows.find((r) => r.key === after1.key)?.changedAt;
    assert.equal(seen, current.manifest.finishedAt, 'seen in the third night');
    assert.equal(rows.find((r) => r.key === before2.key)?.changedAt, before, 'seen in the second night');
  });
});
