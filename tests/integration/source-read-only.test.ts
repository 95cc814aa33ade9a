import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { listSharedDatabases } from '../support/shared-databases.ts';
import { API, getJson, withReadService } from '../support/read-service.ts';

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const CLI = resolve(import.meta.dirname, '../../scripts/commands/source.ts');

describe('read-only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'source-ro-'));
  after(() => {
    chmodSync(join(dir, 'locked'), 0o755);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves every shared database without changing a byte or creating a file beside it', async () => {
    const databases = listSharedDatabases();
    const folder = databases[0]!.replace(/[^/]+$/, '');
    const before = new Map(databases.map((db) => [db, sha256(db)]));
    const listing = readdirSync(folder).sort();
    for (const db of databases) {
      await withReadService({ dbPath: db }, async (_s, call) => {
        const roots = await call('GetContentAtRoot');
        assert.equal(roots.status, 200);
        for (const root of roots.body)
          assert.equal((await call('GetContentById', { id: root.id, maxLevel: 99 })).status, 200);
        assert.equal((await call('GetMediaAtRoot')).status, 200);
        const type = roots.body[0] ? await call('GetContentTypeByAlias', { alias: roots.body[0].type }) : undefined;
        if (type) assert.equal(type.status, 200);
      });
    }
    for (const [db, hash] of before) assert.equal(sha256(db), hash, `${db} is unchanged`);
    assert.deepEqual(readdirSync(folder).sort(), listing, 'no -wal or -shm files appeared');
  });

  it('serves a copy in a read-only folder', async () => {
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    const copy = join(locked, 'site.db');
    copyFileSync(listSharedDatabases()[0]!, copy);
    chmodSync(copy, 0o444);
    chmodSync(locked, 0o555);
    const hash = sha256(copy);
    await withReadService({ dbPath: copy }, async (_s, call) => {
      const roots = await call('GetContentAtRoot');
      assert.equal(roots.status, 200);
      assert.ok(roots.body.length > 0);
    });
    assert.equal(sha256(copy), hash);
    assert.deepEqual(readdirSync(locked), ['site.db']);
  });

  it('the CLI prints its base URL, serves, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, '--db', listSharedDatabases()[0]!, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const url = await new Promise<string>((resolveUrl, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        const match = /(http:\/\/127\.0\.0\.1:\d+)\/cms\/Ext\/Migrations\//.exec(out);
        if (match) resolveUrl(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code} before serving: ${out}`)));
    });
    assert.equal((await getJson(`${url}${API}/GetContentAtRoot?maxLevel=1`)).status, 200);
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });

  it('the CLI reports every bad flag at once with exit code 2', async () => {
    const child = spawn(process.execPath, [CLI, '--port', 'abc', '--time-zone', 'Mars/Olympus'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c;
    });
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    assert.equal(code, 2);
    assert.match(err, /--db is required/);
    assert.match(err, /--port/);
    assert.match(err, /--time-zone/);
    assert.doesNotMatch(err, /\n\s+at /, 'no stack trace');
  });

  it('the CLI gives a one-line error for a file that is not an Umbraco database', async () => {
    const child = spawn(process.execPath, [CLI, '--db', CLI], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c;
    });
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    assert.equal(code, 3);
    assert.equal(err.trim().split('\n').length, 1);
    assert.match(err, /not a SQLite database/);
  });
});
