import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chunkFileOf,
  contentTypesFileSchema,
  indexEntrySchema,
  indexFileOf,
  itemRecordSchema,
  manifestSchema,
  reportSchema,
  type Manifest,
} from '../../scripts/core/snapshot-format.ts';

const KEY = 'a8bcc42f-88a2-427d-8fcc-2de3ed457e57';
const SHA = 'a'.repeat(64);

const sampleManifest: Manifest = {
  formatVersion: 1,
  tool: { name: 'cms-snapshot-crawler', version: '0.1.0' },
  status: 'complete',
  source: { url: 'http://127.0.0.1:4000', kind: 'database', database: 'site.db' },
  startedAt: '2025-01-01T00:00:00.000Z',
  finishedAt: '2025-01-01T00:00:01.000Z',
  interfaceVariant: { sortOrder: ['present'] },
  counts: {
    content: 1,
    media: 0,
    contentTypes: 1,
    contentByType: { home: 1 },
    mediaByType: {},
    failures: 1,
    warnings: 1,
    deviations: 0,
  },
  reused: 0,
  http: { requests: 5, attempts: 6 },
  failures: [
    {
      url: 'http://127.0.0.1:4000/cms/Ext/Migrations/GetMediaById?id=7&maxLevel=1',
      operation: 'GetMediaById',
      id: 7,
      status: 500,
      attempts: 6,
      message: 'boom',
    },
  ],
  warnings: [{ code: 'cycle', message: 'content item 3 appears inside its own subtree', id: 3 }],
  files: { 'content/index.ndjson': { sha256: SHA, bytes: 10, records: 1 } },
};

test('manifest: survives a JSON round trip; another format version or a bad checksum is refused', () => {
  assert.deepEqual(manifestSchema.parse(JSON.parse(JSON.stringify(sampleManifest))), sampleManifest);
  assert.equal(manifestSchema.safeParse({ ...sampleManifest, formatVersion: 2 }).success, false);
  assert.equal(
    manifestSchema.safeParse({ ...sampleManifest, files: { x: { sha256: 'nope', bytes: 1, records: 1 } } }).success,
    false,
  );
  assert.equal(manifestSchema.safeParse({ ...sampleManifest, source: { url: 'x', kind: 'ftp' } }).success, false);
});

test('index entries: lower-case keys, level from 1, null location for an item whose body failed', () => {
  const entry = {
    id: 1,
    key: KEY,
    name: 'Home',
    url: '/',
    type: 'home',
    parentId: -1,
    level: 1,
    sortOrder: 0,
    createDate: null,
    updateDate: null,
    chunk: null,
    offset: null,
    length: null,
    childCount: 0,
  };
  assert.ok(indexEntrySchema.safeParse(entry).success);
  assert.equal(indexEntrySchema.safeParse({ ...entry, key: KEY.toUpperCase() }).success, false);
  assert.equal(indexEntrySchema.safeParse({ ...entry, level: 0 }).success, false);
  assert.ok(!('extra' in (indexEntrySchema.parse({ ...entry, extra: 1 }) as object)), 'index lines are slim');
});

test('item records and content types keep fields the format does not name', () => {
  const item = {
    id: 1,
    key: KEY,
    name: 'Home',
    type: 'home',
    kind: 'content',
    parentId: -1,
    level: 1,
    properties: {},
    urlSegment: 'home',
    cultures: {},
  };
  assert.deepEqual(itemRecordSchema.parse(item), item);
  const type = {
    id: 2,
    key: KEY,
    alias: 'home',
    name: 'Home',
    propertyGroups: [],
    compositions: [],
    allowedContentTypes: [],
    allowedTemplates: [],
    variesByCulture: true,
  };
  const file = {
    formatVersion: 1,
    contentTypes: [type],
    unavailable: [{ alias: 'Image', reason: 'media-type', referencedBy: 'media item 9' }],
  };
  assert.deepEqual(contentTypesFileSchema.parse(file), file);
  assert.ok(
    reportSchema.safeParse({
      formatVersion: 1,
      failures: [],
      deviations: [],
      warnings: [],
      unavailableContentTypes: [],
    }).success,
  );
});

test("file names: chunks numbered with five digits beside each kind's index", () => {
  assert.equal(chunkFileOf('content', 3), 'content/items-00003.ndjson');
  assert.equal(chunkFileOf('media', 12345), 'media/items-12345.ndjson');
  assert.equal(indexFileOf('media'), 'media/index.ndjson');
});
