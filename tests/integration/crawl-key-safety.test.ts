/**
 * The crawler and its key, through a proxy in front of the local read service: a refused key stops at once, an
 * unreachable source and a URL with credentials are refused, and the key never leaks into files or output.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { getReport } from '../../scripts/core/snapshot-format.ts';
import { startFaultSource, transientFaults } from '../support/fault-source.ts';
import { byIdItem, KEY, runCli, useFaultCrawl } from '../support/fault-crawl.ts';
import { fingerprint } from '../support/fingerprint.ts';

const fault = useFaultCrawl();

test('a refused key stops the run at once: exit 3, one request, nothing overwritten', async () => {
  const out = path.join(fault.work, 'refused');
  await cp(fault.cleanOut, out, { recursive: true });
  const before = await fingerprint(out);
  const counting = await fault.proxy([]);
  const wrong = await runCli(['--source', counting.url, '--out', out], { SNAPSHOT_API_KEY: 'Wrong-Canary-5d1e' });
  assert.equal(wrong.code, 3);
  assert.match(
    wrong.stderr,
    /^snapshot: the API key was refused: check SNAPSHOT_API_KEY .*HTTP 401.*nothing was written\n$/,
  );
  assert.equal(counting.requests.length, 1, 'no retries, no further requests');
  assert.ok(!wrong.stderr.includes('Wrong-Canary-5d1e'));
  const missing = await runCli(['--source', counting.url, '--out', out], {});
  assert.equal(missing.code, 3);
  assert.match(missing.stderr, /the source wants an API key/);
  assert.deepEqual(await fingerprint(out), before);
  assert.deepEqual(
    (await readdir(fault.work)).filter((name) => name.startsWith('refused.')),
    [],
  );
});

test('an unreachable source exits 4 and a URL with credentials is refused without echoing them', async () => {
  const closed = await startFaultSource({ target: fault.serviceUrl });
  const url = closed.url;
  await closed.close();
  const run = await runCli(['--source', url, '--out', path.join(fault.work, 'unreachable'), '--retries', '1']);
  assert.equal(run.code, 4);
  assert.match(
    run.stderr,
    /cannot reach the source at http:\/\/127\.0\.0\.1:\d+: network error ECONNREFUSED after 2 attempts/,
  );
  const withUser = await runCli(['--source', `http://api:${KEY}@127.0.0.1:1`, '--out', path.join(fault.work, 'creds')]);
  assert.equal(withUser.code, 2);
  assert.match(withUser.stderr, /--source: must not carry credentials/);
  assert.ok(!withUser.stderr.includes(KEY));
});

test('the API key appears in no snapshot file, report, or output, even when requests fail', async () => {
  const basic = Buffer.from(`api:${KEY}`).toString('base64');
  const noisy = await fault.proxy([
    (request) =>
      byIdItem(request, 'GetContentById', 1103)
        ? { kind: 'status', status: 500, body: `echo ${KEY} ${basic}` }
        : undefined,
    transientFaults(0.2, 1),
  ]);
  const out = path.join(fault.work, 'leak');
  const run = await runCli(['--source', noisy.url, '--out', out, '--verbose']);
  assert.equal(run.code, 1);
  const partial = `${out}.partial`;
  const texts = [run.stdout, run.stderr];
  for (const name of Object.keys(await fingerprint(partial)))
    texts.push(await readFile(path.join(partial, name), 'utf8'));
  assert.ok(texts.length > 5);
  for (const text of texts) {
    assert.ok(!text.includes(KEY), 'key not found');
    assert.ok(!text.includes(basic), 'Basic credentials not found');
  }
  assert.ok(
    (await getReport(partial)).failures.some((f) => f.message.includes('***')),
    'an echoed key is masked',
  );
});
