/**
 * The `.json` twin of every item page on a shared database: each content and media item of the snapshot has one,
 * whose `item` is the record exactly as the snapshot's chunk files hold it (read here line by line) and whose `node`
 * names the item's key, kind and URL; partitions split the twins without overlap; a build over the last site leaves
 * the twins that are the same, knowing them by their record or by their bytes.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
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

  it('leaves in the last site the twins that are the same: by their record, or by their bytes when it cannot say', async () => {
    const snapshot = path.join(work, 'snapshot');
    const data = path.join(work, 'data');
    const live = path.join(work, 'live');
    const record = path.join(work, 'twins.ndjson');
    await writeItemJsonFiles(snapshot, data, live, undefined, undefined, record);
    const ids = [...records.keys()].sort();
    const twin = (id: string) => path.join(live, id, 'index.json');
    const [edited, copied, removed, misrecorded] = ids as [string, string, string, string];
    // By hand: one twin edited, one put back as a copy of itself (same bytes, another file), one removed.
    await writeFile(twin(edited), '{"edited":true}\n');
    await copyFile(twin(copied), `${twin(copied)}.tmp`);
    await rename(`${twin(copied)}.tmp`, twin(copied));
    await rm(twin(removed));
    // A record that says one twin had other bytes: trusted while the file is the one it describes, so that twin is
    // written again though its bytes are the same (the commit then leaves the live one).
    const lines = readFileSync(record, 'utf8').split('\n');
    const at = lines.findIndex((line) => line.startsWith(`${misrecorded}/index.json\t`));
    assert.ok(at > 0, 'each twin is recorded');
    const [rel, , stamp] = (lines[at] as string).split('\t');
    lines[at] = [rel, 'another-hash', stamp].join('\t');
    await writeFile(record, lines.join('\n'));

    const night = async (name: string, recorded: string) => {
      const out = path.join(work, name);
      const keptOut = path.join(work, `${name}-kept.txt`);
      const next = path.join(work, `${name}-record.ndjson`);
      await writeItemJsonFiles(snapshot, data, out, undefined, { live, keptOut, recorded }, next);
      const kept = readFileSync(keptOut, 'utf8').split('\n').filter(Boolean).sort();
      const written = ids.filter((id) => existsSync(path.join(out, id, 'index.json')));
      return { kept, written, out, next };
    };
    const first = await night('night-1', record);
    assert.deepEqual(first.written, [edited, removed, misrecorded].sort());
    assert.deepEqual(
      first.kept,
      ids.filter((id) => !first.written.includes(id)).map((id) => `${id}/index.json`),
    );
    for (const id of first.written)
      assert.deepEqual(
        JSON.parse(await readFile(path.join(first.out, id, 'index.json'), 'utf8')).item,
        records.get(id),
      );

    // The twins written are put into place as the commit does (moved: each keeps its stamp); then a record made
    // by the night vouches for every twin, and nothing is written.
    for (const id of first.written) await rename(path.join(first.out, id, 'index.json'), twin(id));
    const second = await night('night-2', first.next);
    assert.deepEqual(second.written, []);
    assert.equal(second.kept.length, ids.length);

    // A damaged record vouches for nothing: every twin is read, and they are all the same.
    await writeFile(first.next, 'not a record\n');
    const third = await night('night-3', first.next);
    assert.deepEqual(third.written, []);
    assert.equal(third.kept.length, ids.length);
  });
});
