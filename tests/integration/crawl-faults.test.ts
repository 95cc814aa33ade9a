/**
 * The crawler against a fault-injecting proxy in front of the local read service: transient faults lose nothing,
 * permanent ones are reported per URL, the previous snapshot is never touched, a refused key stops at once,
 * and the key never leaks into files or output.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { fingerprint } from '../support/fingerprint.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startReadService, type RunningReadService } from '../../scripts/source/server.ts';
import { runSnapshot } from '../../scripts/commands/snapshot.ts';
import { FULL_DEPTH } from '../../scripts/snapshot/client/read-client.ts';
import { getContentTypes, getManifest, getReport, iterateIndex } from '../../scripts/core/snapshot-format.ts';
import { startFaultSource, transientFaults, type FaultRule, type FaultSource } from '../support/fault-source.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const DB = sharedDatabase('tdufrane_searchcourse.db');
const KEY = 'Zebra-Canary-7f3c9a-do-not-leak';
const FAST = ['--quiet', '--retries', '5', '--retry-base-ms', '5', '--retry-max-ms', '1500', '--timeout-ms', '250'];

let work: string;
let service: RunningReadService;
let cleanOut: string;
const proxies: FaultSource[] = [];

async function runCli(args: string[], env: Record<string, string> = { SNAPSHOT_API_KEY: KEY }) {
  let stdout = '';
  let stderr = '';
  const code = await runSnapshot([...FAST, ...args], env, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

async function proxy(rules: FaultRule[], seed = 7): Promise<FaultSource> {
  const started = await startFaultSource({ target: service.url, rules, seed, maxHoldMs: 2000 });
  proxies.push(started);
  return started;
}

/** The data files, whose checksums must not depend on how the crawl went. */
async function dataChecksums(dir: string): Promise<Record<string, string>> {
  const { files } = await getManifest(dir);
  return Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => name !== 'report.json')
      .map(([name, file]) => [name, file.sha256]),
  );
}

const byIdItem = (request: { operation: string; query: URLSearchParams }, operation: string, id: number): boolean =>
  request.operation === operation &&
  request.query.get('id') === String(id) &&
  request.query.get('maxLevel') !== String(FULL_DEPTH);

before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'crawl-faults-'));
  service = await startReadService({ dbPath: DB, apiKey: KEY });
  cleanOut = path.join(work, 'clean');
  const clean = await runCli(['--source', service.url, '--out', cleanOut]);
  assert.equal(clean.code, 0, clean.stderr);
});

after(async () => {
  for (const started of proxies) await started.close();
  await service.close();
  await rm(work, { recursive: true, force: true });
});

test('transient faults (5xx, envelopes, timeouts, truncated and malformed JSON, slow answers, 429) lose nothing', async () => {
  const retryAfterOnce: FaultRule = (request) =>
    request.operation === 'GetMediaAtRoot' && request.attempt === 1
      ? { kind: 'status', status: 429, headers: { 'retry-after': '1' }, body: '' }
      : undefined;
  const faulty = await proxy([retryAfterOnce, transientFaults(0.3, 2)]);
  const out = path.join(work, 'transient');
  const run = await runCli(['--source', faulty.url, '--out', out]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(await dataChecksums(out), await dataChecksums(cleanOut), 'same data as a clean crawl');
  const manifest = await getManifest(out);
  assert.deepEqual(manifest.failures, []);
  assert.ok(manifest.http.attempts > manifest.http.requests, 'retries happened');
  const kinds = new Set(faulty.requests.map((request) => request.fault));
  for (const kind of ['status', 'hang', 'truncate', 'malformed', 'slow'])
    assert.ok(kinds.has(kind as never), `a ${kind} fault was injected`);
  const media = faulty.requests.filter((request) => request.operation === 'GetMediaAtRoot');
  assert.ok((media[1]?.at ?? 0) - (media[0]?.at ?? 0) >= 950, 'Retry-After: 1 was honoured');
});

test('permanent faults are reported per URL with status and attempts; the previous snapshot stays byte-identical', async () => {
  const out = path.join(work, 'permanent');
  await cp(cleanOut, out, { recursive: true });
  const before = await fingerprint(out);
  const broken: FaultRule = (request) => {
    if (byIdItem(request, 'GetContentById', 1103)) return { kind: 'status', status: 500, body: 'boom' };
    if (byIdItem(request, 'GetMediaById', 1148)) return { kind: 'status', status: 404, body: '' };
    return undefined;
  };
  const faulty = await proxy([broken]);
  const run = await runCli(['--source', faulty.url, '--out', out]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /incomplete: 2 permanent failures/);
  assert.deepEqual(await fingerprint(out), before, 'previous snapshot untouched');
  const report = await getReport(`${out}.partial`);
  const failures = report.failures.map(({ operation, id, status, attempts, url }) => ({
    operation,
    id,
    status,
    attempts,
    url: url.replace(faulty.url, ''),
  }));
  assert.deepEqual(
    failures.sort((a, b) => (a.id ?? 0) - (b.id ?? 0)),
    [
      {
        operation: 'GetContentById',
        id: 1103,
        status: 500,
        attempts: 6,
        url: '/cms/Ext/Migrations/GetContentById?id=1103&maxLevel=3',
      },
      {
        operation: 'GetMediaById',
        id: 1148,
        status: 404,
        attempts: 1,
        url: '/cms/Ext/Migrations/GetMediaById?id=1148&maxLevel=2',
      },
    ],
  );
  assert.equal(
    faulty.requests.filter((request) => byIdItem(request, 'GetMediaById', 1148)).length,
    1,
    'no retry on 404',
  );
  assert.equal((await getManifest(`${out}.partial`)).status, 'partial');
  assert.deepEqual(
    (await readdir(work)).filter((name) => name.includes('.tmp-') || name.includes('.old-')),
    [],
  );

  const tolerated = await runCli(['--source', faulty.url, '--out', out, '--max-failures', '2']);
  assert.equal(tolerated.code, 0, tolerated.stderr);
  assert.equal((await getManifest(out)).failures.length, 2);
  assert.deepEqual(
    (await readdir(work)).filter((name) => name.startsWith('permanent.')),
    [],
    'stale partial removed',
  );
  for await (const entry of iterateIndex(out, 'content')) if (entry.id === 1103) assert.equal(entry.chunk, null);
});

test('shape drift is recorded as deviations; a body that breaks the strict part fails only its URL', async () => {
  const drift: FaultRule = (request) => {
    if (byIdItem(request, 'GetContentById', 1102)) {
      return { kind: 'rewrite', change: (body) => ({ ...(body as object), createDate: 12345, extraField: true }) };
    }
    if (byIdItem(request, 'GetContentById', 1103))
      return { kind: 'rewrite', change: (body) => ({ ...(body as object), id: '1103' }) };
    const olderType = (body: unknown) => {
      const { propertyGroups: _groups, allowedTemplates, ...rest } = body as Record<string, unknown>;
      return { ...rest, allowedTemplate: (allowedTemplates as unknown[] | undefined)?.[0] ?? null };
    };
    if (request.operation.startsWith('GetContentTypeBy')) return { kind: 'rewrite', change: olderType };
    if (request.operation === 'GetContentTypes' || request.operation === 'GetMediaTypes')
      return { kind: 'rewrite', change: (body) => (body as unknown[]).map(olderType) };
    return undefined;
  };
  const faulty = await proxy([drift]);
  const out = path.join(work, 'drift');
  const run = await runCli(['--source', faulty.url, '--out', out, '--max-failures', '1']);
  assert.equal(run.code, 0, run.stderr);
  const report = await getReport(out);
  const found = (code: string, at: string) =>
    report.deviations.find((d) => d.code === code && d.path === at && d.operation === 'GetContentById');
  assert.ok(found('additive-field', 'extraField')?.urls.some((url) => url.includes('id=1102')));
  assert.ok(found('shape', 'createDate'));
  assert.deepEqual(
    report.failures.map((f) => [f.id, f.status, f.issues?.[0]?.path]),
    [[1103, 200, 'id']],
  );
  const manifest = await getManifest(out);
  assert.deepEqual(manifest.interfaceVariant.contentTypeGroups, ['tabs']);
  assert.deepEqual(manifest.interfaceVariant.allowedTemplates, ['allowedTemplate']);
  const types = await getContentTypes(out);
  assert.ok(types.contentTypes.some((type) => type.allowedTemplates.length === 1 && type.propertyGroups.length > 0));
});

test('a refused key stops the run at once: exit 3, one request, nothing overwritten', async () => {
  const out = path.join(work, 'refused');
  await cp(cleanOut, out, { recursive: true });
  const before = await fingerprint(out);
  const counting = await proxy([]);
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
    (await readdir(work)).filter((name) => name.startsWith('refused.')),
    [],
  );
});

test('an unreachable source exits 4 and a URL with credentials is refused without echoing them', async () => {
  const closed = await startFaultSource({ target: service.url });
  const url = closed.url;
  await closed.close();
  const run = await runCli(['--source', url, '--out', path.join(work, 'unreachable'), '--retries', '1']);
  assert.equal(run.code, 4);
  assert.match(
    run.stderr,
    /cannot reach the source at http:\/\/127\.0\.0\.1:\d+: network error ECONNREFUSED after 2 attempts/,
  );
  const withUser = await runCli(['--source', `http://api:${KEY}@127.0.0.1:1`, '--out', path.join(work, 'creds')]);
  assert.equal(withUser.code, 2);
  assert.match(withUser.stderr, /--source: must not carry credentials/);
  assert.ok(!withUser.stderr.includes(KEY));
});

test('the API key appears in no snapshot file, report, or output, even when requests fail', async () => {
  const basic = Buffer.from(`api:${KEY}`).toString('base64');
  const noisy = await proxy([
    (request) =>
      byIdItem(request, 'GetContentById', 1103)
        ? { kind: 'status', status: 500, body: `echo ${KEY} ${basic}` }
        : undefined,
    transientFaults(0.2, 1),
  ]);
  const out = path.join(work, 'leak');
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
