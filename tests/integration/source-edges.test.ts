/**
 * The read service at the edges of HTTP: answers Node itself would send (a missing Host, an Expect it does not know)
 * are problem+json too, the Basic scheme is matched in any case, and idle connections cannot starve a real request.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { API, getJson, withReadService } from '../support/read-service.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const DB = sharedDatabase('tdufrane_searchcourse.db');
const KEY = 'edge-test-key-0123456789';
const basic = (scheme: string, key = KEY) => `${scheme} ${Buffer.from(`api:${key}`).toString('base64')}`;

/** Sends raw bytes on a fresh connection and reads until the server closes it or `ms` pass. */
function rawExchange(url: string, request: string, ms = 2000): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let text = '';
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

function parseAnswer(text: string): { status: number; type: string; body: any } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const type = /^content-type: (.*)$/im.exec(head)?.[1] ?? '';
  return { status, type, body: body === '' ? undefined : JSON.parse(body) };
}

describe('the read service at the edges of HTTP', () => {
  it('a request without Host gets a 400 problem naming it', async () => {
    await withReadService({ dbPath: DB }, async (service) => {
      const answer = parseAnswer(
        await rawExchange(service.url, `GET ${API}/GetContentAtRoot HTTP/1.1\r\nConnection: close\r\n\r\n`),
      );
      assert.equal(answer.status, 400);
      assert.match(answer.type, /^application\/problem\+json/);
      assert.equal(answer.body.status, 400);
      assert.match(answer.body.detail, /Host/);
    });
  });

  it('an Expect other than 100-continue gets a 417 problem; 100-continue is served', async () => {
    await withReadService({ dbPath: DB }, async (service) => {
      const head = `GET ${API}/GetContentAtRoot HTTP/1.1\r\nHost: x\r\nConnection: close\r\n`;
      const refused = parseAnswer(await rawExchange(service.url, `${head}Expect: teapot\r\n\r\n`));
      assert.equal(refused.status, 417);
      assert.match(refused.type, /^application\/problem\+json/);
      assert.equal(refused.body.title, 'Expectation Failed');
      const served = await rawExchange(service.url, `${head}Expect: 100-continue\r\n\r\n`);
      assert.match(served, /HTTP\/1\.1 200 OK/);
    });
  });

  it('the Basic scheme in any case is Basic; a wrong key in any case is refused', async () => {
    await withReadService({ dbPath: DB, apiKey: KEY }, async (service) => {
      const url = `${service.url}${API}/GetContentAtRoot`;
      for (const scheme of ['Basic', 'basic', 'BASIC', 'bAsIc'])
        assert.equal((await getJson(url, { headers: { authorization: basic(scheme) } })).status, 200, scheme);
      for (const header of [basic('basic', 'wrong-key-0123456789'), basic('Bearer'), KEY, ''])
        assert.equal((await getJson(url, { headers: { authorization: header } })).status, 401, header);
    });
  });

  it('idle connections are closed first: at the bound, an authorised request is still answered', async () => {
    await withReadService({ dbPath: DB, apiKey: KEY, maxConnections: 8 }, async (service) => {
      const { hostname, port } = new URL(service.url);
      const idle: Socket[] = [];
      const closed = new Set<Socket>();
      for (let i = 0; i < 8; i += 1) {
        const socket = connect(Number(port), hostname);
        socket.on('error', () => undefined);
        socket.on('close', () => closed.add(socket));
        // Half a request, never finished: a connection that holds a slot without asking anything.
        socket.write(`GET ${API}/GetContentAtRoot HTTP/1.1\r\nHost: x\r\n`);
        idle.push(socket);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const started = Date.now();
      const answer = await getJson(`${service.url}${API}/GetContentAtRoot`, {
        headers: { authorization: basic('Basic'), connection: 'close' },
      });
      assert.equal(answer.status, 200);
      assert.ok(Date.now() - started < 2000, 'answered at once');
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.ok(closed.has(idle[0] as Socket), 'the connection idle longest was closed to make room');
      for (const socket of idle) socket.destroy();
    });
  });
});
