/** The snapshot store on a real file system: chunking, checksums, the swap, partial results, refusals, recovery. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UsageError } from '../../scripts/snapshot/crawl-errors.ts';
import {
  findItem,
  getContentTypes,
  getManifest,
  getReport,
  iterateIndex,
  listDamagedFiles,
  type IndexEntry,
  type Manifest,
} from '../../scripts/core/snapshot-format.ts';
import { openSnapshotStore, type SnapshotParts } from '../../scripts/snapshot/store/snapshot-store.ts';
import type { TreeEntry } from '../../scripts/snapshot/plan/tree-walk.ts';
import { fixtureManifest } from '../support/site-fixture-snapshot.ts';

const KEY = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const entry = (id: number, parentId = -1): TreeEntry => ({
  id,
  key: KEY(id),
  name: `Item ${id}`,
  url: `/${id}/`,
  type: 'page',
  parentId,
  level: parentId === -1 ? 1 : 2,
  sortOrder: 0,
  createDate: null,
  updateDate: null,
  childCount: 0,
});
const itemJson = (id: number): string =>
  JSON.stringify({
    id,
    key: KEY(id),
    name: `Item ${id} – ü`,
    type: 'page',
    properties: {},
    kind: 'content',
    parentId: -1,
    level: 1,
  });

function parts(status: Manifest['status']): SnapshotParts {
  const manifest = fixtureManifest(
    { content: 5, media: 0, contentTypes: 0 },
    {
      formatVersion: 1,
      tool: { name: 'test', version: '0' },
      status,
      source: { url: 'http://x', kind: 'http' },
      startedAt: 'a',
      finishedAt: 'b',
    },
  );
  return {
    manifest,
    contentTypes: { formatVersion: 1, contentTypes: [], unavailable: [] },
    report: { formatVersion: 1, failures: [], deviations: [], warnings: [], unavailableContentTypes: [] },
  };
}

async function writeSnapshot(out: string, status: Manifest['status'], ids: number[]): Promise<string> {
  const store = await openSnapshotStore(out, 2);
  for (const id of ids) await store.writeItem('content', entry(id), id === 4 ? undefined : itemJson(id));
  return store.finish(parts(status));
}

test('items are chunked, located by offset, and checksummed; a changed byte is detected', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'crawl-store-'));
  try {
    const out = path.join(work, 'snapshot');
    assert.equal(await writeSnapshot(out, 'complete', [1, 2, 3, 4, 5]), out);
    const manifest = await getManifest(out);
    assert.deepEqual(Object.keys(manifest.files), [
      'content-types.json',
      'content/index.ndjson',
      'content/items-00000.ndjson',
      'content/items-00001.ndjson',
      'media/index.ndjson',
      'report.json',
    ]);
    assert.equal(manifest.files['content/items-00001.ndjson']?.records, 2);
    const entries: IndexEntry[] = [];
    for await (const line of iterateIndex(out, 'content')) entries.push(line);
    assert.deepEqual(
      entries.map((e) => e.chunk),
      [
        'content/items-00000.ndjson',
        'content/items-00000.ndjson',
        'content/items-00001.ndjson',
        null,
        'content/items-00001.ndjson',
      ],
    );
    for (const line of entries)
      assert.equal((await findItem(out, line))?.name, line.id === 4 ? undefined : `Item ${line.id} – ü`);
    assert.deepEqual(await getContentTypes(out), parts('complete').contentTypes);
    assert.deepEqual((await getReport(out)).failures, []);
    assert.deepEqual(await listDamagedFiles(out, manifest), []);
    await appendFile(path.join(out, 'content/items-00000.ndjson'), ' ');
    assert.deepEqual(await listDamagedFiles(out, manifest), ['content/items-00000.ndjson: differs from the manifest']);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});

test('a complete snapshot replaces the previous one; a partial one goes beside it, leaving it as it was', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'crawl-store-'));
  try {
    const out = path.join(work, 'snapshot');
    await writeSnapshot(out, 'complete', [1, 2]);
    const first = await readFile(path.join(out, 'content/index.ndjson'), 'utf8');
    assert.equal(await writeSnapshot(out, 'partial', [1, 2, 3]), `${out}.partial`);
    assert.equal(await readFile(path.join(out, 'content/index.ndjson'), 'utf8'), first);
    assert.equal((await getManifest(`${out}.partial`)).status, 'partial');
    await writeSnapshot(out, 'complete', [1, 2, 3]);
    assert.equal((await getManifest(out)).files['content/index.ndjson']?.records, 3);
    assert.deepEqual((await readdir(work)).sort(), ['snapshot'], 'no partial, temporary or set-aside folder left');

    const store = await openSnapshotStore(out, 2);
    await store.writeItem('content', entry(9), itemJson(9));
    await store.discard();
    assert.deepEqual((await readdir(work)).sort(), ['snapshot']);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});

test("a non-snapshot folder is never replaced; a previous run's leftovers are cleaned or restored", async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'crawl-store-'));
  try {
    const precious = path.join(work, 'src');
    await mkdir(precious);
    await writeFile(path.join(precious, 'index.ts'), 'keep me');
    await assert.rejects(
      openSnapshotStore(precious, 2),
      (error) => error instanceof UsageError && /not empty and holds no manifest.json/.test(error.message),
    );
    await writeFile(path.join(work, 'file'), 'x');
    await assert.rejects(openSnapshotStore(path.join(work, 'file'), 2), UsageError);

    const out = path.join(work, 'snapshot');
    await writeSnapshot(path.join(work, 'good'), 'complete', [1]);
    const dead = 2 ** 22 + 17;
    await rename(path.join(work, 'good'), `${out}.old-${dead}`);
    await mkdir(`${out}.tmp-${dead}`);
    const store = await openSnapshotStore(out, 2);
    await store.discard();
    assert.deepEqual((await readdir(work)).sort(), ['file', 'snapshot', 'src']);
    assert.equal((await getManifest(out)).files['content/index.ndjson']?.records, 1, 'the set-aside snapshot is back');
    assert.equal(await readFile(path.join(precious, 'index.ts'), 'utf8'), 'keep me');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});

test('extras are written as they come: an offered list is kept, a failed one leaves nothing, none leaves no folder', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'crawl-store-extras-'));
  try {
    const out = path.join(work, 'snapshot');
    const store = await openSnapshotStore(out, 2);
    await store.writeItem('content', entry(1), itemJson(1));
    // Hostile text survives as sent: separators, bidi, a prototype-named key.
    const language = JSON.parse('{"isoCode":"x-\\u2028","name":"L\\u202e","isDefault":true,"__proto__":1}');
    const languages = await store.openExtra('languages');
    await languages.add(language);
    await languages.add({ isoCode: 'da', name: 'Dansk', isDefault: false });
    const domains = await store.openExtra('domains');
    await domains.add({ name: '/half', rootKey: null, culture: null, wildcard: false });
    await domains.end('failed');
    await (await store.openExtra('dictionary')).end('not-offered');
    await (await store.openExtra('redirect-urls')).end('offered');
    await languages.end('offered');
    assert.equal(await store.finish(parts('complete')), out);
    const manifest = await getManifest(out);
    assert.deepEqual(manifest.files['extras/languages.ndjson']?.records, 2);
    assert.deepEqual(manifest.files['extras/redirect-urls.ndjson']?.records, 0, 'an offered empty list is a file');
    assert.equal(manifest.files['extras/domains.ndjson'], undefined);
    assert.deepEqual((await readdir(path.join(out, 'extras'))).sort(), ['languages.ndjson', 'redirect-urls.ndjson']);
    const lines = (await readFile(path.join(out, 'extras/languages.ndjson'), 'utf8')).trim().split('\n');
    assert.deepEqual(JSON.parse(lines[0] as string), language);
    assert.deepEqual(await listDamagedFiles(out, manifest), []);

    const plain = path.join(work, 'plain');
    const second = await openSnapshotStore(plain, 2);
    await second.writeItem('content', entry(1), itemJson(1));
    const failed = await second.openExtra('drafts');
    await failed.add({ id: 1 });
    await failed.end('failed');
    await second.finish(parts('complete'));
    assert.equal((await readdir(plain)).includes('extras'), false, 'no extra kept, no folder');

    const dropped = path.join(work, 'dropped');
    const third = await openSnapshotStore(dropped, 2);
    await (await third.openExtra('languages')).add(language);
    await third.discard();
    assert.deepEqual(
      (await readdir(work)).filter((name) => name.startsWith('dropped')),
      [],
      'a discarded crawl leaves nothing, an open extra included',
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
