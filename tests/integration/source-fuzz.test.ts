/**
 * A bounded, seeded fuzz of the read service over raw sockets: request-targets URL parsing rejects, odd methods,
 * huge and odd headers, odd parameters. The process must never exit and every error answer must be problem+json.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { seededRandom } from '../support/fault-source.ts';
import { sendRaw, startServiceProcess, type RawAnswer, type ServiceProcess } from '../support/service-process.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const DB = sharedDatabase('tdufrane_searchcourse.db');
const KEY = 'fuzz-key-0123456789abcdef';
const REQUESTS = 3000;
const PARALLEL = 8;
const AUTH = `Basic ${Buffer.from(`api:${KEY}`).toString('base64')}`;
const BASE = '/cms/Ext/Migrations/';
const OPERATIONS = [
  'GetContentAtRoot',
  'GetContentById',
  'GetContentByKey',
  'GetMediaAtRoot',
  'GetMediaById',
  'GetMediaByKey',
  'GetContentTypeById',
  'GetContentTypeByKey',
  'GetContentTypeByAlias',
  'getcontentbyid',
  'Nope',
];
const METHODS = [
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PATCH',
  'PROPFIND',
  'BREW',
  'get',
  'M-SEARCH',
  'CONNECT',
  'G\u00e9T',
  '',
];
const BAD_TARGETS = [
  '//[',
  'http://[::1',
  '//a:99999/',
  'http://%zz/',
  '//[::1]:x/',
  '*',
  'http://',
  '\u00ff',
  '/%',
  '/%00',
  '/..%2f..%2fetc/passwd',
  `/${'a'.repeat(9000)}`,
  'http://user:pass@host/',
  '/?%zz=%zz',
  'https://[v7.x]/',
];
const VALUES = [
  '1',
  '-1',
  '0',
  '1101',
  '2147483648',
  '1e3',
  '0x10',
  ' 7 ',
  '',
  '%00',
  '{00000000-0000-0000-0000-000000000000}',
  '\u2028',
  '__proto__',
  'constructor',
  '%ED%A0%80',
  '%FF%FE',
  '9'.repeat(400),
  'NaN',
  '1%2C2',
  '[]',
  '{}',
];

let service: ServiceProcess;
before(async () => {
  service = await startServiceProcess(['--db', DB], { SOURCE_API_KEY: KEY });
});
after(() => service.stop());

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** Values starting with % go raw: invalid UTF-8 and lone surrogates as bytes. */
const encodeValue = (value: string): string => (value.startsWith('%') ? value : encodeURIComponent(value));

function makeTarget(random: () => number): string {
  if (random() < 0.25) return pick(random, BAD_TARGETS);
  const query = Array.from(
    { length: Math.floor(random() * 4) },
    () =>
      `${pick(random, ['id', 'key', 'alias', 'maxLevel', 'ID', 'maxlevel', '__proto__'])}` +
      `=${encodeValue(pick(random, VALUES))}`,
  );
  return `${BASE}${pick(random, OPERATIONS)}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

function makeRequest(random: () => number): { text: string; method: string } {
  const method = pick(random, METHODS);
  const headers = ['Host: 127.0.0.1', 'Connection: close'];
  if (random() < 0.7)
    headers.push(`Authorization: ${random() < 0.8 ? AUTH : `Basic ${'x'.repeat(Math.floor(random() * 50))}`}`);
  if (random() < 0.1) headers.push(`X-Huge: ${'h'.repeat(20_000 + Math.floor(random() * 50_000))}`);
  if (random() < 0.1) headers.push(...Array.from({ length: 300 }, (_, i) => `X-Many-${i}: ${i}`));
  if (random() < 0.05) headers.push('Content-Length: abc');
  if (random() < 0.05) headers.push('Transfer-Encoding: chunked, identity');
  if (random() < 0.05) headers.push('Bad Header: x');
  const version = random() < 0.05 ? 'HTTP/9.9' : 'HTTP/1.1';
  return { text: `${method} ${makeTarget(random)} ${version}\r\n${headers.join('\r\n')}\r\n\r\n`, method };
}

function checkAnswer(answer: RawAnswer | undefined, request: { text: string; method: string }): string | undefined {
  const shown = JSON.stringify(request.text.slice(0, 120));
  if (answer === undefined) return `no answer to ${shown}`;
  if (answer.status < 400) return undefined;
  if (!/^application\/problem\+json/.test(answer.headers.get('content-type') ?? ''))
    return `${answer.status} not problem+json for ${shown}`;
  if (request.method === 'HEAD') return undefined;
  try {
    const body = JSON.parse(answer.body) as { status?: unknown; title?: unknown; detail?: unknown };
    if (body.status !== answer.status || typeof body.title !== 'string' || typeof body.detail !== 'string')
      return `bad problem for ${shown}`;
  } catch {
    return `unparseable problem body for ${shown}`;
  }
  return undefined;
}

test(`${REQUESTS} seeded hostile requests: the service keeps running and every error is problem+json`, async () => {
  const random = seededRandom(20261122);
  const requests = Array.from({ length: REQUESTS }, () => makeRequest(random));
  const problems: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < requests.length; index = next++) {
      const request = requests[index] as { text: string; method: string };
      const answer = await sendRaw(service.port, request.text, 2000);
      statuses.set(answer?.status ?? 0, (statuses.get(answer?.status ?? 0) ?? 0) + 1);
      const problem = checkAnswer(answer, request);
      if (problem !== undefined) problems.push(problem);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  assert.ok(service.alive(), `the service exited: ${service.stderr().slice(-500)}`);
  assert.deepEqual(problems.slice(0, 10), [], `${problems.length} bad answers`);
  for (const status of [200, 400, 401, 404, 405, 431]) assert.ok((statuses.get(status) ?? 0) > 0, `no ${status} seen`);
  const health = await fetch(`${service.url}${BASE}GetContentAtRoot`, { headers: { authorization: AUTH } });
  assert.equal(health.status, 200);
});
