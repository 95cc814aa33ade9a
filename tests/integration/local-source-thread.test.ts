/**
 * The local source behind `--db` answers from a thread of its own: a crawler whose thread is busy parsing and writing
 * does not hold up the service's answers, and closing it frees the port and ends the thread.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { startLocalSource } from '../../scripts/source/local-source.ts';

const DB = path.resolve(import.meta.dirname, '../../../shared/umbraco-dbs/tdufrane_searchcourse.db');
const ROOTS = 'cms/Ext/Migrations/GetContentAtRoot';

/** A thread that asks for the content roots once and writes the answer's status into `shared[0]`. */
const ASKER = `
const { workerData } = require('node:worker_threads');
const shared = new Int32Array(workerData.buffer);
fetch(workerData.url, { headers: { authorization: workerData.auth } })
  .then(async (res) => { await res.arrayBuffer(); return res.status; }, () => -1)
  .then((status) => { Atomics.store(shared, 0, status); Atomics.notify(shared, 0); });
`;

describe('the local source', () => {
  it('answers while the thread that started it is blocked', async () => {
    const lines: string[] = [];
    const source = await startLocalSource({ kind: 'database', dbPath: DB }, (line) => lines.push(line));
    try {
      const buffer = new SharedArrayBuffer(4);
      const shared = new Int32Array(buffer);
      const auth = `Basic ${Buffer.from(`api:${source.apiKey}`).toString('base64')}`;
      const asker = new Worker(ASKER, { eval: true, workerData: { buffer, url: `${source.url}/${ROOTS}`, auth } });
      // This thread now waits without turning its event loop: a service sharing it could not answer.
      const woke = Atomics.wait(shared, 0, 0, 20_000);
      await asker.terminate();
      assert.equal(woke, 'ok', 'the answer came while this thread was blocked');
      assert.equal(Atomics.load(shared, 0), 200);
    } finally {
      await source.close();
    }
    assert.deepEqual(lines, [], 'a closed source says nothing of stopping');
  });

  it('frees its port once closed, and may be closed twice', async () => {
    const source = await startLocalSource({ kind: 'database', dbPath: DB }, () => undefined);
    const auth = `Basic ${Buffer.from(`api:${source.apiKey}`).toString('base64')}`;
    const before = await fetch(`${source.url}/${ROOTS}`, { headers: { authorization: auth } });
    assert.equal(before.status, 200);
    const roots = (await before.json()) as unknown[];
    assert.ok(roots.length > 0);
    await source.close();
    await source.close();
    await assert.rejects(fetch(`${source.url}/${ROOTS}`, { headers: { authorization: auth } }));
  });

  it('says why it cannot serve a file that is not a database, from its thread', async () => {
    await assert.rejects(
      startLocalSource({ kind: 'database', dbPath: import.meta.filename }, () => undefined),
      (error: Error) => {
        assert.equal(error.name, 'LocalSourceError');
        assert.match(error.message, /^cannot serve .*local-source-thread\.test\.ts: .*not a SQLite database/);
        return true;
      },
    );
  });
});
