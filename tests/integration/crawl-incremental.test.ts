/**
 * `--since-snapshot`: after a few items change in a copy of a shared database, only those are fetched again,
 * a removed item disappears, and the result equals a full crawl of the changed database.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startReadService } from '../../scripts/source/server.ts';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { getManifest, iterateIndex, type IndexEntry, type ItemKind } from '../../scripts/core/snapshot-format.ts';
import { startFaultSource } from '../support/fault-source.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const KEY = 'incremental-test-key';
const QUIET = ['--quiet', '--retries', '1', '--retry-base-ms', '1'];

async function crawlInto(source: string, out: string, extra: string[] = []): Promise<void> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli(
    [...QUIET, '--source', source, '--out', out, ...extra],
    { SNAPSHOT_API_KEY: KEY },
    { stdout: sink, stderr: sink },
  );
  assert.equal(code, 0, output);
}

async function listIndex(dir: string, kind: ItemKind): Promise<IndexEntry[]> {
  const entries: IndexEntry[] = [];
  for await (const entry of iterateIndex(dir, kind)) entries.push(entry);
  return entries;
}

async function dataChecksums(dir: string): Promise<Record<string, string>> {
  const { files } = await getManifest(dir);
  return Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => name !== 'report.json')
      .map(([name, file]) => [name, file.sha256]),
  );
}

/** Publishing writes a new published version, so its versionDate is the item's updateDate (schema guide §2.1). */
function changeCopy(
  file: string,
  changes: { touched: number; renamed: number; unpublished: number; media: number },
): void {
  const db = new DatabaseSync(file);
  try {
    const published =
      'SELECT v.id FROM umbracoContentVersion v JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published ' +
      '= 1 WHERE v.nodeId = ?';
    db.prepare(`UPDATE umbracoContentVersion SET versionDate = '2031-02-03 04:05:06' WHERE id IN (${published})`).run(
      changes.touched,
    );
    db.prepare(`UPDATE umbracoContentVersion SET text = 'Renamed by the test' WHERE id IN (${published})`).run(
      changes.renamed,
    );
    db.prepare('UPDATE umbracoDocument SET published = 0 WHERE nodeId = ?').run(changes.unpublished);
    db.prepare(
      `UPDATE umbracoContentVersion SET versionDate = '2031-02-03 04:05:06' WHERE nodeId = ? AND "current" = 1`,
    ).run(changes.media);
  } finally {
    db.close();
  }
}

test('an incremental crawl fetches only new or changed items and drops removed ones', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'crawl-incremental-'));
  try {
    const copy = path.join(work, 'site.db');
    await copyFile(sharedDatabase('umbraco_umbraco.commerce.demostore_15.x.db'), copy);
    const base = path.join(work, 'base');
    const original = await startReadService({ dbPath: copy, apiKey: KEY });
    try {
      await crawlInto(original.url, base);
    } finally {
      await original.close();
    }

    const leaves = (await listIndex(base, 'content')).filter((entry) => entry.childCount === 0 && entry.level >= 3);
    const [touched, renamed, unpublished] = leaves.map((entry) => entry.id);
    const media = (await listIndex(base, 'media')).find((entry) => entry.childCount === 0)?.id;
    assert.ok(touched && renamed && unpublished && media);
    changeCopy(copy, { touched, renamed, unpublished, media });

    const changed = await startReadService({ dbPath: copy, apiKey: KEY });
    const counting = await startFaultSource({ target: changed.url });
    try {
      const next = path.join(work, 'next');
      await cp(base, next, { recursive: true });
      await crawlInto(counting.url, next, ['--since-snapshot', next]);
      // A request above the item's own level asks for a window of its tree, needed whatever changed; its answer is
      // also the item, so a changed item may come that way instead of alone.
      const levels = new Map<string, number>();
      for (const kind of ['content', 'media'] as const)
        for (const entry of await listIndex(base, kind)) levels.set(`${kind}:${entry.id}`, entry.level);
      const byId = counting.requests.filter((request) => /^Get(Content|Media)ById$/.test(request.operation));
      const isWindow = (request: (typeof byId)[number]): boolean => {
        const kind = request.operation === 'GetMediaById' ? 'media' : 'content';
        return Number(request.query.get('maxLevel')) > (levels.get(`${kind}:${request.query.get('id')}`) ?? 0);
      };
      const idOf = (request: (typeof byId)[number]): number => Number(request.query.get('id'));
      const alone = byId.filter((request) => !isWindow(request)).map(idOf);
      const windows = new Set(byId.filter(isWindow).map(idOf));
      const changedIds = [touched, renamed, media];
      assert.deepEqual(
        alone.sort(),
        changedIds.filter((id) => !windows.has(id)).sort(),
        'only the changed items were fetched alone',
      );

      const manifest = await getManifest(next);
      assert.equal(manifest.reused, manifest.counts.content + manifest.counts.media - 3);
      const content = await listIndex(next, 'content');
      assert.ok(!content.some((entry) => entry.id === unpublished), 'the unpublished item is gone');
      assert.equal(content.find((entry) => entry.id === renamed)?.name, 'Renamed by the test');

      const full = path.join(work, 'full');
      await crawlInto(changed.url, full);
      assert.deepEqual(await dataChecksums(next), await dataChecksums(full), 'same data as a full crawl');

      const fallback = path.join(work, 'fallback');
      await crawlInto(changed.url, fallback, ['--since-snapshot', path.join(work, 'missing')]);
      const warnings = (await getManifest(fallback)).warnings.map((warning) => warning.code);
      assert.deepEqual(warnings, ['previous-snapshot-unusable']);
    } finally {
      await counting.close();
      await changed.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
