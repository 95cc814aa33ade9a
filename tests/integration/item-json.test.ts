/**
 * The `.json` twin of every item page on a shared database: each content and media item of the snapshot has one,
 * whose `item` is the record exactly as the snapshot's chunk files hold it (read here line by line) and whose `node`
 * names the item's key, kind and URL; partitions split the twins without overlap.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { writeItemJsonFiles, writeItemJsonFilesOnThread } from '../../src/lib/site-data/derive/item-json-files.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { crawl } from '../support/site-e2e.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

type Json = Record<string, unknown>;

describe('item JSON twins (shared multilingual database)', () => {
  let work: string;
  const records = new Map<string, Json>();

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'item-json-'));
    const snapshot = path.join(work, 'snapshot');
    await crawl(['--db', sharedDatabase('tdufrane_searchcourse.db'), '--out', snapshot], {
      SNAPSHOT_CACHE_DIR: path.join(work, 'cache'),
    });
    await prepareSiteData(snapshot, path.join(work, 'data'));
    for (const kind of ['content', 'media'])
      for (const file of (await readdir(path.join(snapshot, kind))).filter((f) => f.startsWith('items-')))
        for (const line of (await readFile(path.join(snapshot, kind, file), 'utf8')).split('\n').filter(Boolean)) {
          const record = JSON.parse(line) as Json;
          records.set(`${kind}/${String(record.key)}`, record);
        }
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('writes one twin per item holding its snapshot record and its place in the site', async () => {
    const out = path.join(work, 'out');
    const summary = await writeItemJsonFiles(path.join(work, 'snapshot'), path.join(work, 'data'), out);
    assert.equal(summary.files, records.size);
    assert.ok(records.size > 100);
    for (const [id, record] of records) {
      const twin = JSON.parse(await readFile(path.join(out, id, 'index.json'), 'utf8')) as Json;
      assert.equal(twin.page, `${id}/`);
      assert.deepEqual(twin.item, record, id);
      const node = twin.node as Json;
      assert.equal(`${String(node.kind)}/${String(node.key)}`, id);
      assert.equal(node.name, record.name);
      assert.equal('offset' in node, false, 'no snapshot file positions');
      assert.equal(typeof (twin.usedBy as Json).count, 'number');
    }
  });

  it('splits the twins over partitions without overlap', async () => {
    const counts = [];
    for (const index of [1, 2]) {
      const out = path.join(work, `part-${index}`);
      counts.push(
        (await writeItemJsonFiles(path.join(work, 'snapshot'), path.join(work, 'data'), out, { index, count: 2 }))
          .files,
      );
    }
    assert.equal((counts[0] ?? 0) + (counts[1] ?? 0), records.size);
    for (const id of records.keys())
      assert.notEqual(
        existsSync(path.join(work, 'part-1', id, 'index.json')),
        existsSync(path.join(work, 'part-2', id, 'index.json')),
        id,
      );
  });

  it('are the same files when written on a thread of their own, whose failure keeps its code', async () => {
    const snapshot = path.join(work, 'snapshot');
    const data = path.join(work, 'data');
    const here = path.join(work, 'here');
    const threaded = path.join(work, 'threaded');
    await writeItemJsonFiles(snapshot, data, here);
    const summary = await writeItemJsonFilesOnThread(snapshot, data, threaded);
    assert.equal(summary.files, records.size);
    for (const id of records.keys())
      assert.ok(
        (await readFile(path.join(here, id, 'index.json'))).equals(
          await readFile(path.join(threaded, id, 'index.json')),
        ),
        id,
      );
    const blocked = path.join(work, 'a-file');
    await writeFile(blocked, 'not a folder');
    await assert.rejects(writeItemJsonFilesOnThread(snapshot, data, blocked), { code: 'ENOTDIR' });
  });
});
