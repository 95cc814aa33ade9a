import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DatabaseSync } from 'node:sqlite';
import { basename } from 'node:path';
import { decode, decodeMulti, ExtData } from '@msgpack/msgpack';
import { decodeCacheBlob, decompressLz4Block, readPublishedCache } from '../support/published-cache.ts';
import type { CachedEntry } from '../support/published-cache.ts';
import { listSharedDatabases, openForOracle } from '../support/shared-databases.ts';
import { DOCUMENT, MEDIA } from '../support/umbraco-object-types.ts';

const PATHS = new Map(listSharedDatabases().map((p) => [basename(p), p]));
const DATABASES = [...PATHS.keys()];
const pathOf = (file: string): string => PATHS.get(file)!;

const BLUEPRINT = '6EBEF410-03AA-48CF-A792-E1C1CB087ACA';
const ELEMENT = '3D7B623C-94B1-487D-8554-A46EC37568BE';

const open = (file: string): DatabaseSync => openForOracle(pathOf(file));

type Row = Record<string, unknown>;

test('LZ4 blocks: literals, overlapping matches, long lengths, declared length enforced', () => {
  const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');
  // "abc", then a 6-byte match at offset 3, then an empty last sequence.
  assert.equal(text(decompressLz4Block(Uint8Array.from([0x32, 97, 98, 99, 3, 0, 0x00]), 9)), 'abcabcabc');
  // One literal then a run of 19 copies of it (offset 1 overlaps its own output; 15 + 0 extra + 4).
  assert.equal(text(decompressLz4Block(Uint8Array.from([0x1f, 120, 1, 0, 0, 0x00]), 20)), 'x'.repeat(20));
  // 20 literals: nibble 15 plus one extension byte of 5.
  const literals = Array.from({ length: 20 }, (_, k) => 65 + k);
  assert.equal(text(decompressLz4Block(Uint8Array.from([0xf0, 5, ...literals]), 20)), 'ABCDEFGHIJKLMNOPQRST');
  assert.throws(() => decompressLz4Block(Uint8Array.from([0x32, 97, 98, 99, 3, 0, 0x00]), 10), /declared 10/);
  assert.throws(() => decompressLz4Block(Uint8Array.from([0x30, 97, 98, 99, 9, 0]), 7), /bad match/);
});

for (const file of DATABASES) {
  test(`${file}: every cmsContentNu row decodes to [properties, cultureData, urlSegment]`, () => {
    const db = open(file);
    const rows = db.prepare('SELECT dataRaw FROM cmsContentNu').all() as Array<{ dataRaw: Uint8Array }>;
    db.close();
    assert.ok(rows.length > 0);
    for (const { dataRaw } of rows) {
      const outer = decode(dataRaw);
      if (Array.isArray(outer) && outer[0] instanceof ExtData) {
        // Lz4BlockArray: the ext holds one declared length per block; each block must inflate to exactly that.
        assert.equal(outer[0].type, 98);
        const lengths = [...decodeMulti(outer[0].data as Uint8Array)] as number[];
        assert.equal(lengths.length, outer.length - 1);
        outer
          .slice(1)
          .forEach((block, k) =>
            assert.equal(decompressLz4Block(block as Uint8Array, lengths[k] as number).length, lengths[k]),
          );
      }
      const payload = decodeCacheBlob(dataRaw);
      assert.ok(Array.isArray(payload) && payload.length === 3, 'payload is a 3-element array');
      assert.ok(typeof payload[2] === 'string', 'urlSegment is text');
    }
    assert.equal(readPublishedCache(pathOf(file)).length, rows.length);
  });

  test(`${file}: cached rows match the versions they were built from`, () => {
    const db = open(file);
    const entries = readPublishedCache(pathOf(file));
    const languages = new Set(
      (db.prepare('SELECT languageISOCode AS iso FROM umbracoLanguage').all() as Row[]).map((r) =>
        String(r.iso).toLowerCase(),
      ),
    );
    let compared = 0;
    for (const entry of entries) {
      const node = db.prepare('SELECT nodeObjectType AS type FROM umbracoNode WHERE id = ?').get(entry.nodeId) as
        Row | undefined;
      assert.ok(node, `node ${entry.nodeId} exists`);
      assert.ok([DOCUMENT, MEDIA, BLUEPRINT, ELEMENT].includes(String(node.type)), `node ${entry.nodeId} type`);
      for (const culture of Object.keys(entry.cultures)) assert.ok(languages.has(culture.toLowerCase()), culture);
      if (node.type === ELEMENT) continue; // v18 library elements keep their versions outside umbracoDocumentVersion
      const versionId = findVersion(db, entry);
      assert.ok(versionId !== undefined, `version for ${entry.nodeId}/${entry.published}`);
      const stored = storedValues(db, versionId);
      assert.deepEqual(
        cachedValues(entry, stored.decimals),
        stored.values,
        `values of ${entry.nodeId}/${entry.published}`,
      );
      assertCultures(db, entry, versionId);
      compared++;
    }
    db.close();
    assert.ok(compared > 0);
  });

  test(`${file}: a published row exists exactly for documents with umbracoDocument.published = 1`, () => {
    const db = open(file);
    const docs = db
      .prepare(
        `SELECT n.id, d.published FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
      WHERE n.nodeObjectType = ?`,
      )
      .all(DOCUMENT) as Row[];
    db.close();
    const entries = readPublishedCache(pathOf(file));
    const withPublishedRow = new Set(entries.filter((e) => e.published).map((e) => e.nodeId));
    const withDraftRow = new Set(entries.filter((e) => !e.published).map((e) => e.nodeId));
    for (const doc of docs) {
      assert.equal(withPublishedRow.has(Number(doc.id)), doc.published === 1, `document ${doc.id}`);
      assert.ok(withDraftRow.has(Number(doc.id)), `document ${doc.id} has a draft row`);
    }
  });

  test(`${file}: media umbracoFile in the cache points at umbracoMediaVersion.path`, () => {
    const db = open(file);
    const paths = new Map(
      (
        db
          .prepare(
            `SELECT cv.nodeId, mv.path FROM umbracoContentVersion cv
      JOIN umbracoMediaVersion mv ON mv.id = cv.id WHERE cv."current" = 1 AND mv.path IS NOT NULL`,
          )
          .all() as Row[]
      ).map((r) => [Number(r.nodeId), String(r.path)]),
    );
    db.close();
    const files = readPublishedCache(pathOf(file)).filter((e) => paths.has(e.nodeId));
    assert.ok(files.length > 0);
    for (const entry of files) {
      const value = entry.properties.umbracoFile?.[0]?.value;
      const src =
        typeof value === 'string' && value.startsWith('{') ? (JSON.parse(value) as { src: string }).src : value;
      assert.equal(src, paths.get(entry.nodeId), `media ${entry.nodeId}`);
    }
  });
}

/** Published rows mirror the published version; draft rows (and media, blueprints) the current one. */
function findVersion(db: DatabaseSync, entry: CachedEntry): number | undefined {
  const sql = entry.published
    ? `SELECT cv.id FROM umbracoContentVersion cv JOIN umbracoDocumentVersion dv ON dv.id = cv.id AND dv.published = 1
       WHERE cv.nodeId = ?`
    : 'SELECT id FROM umbracoContentVersion WHERE nodeId = ? AND "current" = 1';
  const row = db.prepare(sql).get(entry.nodeId) as Row | undefined;
  return row === undefined ? undefined : Number(row.id);
}

const valueKey = (alias: unknown, culture: unknown, segment: unknown): string =>
  `${String(alias)}|${String(culture ?? '').toLowerCase()}|${String(segment ?? '')}`;

function cachedValues(entry: CachedEntry, decimals: Set<string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [alias, list] of Object.entries(entry.properties)) {
    for (const p of list) {
      const key = valueKey(alias, p.culture, p.segment);
      values[key] = decimals.has(key) ? Number(p.value) : p.value;
    }
  }
  return values;
}

/** The database side in the cache's shapes: dates as ISO UTC text; decimals as numbers ("85.0" there, "85" here). */
function storedValues(db: DatabaseSync, versionId: number): { values: Record<string, unknown>; decimals: Set<string> } {
  const rows = db
    .prepare(
      `SELECT pt.Alias AS alias, l.languageISOCode AS culture, pd.segment, pd.intValue,
      pd.decimalValue, pd.dateValue, pd.varcharValue, pd.textValue
    FROM umbracoPropertyData pd JOIN cmsPropertyType pt ON pt.id = pd.propertyTypeId
    LEFT JOIN umbracoLanguage l ON l.id = pd.languageId WHERE pd.versionId = ?`,
    )
    .all(versionId) as Row[];
  const values: Record<string, unknown> = {};
  const decimals = new Set<string>();
  for (const r of rows) {
    const key = valueKey(r.alias, r.culture, r.segment);
    if (r.decimalValue !== null) decimals.add(key);
    values[key] =
      r.intValue ??
      (r.decimalValue !== null ? Number(r.decimalValue) : null) ??
      (r.dateValue !== null ? `${String(r.dateValue).replace(' ', 'T')}Z` : null) ??
      r.varcharValue ??
      r.textValue;
  }
  return { values, decimals };
}

function assertCultures(db: DatabaseSync, entry: CachedEntry, versionId: number): void {
  const rows = db
    .prepare(
      `SELECT l.languageISOCode AS iso, v.name, v.date FROM umbracoContentVersionCultureVariation v
    JOIN umbracoLanguage l ON l.id = v.languageId WHERE v.versionId = ?`,
    )
    .all(versionId) as Row[];
  assert.equal(Object.keys(entry.cultures).length, rows.length, `culture count of ${entry.nodeId}`);
  for (const row of rows) {
    const key = Object.keys(entry.cultures).find((k) => k.toLowerCase() === String(row.iso).toLowerCase());
    const cached = key === undefined ? undefined : entry.cultures[key];
    assert.ok(cached, `${entry.nodeId} ${String(row.iso)}`);
    assert.equal(cached.name, row.name);
    if (entry.published) assert.equal(cached.isDraft, false);
    // Same instant up to the server's zone offset (Local DateTimes are stored as UTC): a whole quarter-hour apart.
    const stored = String(row.date);
    const shift =
      Date.parse(`${(cached.date ?? '').slice(0, 19)}Z`) - Date.parse(`${stored.replace(' ', 'T').slice(0, 19)}Z`);
    assert.ok(Math.abs(shift) <= 14 * 3600_000 && shift % (15 * 60_000) === 0, `date shift ${shift} ms`);
    assert.equal(cached.date?.slice(19, -1), fraction(stored), 'sub-second part is exact');
  }
}

function fraction(date: string): string {
  const part = date.split('.')[1]?.replace(/0+$/, '');
  return part ? `.${part}` : '';
}
