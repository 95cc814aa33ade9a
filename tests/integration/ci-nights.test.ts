/**
 * Each CI recipe in docs/ci/ run for three nights against a copy of a shared database that changes between nights,
 * each night in a fresh workspace with only the CI cache carried over (tests/support/ci/: the runners follow the
 * recipes' own steps; `npm run build` is the build's own snapshot step without the site). Night 2 brings content
 * model drift and must be red; night 3 must compare with night 2's snapshot, not night 1's, and be green. A source
 * URL variable left empty must fail the night with a message, never crawl the demo.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { startReadService } from '../../scripts/source/server.ts';
import { getManifest } from '../../scripts/core/snapshot-format.ts';
import type { SnapshotDiff } from '../../scripts/core/diff-format.ts';
import { sharedDatabase } from '../support/shared-databases.ts';
import { createCiCache, writeNpmStandIn } from '../support/ci/ci-shell.ts';
import { runGithubNight, type NightContext, type NightResult } from '../support/ci/github-night.ts';
import { runAzureNight } from '../support/ci/azure-night.ts';

const KEY = 'ci-nights-test-key';
const RECIPES = path.resolve(import.meta.dirname, '..', '..', 'docs', 'ci');
const SITE_URL = 'https://snapshots.example/cms';

const RECIPE_RUNS = [
  { name: 'GitHub Actions', file: 'github-actions-nightly.yml', run: runGithubNight },
  { name: 'Azure Pipelines', file: 'azure-pipelines.yml', run: runAzureNight },
];

const PUBLISHED = `SELECT v.id FROM umbracoContentVersion v
  JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published = 1 WHERE v.nodeId = ?`;

/** Content edits as Umbraco saves them (the published version gets a new date); `drift` adds a property type. */
function editSource(file: string, night: number, drift: boolean): void {
  const db = new DatabaseSync(file);
  try {
    const item = db
      .prepare(
        `SELECT n.id FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
        WHERE n.trashed = 0 AND d.published = 1 AND n.level = 2 ORDER BY n.sortOrder, n.id LIMIT 1 OFFSET ?`,
      )
      .get(night) as { id: number };
    db.prepare(`UPDATE umbracoContentVersion SET text = ?, versionDate = ? WHERE id IN (${PUBLISHED})`).run(
      `Renamed on night ${night}`,
      `2031-01-0${night} 02:17:00`,
      item.id,
    );
    db.prepare(`UPDATE umbracoContentVersionCultureVariation SET name = ? WHERE versionId IN (${PUBLISHED})`).run(
      `Renamed on night ${night}`,
      item.id,
    );
    if (drift) {
      const group = db.prepare('SELECT id, contenttypeNodeId FROM cmsPropertyTypeGroup ORDER BY id LIMIT 1').get() as {
        id: number;
        contenttypeNodeId: number;
      };
      db.prepare(
        `INSERT INTO cmsPropertyType (dataTypeId, contentTypeId, propertyTypeGroupId, Alias, Name, sortOrder, variations,
          UniqueID) VALUES (-88, ?, ?, 'addedOnNight2', 'Added on night 2', 99, 0, ?)`,
      ).run(group.contenttypeNodeId, group.id, randomUUID());
    }
  } finally {
    db.close();
  }
}

const failedSteps = (result: NightResult): string[] =>
  result.steps.filter((step) => step.outcome === 'failure').map((step) => step.name);

for (const recipe of RECIPE_RUNS) {
  describe(`${recipe.name}: three nights, the second red`, () => {
    let work: string;
    let database: string;
    let context: Omit<NightContext, 'workspace' | 'runId' | 'vars'>;

    async function night(runId: string, vars: Record<string, string>): Promise<[NightResult, string]> {
      const workspace = path.join(work, `night-${runId}`);
      await mkdir(workspace);
      const service = await startReadService({ dbPath: database, apiKey: KEY });
      try {
        const all = { SNAPSHOT_SOURCE_URL: service.url, SNAPSHOT_SITE_URL: SITE_URL, ...vars };
        return [
          await recipe.run(path.join(RECIPES, recipe.file), { ...context, workspace, runId, vars: all }),
          workspace,
        ];
      } finally {
        await service.close();
      }
    }

    before(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'ci-nights-'));
      database = path.join(work, 'site.db');
      await copyFile(sharedDatabase('tdufrane_searchcourse.db'), database);
      const bin = await writeNpmStandIn(path.join(work, 'bin'));
      context = { bin, cache: createCiCache(path.join(work, 'cache')), secrets: { SNAPSHOT_API_KEY: KEY } };
    });
    after(() => rm(work, { recursive: true, force: true }));

    it('a source URL variable set but empty fails the night with a message and saves nothing', async () => {
      const [result] = await night('100', { SNAPSHOT_SOURCE_URL: '' });
      assert.equal(result.ok, false);
      const build = result.steps.find((step) => step.name === 'Snapshot and build the site');
      assert.equal(build?.outcome, 'failure');
      assert.match(build?.output ?? '', /SNAPSHOT_SOURCE_URL is set but empty/);
      assert.deepEqual(await context.cache.listKeys(), []);
    });

    it('night 3 compares with night 2 after night 2 went red on content model drift', async () => {
      const [first] = await night('101', {});
      assert.deepEqual(failedSteps(first), []);
      assert.equal(first.ok, true);
      assert.match(first.summary, /nothing to compare with/);

      editSource(database, 2, true);
      const [second, secondWorkspace] = await night('102', {});
      assert.equal(second.ok, false, 'schema drift makes the night red');
      assert.equal(failedSteps(second).length, 1);
      assert.match(failedSteps(second)[0] ?? '', /content model/i);
      assert.match(second.summary, /Content types changed/);
      assert.ok(second.summary.includes(`](${SITE_URL}/`), 'the summary links into the site');
      const secondSnapshot = await getManifest(path.join(secondWorkspace, '.cache', 'snapshot'));

      editSource(database, 3, false);
      const [third, thirdWorkspace] = await night('103', {});
      assert.deepEqual(failedSteps(third), []);
      assert.equal(third.ok, true);
      const changes = JSON.parse(await readFile(path.join(thirdWorkspace, 'changes.json'), 'utf8')) as SnapshotDiff;
      assert.equal(changes.from.finishedAt, secondSnapshot.finishedAt, 'night 3 compares with night 2');
      assert.deepEqual(
        changes.items.renamed.map((item) => item.to),
        ['Renamed on night 3'],
      );
      assert.deepEqual(changes.contentTypes.changed, []);
    });
  });
}
