/**
 * The crawler, through the CLI's `--db` (local read service on a free port), against each shared database.
 * Expectations come from SQL written here against the database, never from the crawler's own output.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { runSnapshot } from '../../scripts/commands/snapshot.ts';
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
import { listSharedDatabases, openForOracle } from '../support/shared-databases.ts';

const DOCUMENT = 'C66BA18E-EAF3-4CFF-8A22-41B16D66A972';
const MEDIA = 'B796F64C-1F99-4FFB-B886-4BF4BC011A9C';
const DOCUMENT_TYPE = 'A2CB7800-F571-4787-9638-BC48539A0EFB';

/**
 * Published view (schema guide §2.1): not trashed, published, and for variant documents the default culture
 * published.
 */
const PUBLISHED_DOCUMENTS = `
  SELECT n.id, n.parentId, c.contentTypeId AS typeId, pv.id AS versionId
  FROM umbracoNode n
  JOIN umbracoDocument d ON d.nodeId = n.id AND d.published = 1
  JOIN umbracoContent c ON c.nodeId = n.id
  JOIN umbracoContentVersion pv ON pv.nodeId = n.id
  JOIN umbracoDocumentVersion dv ON dv.id = pv.id AND dv.published = 1
  WHERE n.nodeObjectType = '${DOCUMENT}' AND n.trashed = 0
    AND (NOT EXISTS (SELECT 1 FROM umbracoDocumentCultureVariation v WHERE v.nodeId = n.id)
      OR EXISTS (SELECT 1 FROM umbracoDocumentCultureVariation v JOIN umbracoLanguage l ON l.id = v.languageId
                 WHERE v.nodeId = n.id AND l.isDefaultVariantLang = 1 AND v.published = 1))
  ORDER BY n.level, n.sortOrder`;
/** Media have no published flag: the current version of every media item that is not in the bin. */
const MEDIA_ITEMS = `
  SELECT n.id, n.parentId, c.contentTypeId AS typeId, cv.id AS versionId
  FROM umbracoNode n
  JOIN umbracoContent c ON c.nodeId = n.id
  JOIN umbracoContentVersion cv ON cv.nodeId = n.id AND cv.current = 1
  WHERE n.nodeObjectType = '${MEDIA}' AND n.trashed = 0
  ORDER BY n.level, n.sortOrder`;
const DOCUMENT_TYPES =
  `SELECT n.id, lower(n.uniqueId) AS key, ct.alias FROM umbracoNode n JOIN cmsContentType ` +
  `ct ON ct.nodeId = n.id WHERE n.nodeObjectType = '${DOCUMENT_TYPE}'`;
/** Compositions and inheritance both live in cmsContentType2ContentType. */
const COMPOSITIONS =
  'SELECT childContentTypeId AS child, parentContentTypeId AS parent FROM cmsContentType2ContentType';
const ALLOWED_CHILDREN = 'SELECT Id AS parent, AllowedId AS child FROM cmsContentTypeAllowedContentType';
const PROPERTY_TYPES = 'SELECT contentTypeId, Alias AS alias FROM cmsPropertyType';
const PUBLISHED_CULTURES = `
  SELECT v.nodeId, l.languageISOCode AS iso FROM umbracoDocumentCultureVariation v
  JOIN umbracoLanguage l ON l.id = v.languageId WHERE v.published = 1`;
/** Umbraco writes no row for an empty value, so every row here is a value the item must carry. */
const STORED_VALUES = `
  SELECT pd.versionId, pt.Alias AS alias, l.languageISOCode AS culture, pd.textValue
  FROM umbracoPropertyData pd
  JOIN cmsPropertyType pt ON pt.id = pd.propertyTypeId
  LEFT JOIN umbracoLanguage l ON l.id = pd.languageId
  WHERE pd.segment IS NULL`;

interface ItemRow {
  id: number;
  parentId: number;
  typeId: number;
  versionId: number;
}
type Rows<T> = T[];

function all<T>(db: DatabaseSync, sql: string): Rows<T> {
  return db.prepare(sql).all() as unknown as Rows<T>;
}

/** Items the tree can reach: a published item under an unpublished parent is not routed, so not served. */
function reachable(rows: ItemRow[]): Map<number, ItemRow> {
  const kept = new Map<number, ItemRow>();
  for (const row of rows) if (row.parentId === -1 || kept.has(row.parentId)) kept.set(row.id, row);
  return kept;
}

function closure(start: Iterable<number>, edges: Array<{ from: number; to: number }>): Set<number> {
  const next = new Map<number, number[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const seen = new Set<number>();
  const queue = [...start];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(next.get(id) ?? []));
  }
  return seen;
}

function readExpectations(file: string) {
  const db = openForOracle(file);
  try {
    const documents = reachable(all<ItemRow>(db, PUBLISHED_DOCUMENTS));
    const media = reachable(all<ItemRow>(db, MEDIA_ITEMS));
    const types = all<{ id: number; key: string; alias: string }>(db, DOCUMENT_TYPES);
    const compositions = all<{ child: number; parent: number }>(db, COMPOSITIONS).map(({ child, parent }) => ({
      from: child,
      to: parent,
    }));
    const allowed = all<{ parent: number; child: number }>(db, ALLOWED_CHILDREN).map(({ parent, child }) => ({
      from: parent,
      to: child,
    }));
    const propertyTypes = all<{ contentTypeId: number; alias: string }>(db, PROPERTY_TYPES);
    const values = all<{ versionId: number; alias: string; culture: string | null; textValue: string | null }>(
      db,
      STORED_VALUES,
    );
    const publishedVersions = new Set([...documents.values()].map((row) => row.versionId));
    const typeByKey = new Map(types.map((type) => [type.key, type.id]));
    const typeByAlias = new Map(types.map((type) => [type.alias.toLowerCase(), type.id]));
    const used = new Set([...documents.values()].map((row) => row.typeId));
    const unknownKeys = new Set<string>();
    for (const value of values) {
      if (!publishedVersions.has(value.versionId) || value.textValue === null) continue;
      for (const match of value.textValue.matchAll(/"contentTypeKey"\s*:\s*"([0-9a-fA-F-]{36})"/g)) {
        const key = (match[1] as string).toLowerCase();
        const id = typeByKey.get(key);
        if (id === undefined) unknownKeys.add(key);
        else used.add(id);
      }
      for (const match of value.textValue.matchAll(/"ncContentTypeAlias"\s*:\s*"([^"]+)"/g)) {
        const id = typeByAlias.get((match[1] as string).toLowerCase());
        if (id !== undefined) used.add(id);
      }
    }
    const docTypeIds = new Set(types.map((type) => type.id));
    const referencedTypes = new Set(
      [...closure(used, [...compositions, ...allowed])].filter((id) => docTypeIds.has(id)),
    );
    const aliasesOf = (typeId: number): Set<string> => {
      const own = closure([typeId], compositions);
      return new Set(propertyTypes.filter((row) => own.has(row.contentTypeId)).map((row) => row.alias.toLowerCase()));
    };
    const cultures = new Map<number, Set<string>>();
    for (const row of all<{ nodeId: number; iso: string }>(db, PUBLISHED_CULTURES)) {
      if (documents.has(row.nodeId))
        cultures.set(row.nodeId, (cultures.get(row.nodeId) ?? new Set()).add(row.iso.toLowerCase()));
    }
    return { documents, media, docTypeIds, referencedTypes, unknownKeys, aliasesOf, values, cultures };
  } finally {
    db.close();
  }
}

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
  const code = await runSnapshot([...args, '--quiet'], env, { stdout: sink, stderr: sink });
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
