/**
 * A source mounted where the stock plugin is (`/umbraco/Limbo/Migrations/`, read-api.md): the crawl succeeds with
 * `--api-path` and with the full operations URL as `--source`, and at the default path it stops at the first root
 * call (exit 4, nothing written) with a message naming the stock plugin's paths.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { getManifest } from '../../scripts/core/snapshot-format.ts';
import { startReadService } from '../../scripts/source/server.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';
import { DOCUMENT } from '../support/umbraco-object-types.ts';

const DB = sharedDatabase('persteenolsen_umbraco-17-starter-one.db');
const KEY = 'Mounted-Elsewhere-Key';
const STOCK = '/umbraco/Limbo/Migrations/';

async function run(args: string[]): Promise<{ code: number; output: string }> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli([...args, '--quiet'], { SNAPSHOT_API_KEY: KEY }, { stdout: sink, stderr: sink });
  return { code, output };
}

function countPublishedDocuments(): number {
  const db = openForOracle(DB);
  try {
    const row = db
      .prepare(
        `SELECT count(*) AS n FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
         WHERE n.nodeObjectType = '${DOCUMENT}' AND n.trashed = 0 AND d.published = 1`,
      )
      .get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

test('a source at /umbraco/Limbo/Migrations/: --api-path and the full URL crawl it, the default path says where to look', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'crawl-api-path-'));
  const service = await startReadService({ dbPath: DB, flavor: 'plugin-v8', apiKey: KEY, apiPath: STOCK });
  try {
    const documents = countPublishedDocuments();
    const byFlag = path.join(work, 'by-flag');
    const flagged = await run(['--source', service.url, '--api-path', 'umbraco/Limbo/Migrations', '--out', byFlag]);
    assert.equal(flagged.code, 0, flagged.output);
    const manifest = await getManifest(byFlag);
    assert.equal(manifest.counts.content, documents);
    assert.deepEqual(manifest.source, { url: service.url, kind: 'http', apiPath: STOCK });

    const byUrl = path.join(work, 'by-url');
    const given = await run(['--source', `${service.url}/Umbraco/Limbo/Migrations/`, '--out', byUrl]);
    assert.equal(given.code, 0, given.output);
    assert.equal((await getManifest(byUrl)).counts.content, documents);

    const byDefault = path.join(work, 'by-default');
    const missed = await run(['--source', service.url, '--out', byDefault]);
    assert.equal(missed.code, 4, missed.output);
    assert.match(missed.output, /HTTP 404 .*\/cms\/Ext\/Migrations\/GetContentAtRoot/);
    assert.match(missed.output, /--api-path \/umbraco\/Limbo\/Migrations\//);
    assert.match(missed.output, /\/api\/limbo\/migrations\//);
    await assert.rejects(access(byDefault), 'nothing is written');
  } finally {
    await service.close();
    await rm(work, { recursive: true, force: true });
  }
});
