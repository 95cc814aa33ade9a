/**
 * The crawler, through the CLI's `--db` (local read service on a free port), against each shared database.
 * Expectations come from SQL written here against the database, never from the crawler's own output.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import { demoDatabaseFile } from '../../scripts/source/local-source.ts';
import {
  findItem,
  getContentTypes,
  getManifest,
  getReport,
  iterateIndex,
  listDamagedFiles,
  type ItemKind,
  type ItemRecord,
} from '../../scripts/core/snapshot-format.ts';
import { readExpectations } from '../support/database-expectations.ts';
import { listSharedDatabases } from '../support/shared-databases.ts';

async function readSnapshot(dir: string, kind: ItemKind): Promise<Map<number, ItemRecord>> {
  const items = new Map<number, ItemRecord>();
  for await (const entry of iterateIndex(dir, kind)) {
    const item = await findItem(dir, entry);
    assert.ok(item, `${kind} ${entry.id} has its full item`);
    assert.equal(item.id, entry.id);
    items.set(entry.id, item);
  }
  return items;
}

const lowerKeys = (record: unknown): Map<string, { value?: unknown }> =>
  new Map(
    Object.entries((record ?? {}) as Record<string, { value?: unknown }>).map(([alias, property]) => [
      alias.toLowerCase(),
      property,
    ]),
  );

const sorted = (ids: Iterable<number>): number[] => [...ids].sort((a, b) => a - b);

/** Compares a finished snapshot with what the database says it must hold. */
async function assertHoldsDatabase(file: string, out: string): Promise<void> {
  const expected = readExpectations(file);
  const manifest = await getManifest(out);
  assert.equal(manifest.status, 'complete');
  assert.deepEqual(manifest.failures, []);
  assert.deepEqual(await listDamagedFiles(out, manifest), []);
  const onDisk = (await readdir(out, { recursive: true })).filter(
    (name) => /\.(ndjson|json)$/.test(name) && name !== 'manifest.json',
  );
  assert.deepEqual(onDisk.sort(), Object.keys(manifest.files).sort(), 'every data file is in the manifest');

  const content = await readSnapshot(out, 'content');
  const media = await readSnapshot(out, 'media');
  assert.deepEqual(sorted(content.keys()), sorted(expected.documents.keys()), 'published documents');
  assert.deepEqual(sorted(media.keys()), sorted(expected.media.keys()), 'media items');
  assert.equal(manifest.counts.content, content.size);
  assert.equal(manifest.counts.media, media.size);

  const types = await getContentTypes(out);
  // The local service lists every type (GetContentTypes), so unused ones are in the snapshot too.
  assert.deepEqual(manifest.interfaceVariant.contentTypeList, ['full']);
  assert.deepEqual(
    sorted(types.contentTypes.map((type) => type.id)),
    sorted(expected.docTypeIds),
    'every content type',
  );
  for (const id of expected.referencedTypes)
    assert.ok(
      types.contentTypes.some((type) => type.id === id),
      `referenced type ${id}`,
    );
  const unavailableKeys = types.unavailable.flatMap((entry) => (entry.key === undefined ? [] : [entry.key]));
  assert.deepEqual(unavailableKeys.sort(), [...expected.unknownKeys].sort(), 'block keys of deleted element types');
  assert.ok(types.unavailable.every((entry) => entry.reason === 'media-type' || entry.key !== undefined));

  for (const [id, cultures] of expected.cultures) {
    const served = Object.keys((content.get(id)?.cultures ?? {}) as object).map((iso) => iso.toLowerCase());
    assert.deepEqual(served.sort(), [...cultures].sort(), `published cultures of item ${id}`);
  }
  for (const [rows, items] of [
    [expected.documents, content],
    [expected.media, media],
  ] as const) {
    const byVersion = new Map([...rows.values()].map((row) => [row.versionId, row]));
    for (const [id, row] of rows) {
      const properties = lowerKeys(items.get(id)?.properties);
      assert.deepEqual(
        [...properties.keys()].sort(),
        [...expected.aliasesOf(row.typeId)].sort(),
        `properties of item ${id}`,
      );
    }
    for (const value of expected.values) {
      const row = byVersion.get(value.versionId);
      if (row === undefined) continue;
      const item = items.get(row.id) as ItemRecord;
      const cultures = item.cultures as Record<string, { properties: unknown }> | undefined;
      if (
        value.culture !== null &&
        cultures !== undefined &&
        !expected.cultures.get(row.id)?.has(value.culture.toLowerCase())
      )
        continue;
      const holder =
        value.culture === null || cultures === undefined ? item.properties : cultures[value.culture]?.properties;
      assert.notEqual(
        lowerKeys(holder).get(value.alias.toLowerCase())?.value ?? null,
        null,
        `item ${row.id} ${value.culture ?? ''} ${value.alias} has its stored value`,
      );
    }
  }
  assert.deepEqual((await getReport(out)).failures, []);
}

async function runQuiet(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli([...args, '--quiet'], env, { stdout: sink, stderr: sink });
  return { code, output };
}

for (const file of listSharedDatabases()) {
  test(`crawl of ${path.basename(file)} holds exactly its published documents, media and content types`, async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'crawl-db-'));
    try {
      const out = path.join(work, 'snapshot');
      const run = await runQuiet(['--db', file, '--out', out]);
      assert.equal(run.code, 0, run.output);
      await assertHoldsDatabase(file, out);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
}

test('the embedded default generates a demo database once into the cache and crawls it', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'crawl-demo-'));
  try {
    const env = { SNAPSHOT_CACHE_DIR: path.join(work, 'cache') };
    const out = path.join(work, 'snapshot');
    const first = await runQuiet(['--out', out, '--demo-items', '300'], env);
    assert.equal(first.code, 0, first.output);
    assert.match(first.output, /generating a demo database \(300 items, seed 1\)/);
    const database = demoDatabaseFile(env.SNAPSHOT_CACHE_DIR, 300, 1);
    await assertHoldsDatabase(database, out);
    const manifest = await getManifest(out);
    assert.deepEqual(manifest.source.kind, 'demo');
    assert.equal(manifest.source.database, 'demo-300-1.db');
    const again = await runQuiet(['--out', out, '--demo-items', '300'], env);
    assert.equal(again.code, 0, again.output);
    assert.doesNotMatch(again.output, /generating/, 'the cached database is reused');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
