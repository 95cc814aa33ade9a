/**
 * The read service under hostile requests: it never exits, and every refusal is problem+json, including the ones
 * Node's HTTP parser would answer itself (bad request lines, oversized headers, CONNECT).
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { ServiceConfigError, startReadService } from '../../scripts/source/server.ts';
import { API, getJson } from '../support/read-service.ts';
import { sendRaw, startServiceProcess, type RawAnswer } from '../support/service-process.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const DB = sharedDatabase('tdufrane_searchcourse.db');
const OTHER_DB = sharedDatabase('persteenolsen_umbraco-17-starter-one.db');
const KEY = 'hostile-test-key-0123456789';
const work = mkdtempSync(path.join(tmpdir(), 'source-hostile-'));
after(() => rmSync(work, { recursive: true, force: true }));

function assertProblem(answer: RawAnswer | undefined, status: number): void {
  assert.ok(answer !== undefined, 'an answer came');
  assert.equal(answer.status, status, answer.raw.slice(0, 200));
  assert.match(answer.headers.get('content-type') ?? '', /^application\/problem\+json/);
  const body = JSON.parse(answer.body) as { status: number; title: string; detail: string; type: string };
  assert.equal(body.status, status);
  assert.equal(typeof body.detail, 'string');
}

describe('hostile requests', () => {
  it('a request-target that URL parsing rejects is a 400 problem and the service keeps running', async () => {
    const service = await startServiceProcess(['--db', DB], { SOURCE_API_KEY: KEY });
    try {
      for (const target of ['//[', 'http://[::1', '//a:99999/', 'http://%zz/', '//[::1]:x/']) {
        assertProblem(
          await sendRaw(service.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
          400,
        );
        assert.ok(service.alive(), `still running after ${target}`);
      }
    } finally {
      await service.stop();
    }
  });

  it("bad request lines, oversized headers and CONNECT get problem+json, not Node's bare answers", async () => {
    const service = await startServiceProcess(['--db', DB]);
    try {
      assertProblem(await sendRaw(service.port, 'GARBAGE\r\n\r\n'), 400);
      assertProblem(
        await sendRaw(service.port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`),
        431,
      );
      assertProblem(
        await sendRaw(service.port, 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n'),
        405,
      );
      assert.ok(service.alive());
    } finally {
      await service.stop();
    }
  });

  it('a public bind refuses a key shorter than 16 characters, before binding', async () => {
    // 192.0.2.1 (TEST-NET-1) is not a local address: were the key accepted, the bind itself would fail instead.
    await assert.rejects(startReadService({ dbPath: DB, host: '192.0.2.1', apiKey: 'k' }), (error: unknown) => {
      assert.ok(error instanceof ServiceConfigError, String(error));
      assert.match((error as Error).message, /at least 16 characters/);
      return true;
    });
  });

  it('a property alias named __proto__ is served like any other alias', async () => {
    const copy = path.join(work, 'proto.db');
    copyFileSync(DB, copy);
    const db = new DatabaseSync(copy);
    const row = db
      .prepare(
        `SELECT pt.id AS typeId, d.nodeId AS nodeId FROM cmsPropertyType pt
      JOIN umbracoContent c ON c.contentTypeId = pt.contentTypeId JOIN umbracoDocument d ON d.nodeId = c.nodeId
      WHERE d.published = 1 ORDER BY d.nodeId LIMIT 1`,
      )
      .get() as { typeId: number; nodeId: number };
    db.prepare("UPDATE cmsPropertyType SET alias = '__proto__' WHERE id = ?").run(row.typeId);
    db.close();
    const service = await startReadService({ dbPath: copy });
    try {
      const answer = await getJson(`${service.url}${API}/GetContentById?id=${row.nodeId}`);
      assert.equal(answer.status, 200);
      assert.ok(Object.hasOwn(answer.body.properties, '__proto__'), Object.keys(answer.body.properties).join(', '));
      assert.equal(answer.body.properties.__proto__.alias, '__proto__');
    } finally {
      await service.close();
    }
  });

  it('a database file changed while served: 503 saying so, and a line on stderr', async () => {
    const copy = path.join(work, 'changing.db');
    copyFileSync(DB, copy);
    const service = await startServiceProcess(['--db', copy]);
    try {
      assert.equal((await getJson(`${service.url}${API}/GetContentAtRoot`)).status, 200);
      copyFileSync(OTHER_DB, copy);
      const changed = await getJson(`${service.url}${API}/GetContentAtRoot`);
      assert.equal(changed.status, 503);
      assert.match(changed.contentType, /^application\/problem\+json/);
      assert.match(changed.body.detail, /database file changed/);
      for (let wait = 0; wait < 40 && !/database file changed/.test(service.stderr()); wait += 1) await delay(25);
      assert.match(service.stderr(), /database file changed/);
      assert.ok(service.alive());
    } finally {
      await service.stop();
    }
  });
});
