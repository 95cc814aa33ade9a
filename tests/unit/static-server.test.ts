import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { startStaticServer } from '../../scripts/browser/static-server.ts';

/** Sends a raw request-target (fetch would normalise it) and returns the status. */
function statusOf(url: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { path: target }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

test('the static server answers any request-target and keeps serving', async (t) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'static-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  await writeFile(path.join(root, 'index.html'), '<p>home</p>');
  await writeFile(path.join(root, '404.html'), '<p>missing</p>');
  const server = await startStaticServer(root);
  t.after(() => server.close());
  assert.equal(await statusOf(server.url, '/%zz'), 400);
  assert.equal(await statusOf(server.url, '/%E0%A4%A'), 400);
  assert.equal(await statusOf(server.url, '/%2e%2e/%2e%2e/etc/passwd'), 404);
  assert.equal(await statusOf(server.url, '/..%2f..%2fetc%2fpasswd'), 403);
  assert.equal(await statusOf(server.url, '/'), 200);
});
