import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startReadService } from '../../scripts/source/server.ts';
import { API, getJson, withReadService } from '../support/read-service.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const DB = sharedDatabase('tdufrane_searchcourse.db');
const PROBLEM = 'application/problem+json';

function assertProblem(
  res: { status: number; contentType: string; body: any },
  status: number,
  parameter?: string,
): void {
  assert.equal(res.status, status);
  assert.ok(res.contentType.startsWith(PROBLEM), `content type ${res.contentType}`);
  assert.equal(res.body.status, status);
  assert.equal(typeof res.body.title, 'string');
  assert.equal(typeof res.body.detail, 'string');
  assert.equal(typeof res.body.type, 'string');
  assert.doesNotMatch(res.body.detail, /\bat \S+ \(|node:internal|SELECT /, 'no stack traces or SQL');
  if (parameter) {
    assert.match(res.body.detail, new RegExp(`'${parameter}'`));
    assert.equal(res.body.invalidParams?.[0]?.name, parameter);
  }
}

describe('errors', () => {
  it('400 names the missing or malformed parameter', async () => {
    await withReadService({ dbPath: DB }, async (_s, call) => {
      const cases: Array<[string, Record<string, string>, string]> = [
        ['GetContentById', {}, 'id'],
        ['GetContentById', { id: 'abc' }, 'id'],
        ['GetContentById', { id: '1.5' }, 'id'],
        ['GetContentById', { id: '99999999999' }, 'id'],
        ['GetMediaById', { id: '' }, 'id'],
        ['GetContentTypeById', { id: 'x' }, 'id'],
        ['GetContentByKey', {}, 'key'],
        ['GetContentByKey', { key: 'not-a-guid' }, 'key'],
        ['GetMediaByKey', { key: '1234' }, 'key'],
        ['GetContentTypeByKey', { key: 'zz' }, 'key'],
        ['GetContentTypeByAlias', {}, 'alias'],
        ['GetContentAtRoot', { maxLevel: '-1' }, 'maxLevel'],
        ['GetContentAtRoot', { maxLevel: 'two' }, 'maxLevel'],
        ['GetContentById', { id: '1101', maxLevel: '1.5' }, 'maxLevel'],
        ['GetMediaAtRoot', { maxLevel: '-3' }, 'maxLevel'],
      ];
      for (const [op, query, parameter] of cases) assertProblem(await call(op, query), 400, parameter);
    });
  });

  it('404 for unknown items, keys, types and operations', async () => {
    await withReadService({ dbPath: DB }, async (service, call) => {
      assertProblem(await call('GetContentById', { id: 424242 }), 404);
      assertProblem(await call('GetMediaById', { id: 424242 }), 404);
      assertProblem(await call('GetContentByKey', { key: '00000000-0000-0000-0000-000000000001' }), 404);
      assertProblem(await call('GetMediaByKey', { key: '00000000-0000-0000-0000-000000000001' }), 404);
      assertProblem(await call('GetContentTypeById', { id: 424242 }), 404);
      assertProblem(await call('GetContentTypeByAlias', { alias: 'noSuchType' }), 404);
      assertProblem(await call('GetEverything'), 404);
      assertProblem(await getJson(`${service.url}/elsewhere`), 404);
      // A media item is not a content item, and a media type is not a content type.
      const media = (await call('GetMediaAtRoot', { maxLevel: 1 })).body[0];
      assertProblem(await call('GetContentById', { id: media.id }), 404);
      assertProblem(await call('GetContentTypeByAlias', { alias: 'Image' }), 404);
    });
  });

  it('405 for any method but GET and HEAD; HEAD answers headers only', async () => {
    await withReadService({ dbPath: DB }, async (service) => {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const res = await getJson(`${service.url}${API}/GetContentAtRoot`, { method });
        assertProblem(res, 405);
      }
      const head = await fetch(`${service.url}${API}/GetContentAtRoot`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(await head.text(), '');
      assert.ok(Number(head.headers.get('content-length')) > 0);
    });
  });

  it('401 without the right key; the key is compared as HTTP Basic api:<key>', async () => {
    await withReadService({ dbPath: DB, apiKey: 's3cret-key' }, async (service, call) => {
      assertProblem(await call('GetContentAtRoot'), 401);
      const url = `${service.url}${API}/GetContentAtRoot`;
      const basic = (user: string, key: string) => ({
        headers: { Authorization: `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}` },
      });
      assertProblem(await getJson(url, basic('api', 'wrong')), 401);
      assertProblem(await getJson(url, basic('admin', 's3cret-key')), 401);
      assert.equal((await getJson(url, basic('api', 's3cret-key'))).status, 200);
    });
  });

  it('refuses to bind beyond loopback without a key', async () => {
    await assert.rejects(startReadService({ dbPath: DB, host: '0.0.0.0' }), /without an API key/);
  });

  describe('databases', () => {
    const dir = mkdtempSync(join(tmpdir(), 'source-errors-'));
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('a file that is not an Umbraco database gives a one-line error naming what was found', async () => {
      const text = join(dir, 'notes.db');
      writeFileSync(text, 'just some text, not a database at all');
      await assert.rejects(startReadService({ dbPath: text }), /not a SQLite database/);
      const mdf = join(dir, 'Umbraco.mdf');
      writeFileSync(mdf, Buffer.from([0x01, 0x0f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
      await assert.rejects(startReadService({ dbPath: mdf }), /SQL Server/);
      await assert.rejects(startReadService({ dbPath: join(dir, 'missing.db') }), /not found/);
      const { DatabaseSync } = await import('node:sqlite');
      const other = join(dir, 'other.db');
      const db = new DatabaseSync(other);
      db.exec('CREATE TABLE notes (id INTEGER)');
      db.close();
      await assert.rejects(startReadService({ dbPath: other }), /no Umbraco tables/);
      const v7 = join(dir, 'v7.db');
      const old = new DatabaseSync(v7);
      old.exec(
        'CREATE TABLE umbracoNode (id INTEGER); CREATE TABLE cmsDocument (nodeId INTEGER); CREATE TABLE ' +
          'cmsContentXml (nodeId INTEGER)',
      );
      old.close();
      await assert.rejects(startReadService({ dbPath: v7 }), /Umbraco 7/);
    });

    it('503 with a clear detail when the database file is overwritten while served', async () => {
      const copy = join(dir, 'broken.db');
      copyFileSync(DB, copy);
      await withReadService({ dbPath: copy }, async (_s, call) => {
        assert.equal((await call('GetContentById', { id: 1102 })).status, 200);
        writeFileSync(copy, Buffer.alloc(4096, 0x41));
        const res = await call('GetContentById', { id: 1103 });
        assertProblem(res, 503);
        assert.match(res.body.detail, /database file changed since the service started/);
      });
    });
  });
});
