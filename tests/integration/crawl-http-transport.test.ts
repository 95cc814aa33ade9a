/**
 * What the crawler's HTTP transport owns, against a loopback server: decoding gzip, br and deflate, the caps on
 * decoded and plain bodies, bodies that do not decode, aborts and deadlines mid-body, and kept-alive connections.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import {
  createHttpClient,
  type HttpClientOptions,
  type HttpOutcome,
} from '../../scripts/snapshot/client/http-client.ts';
import { listenOnLoopback } from '../support/loopback-server.ts';

const BODY = { id: 1, name: 'Hjem — “forside” 🏠', values: Array.from({ length: 200 }, (_, index) => `v${index}`) };
const JSON_BYTES = Buffer.from(JSON.stringify(BODY), 'utf8');
const ENCODED: Record<string, { encoding: string; bytes: Buffer }> = {
  gzip: { encoding: 'gzip', bytes: gzipSync(JSON_BYTES) },
  br: { encoding: 'br', bytes: brotliCompressSync(JSON_BYTES) },
  deflate: { encoding: 'deflate', bytes: deflateSync(JSON_BYTES) },
  rawDeflate: { encoding: 'deflate', bytes: deflateRawSync(JSON_BYTES) },
  gzipThenBr: { encoding: 'gzip, br', bytes: brotliCompressSync(gzipSync(JSON_BYTES)) },
};
/** 64 MiB of spaces, then the body: valid JSON once unpacked, 64 KiB on the wire. */
const BOMB = gzipSync(Buffer.concat([Buffer.alloc(64 << 20, 0x20), JSON_BYTES]), { level: 9 });

const timers = new Set<NodeJS.Timeout>();
const connections: string[] = [];
const closedMidBody: string[] = [];
let server: { url: string; close(): Promise<void> };

function handle(req: IncomingMessage, res: ServerResponse): void {
  const operation = new URL(req.url ?? '/', 'http://loopback').pathname.split('/').pop() ?? '';
  const encoded = ENCODED[operation];
  if (encoded !== undefined) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoded.encoding });
    return void res.end(encoded.bytes);
  }
  if (operation === 'bomb') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    return void res.end(BOMB);
  }
  if (operation === 'corrupt') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    return void res.end(Buffer.concat([ENCODED.gzip!.bytes.subarray(0, 20), Buffer.alloc(40, 0xab)]));
  }
  if (operation === 'zstd') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' });
    return void res.end(JSON_BYTES);
  }
  if (operation === 'large') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
    return void res.end(Buffer.alloc(4096, 0x20));
  }
  if (operation === 'chunked') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(Buffer.alloc(2048, 0x20));
    return void res.end(Buffer.alloc(2048, 0x20));
  }
  if (operation === 'stall') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(JSON_BYTES.length) });
    res.write(JSON_BYTES.subarray(0, 10));
    return void req.socket.once('close', () => closedMidBody.push(operation));
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON_BYTES);
}

before(async () => {
  const http = createServer(handle);
  http.on('connection', (socket) => connections.push(`${socket.remotePort}`));
  server = await listenOnLoopback(http, timers);
});
after(() => server.close());

function client(options: Partial<HttpClientOptions> = {}) {
  return createHttpClient({
    baseUrl: server.url,
    timeoutMs: 5000,
    retries: 0,
    concurrency: 2,
    backoff: { baseMs: 1, maxMs: 5 },
    ...options,
  });
}

function failure(outcome: HttpOutcome): Extract<HttpOutcome, { ok: false }> {
  assert.equal(outcome.ok, false, 'the request failed');
  return outcome as Extract<HttpOutcome, { ok: false }>;
}

describe('the crawler transport', () => {
  it('decodes gzip, br, zlib and raw deflate, and codings applied in turn', async () => {
    const http = client();
    for (const operation of Object.keys(ENCODED)) {
      const outcome = await http.get(operation);
      assert.ok(outcome.ok, `${operation}: ${JSON.stringify(outcome)}`);
      assert.deepEqual(outcome.body, BODY, operation);
    }
    assert.equal(http.stats.invalidUtf8Answers, 0);
    http.close();
  });

  it('stops a gzip bomb at --max-decompressed-bytes, once, without retrying', async () => {
    const http = client({
      retries: 2,
      limits: { maxAnswerBytes: 1 << 20, maxDecompressedBytes: 1 << 20, maxDepth: 64 },
    });
    const outcome = failure(await http.get('bomb'));
    assert.equal(outcome.reason, 'too-large');
    assert.equal(outcome.attempts, 1);
    assert.match(outcome.message, /unpacks past --max-decompressed-bytes 1048576 bytes/);
    http.close();
  });

  it('caps a plain body at --max-answer-bytes, read or declared', async () => {
    const http = client({ limits: { maxAnswerBytes: 1024, maxDecompressedBytes: 1 << 20, maxDepth: 64 } });
    const outcome = failure(await http.get('large'));
    assert.equal(outcome.reason, 'too-large');
    assert.match(outcome.message, /answer of 4096 bytes exceeds --max-answer-bytes 1024/);
    const chunked = failure(await http.get('chunked'));
    assert.equal(chunked.reason, 'too-large');
    assert.match(chunked.message, /answer runs past --max-answer-bytes 1024 bytes/);
    http.close();
  });

  it('fails a body that does not decode, or an unknown coding, as its request, with retries', async () => {
    const http = client({ retries: 1 });
    const corrupt = failure(await http.get('corrupt'));
    assert.equal(corrupt.reason, 'network');
    assert.equal(corrupt.attempts, 2);
    assert.match(corrupt.message, /^network error Z_\w+: the gzip body does not decode/);
    const zstd = failure(await http.get('zstd'));
    assert.match(zstd.message, /unsupported content-encoding zstd/);
    assert.equal(http.stats.answers, 4, 'every answer is counted');
    http.close();
  });

  it('an abort mid-body ends the request and closes its connection', async () => {
    const stop = new AbortController();
    const http = client({ signal: stop.signal });
    const pending = http.get('stall');
    await waitFor(() => connections.length > 0 && http.stats.answers === 1);
    const reason = new Error('stopped by the user');
    stop.abort(reason);
    await assert.rejects(pending, (error) => error === reason);
    await waitFor(() => closedMidBody.length === 1);
    http.close();
  });

  it('a deadline mid-body is a timeout, and its connection is closed', async () => {
    const http = client({ timeoutMs: 150 });
    const outcome = failure(await http.get('stall'));
    assert.equal(outcome.reason, 'timeout');
    assert.match(outcome.message, /no complete answer within 150 ms/);
    await waitFor(() => closedMidBody.length === 2);
    http.close();
  });

  it('keeps connections alive: at most `concurrency` of them for many requests', async () => {
    const before = connections.length;
    const http = client({ concurrency: 3 });
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => http.get('plain')));
    assert.ok(outcomes.every((outcome) => outcome.ok));
    for (let index = 0; index < 10; index += 1) assert.ok((await http.get('plain')).ok);
    assert.ok(connections.length - before <= 3, `${connections.length - before} connections`);
    http.close();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 200) throw new Error('condition not met within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
