/**
 * The crawler against a fault-injecting proxy in front of the local read service: transient faults lose nothing,
 * permanent ones are reported per URL, the previous snapshot is never touched.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';
import { getContentTypes, getManifest, getReport, iterateIndex } from '../../scripts/core/snapshot-format.ts';
import { transientFaults, type FaultRule } from '../support/fault-source.ts';
import { byIdItem, runCli, useFaultCrawl } from '../support/fault-crawl.ts';
import { fingerprint } from '../support/fingerprint.ts';

const fault = useFaultCrawl();

/** The data files, whose checksums must not depend on how the crawl went. */
async function dataChecksums(dir: string): Promise<Record<string, string>> {
  const { files } = await getManifest(dir);
  return Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => name !== 'report.json')
      .map(([name, file]) => [name, file.sha256]),
  );
}

test('transient faults (5xx, envelopes, timeouts, cut or malformed JSON, slow answers, 429) lose nothing', async () => {
  const retryAfterOnce: FaultRule = (request) =>
    request.operation === 'GetMediaAtRoot' && request.attempt === 1
      ? { kind: 'status', status: 429, headers: { 'retry-after': '1' }, body: '' }
      : undefined;
  const faulty = await fault.proxy([retryAfterOnce, transientFaults(0.3, 2)]);
  const out = path.join(fault.work, 'transient');
  const run = await runCli(['--source', faulty.url, '--out', out]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(await dataChecksums(out), await dataChecksums(fault.cleanOut), 'same data as a clean crawl');
  const manifest = await getManifest(out);
  assert.deepEqual(manifest.failures, []);
  assert.ok(manifest.http.attempts > manifest.http.requests, 'retries happened');
  const kinds = new Set(faulty.requests.map((request) => request.fault));
  for (const kind of ['status', 'hang', 'truncate', 'malformed', 'slow'])
    assert.ok(kinds.has(kind as never), `a ${kind} fault was injected`);
  const media = faulty.requests.filter((request) => request.operation === 'GetMediaAtRoot');
  assert.ok((media[1]?.at ?? 0) - (media[0]?.at ?? 0) >= 950, 'Retry-After: 1 was honoured');
});

test('permanent faults: reported per URL with status and attempts; the previous snapshot is untouched', async () => {
  const out = path.join(fault.work, 'permanent');
  await cp(fault.cleanOut, out, { recursive: true });
  const before = await fingerprint(out);
  const broken: FaultRule = (request) => {
    if (byIdItem(request, 'GetContentById', 1103)) return { kind: 'status', status: 500, body: 'boom' };
    if (byIdItem(request, 'GetMediaById', 1148)) return { kind: 'status', status: 404, body: '' };
    return undefined;
  };
  const faulty = await fault.proxy([broken]);
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
        url: '/cms/Ext/Migrations/GetContentById?id=1103&maxLevel=1',
      },
      {
        operation: 'GetMediaById',
        id: 1148,
        status: 404,
        attempts: 1,
        url: '/cms/Ext/Migrations/GetMediaById?id=1148&maxLevel=1',
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
    (await readdir(fault.work)).filter((name) => name.includes('.tmp-') || name.includes('.old-')),
    [],
  );

  const tolerated = await runCli(['--source', faulty.url, '--out', out, '--max-failures', '2']);
  assert.equal(tolerated.code, 0, tolerated.stderr);
  assert.equal((await getManifest(out)).failures.length, 2);
  assert.deepEqual(
    (await readdir(fault.work)).filter((name) => name.startsWith('permanent.')),
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
  const faulty = await fault.proxy([drift]);
  const out = path.join(fault.work, 'drift');
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
