/**
 * A hostile read service for crawler tests: it serves a HostileSite and misbehaves on switches, the way flaky or
 * compromised sources do. Loopback only; close() cuts whatever is still open. Beside fault-source.ts, which injects
 * transport faults in front of the real service; this one owns its data, so it can send what no database holds.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server.ts';
import { gzipSync } from 'node:zlib';
import { HostileSite, type HostileSiteOptions } from './hostile-site.ts';

export interface Misbehaviour extends HostileSiteOptions {
  /** Both at-root operations answer []. */
  emptyRoots?: boolean;
  /** Every answer is an HTML login page with status 200. */
  htmlLoginPage?: boolean;
  /** By-id answers for items (not whole trees) are the JSON `null`. */
  nullItems?: boolean;
  /** Every answer trickles out one byte per this many ms. */
  slowDripMs?: number;
  /** The first item's answer is gzip that unpacks to this many bytes of leading whitespace. */
  gzipBombBytes?: number;
  /** The first item's first property value is nested this deep. */
  deepValue?: number;
  /** The first item's name is sent with these raw bytes in place of the text `INVALID_UTF8`. */
  invalidUtf8?: Buffer;
  /** Every request is redirected (302) to this origin, same path. */
  redirectTo?: string;
  /** Error answers (500) to by-id items that echo the Authorization header's key in several encodings. */
  echoKey?: boolean;
  /** By-id items carry the Authorization header's key, in every encoding of echoKey, in a property value. */
  echoKeyInValues?: boolean;
}

export interface HostileSource {
  url: string;
  site: HostileSite;
  requests: string[];
  close(): Promise<void>;
}

const LOGIN_PAGE = '<!doctype html><html><head><title>Log in</title></head><body><form>…</form></body></html>';
const DEEP_MARK = '"__DEEP_VALUE__"';

export async function startHostileSource(behaviour: Misbehaviour): Promise<HostileSource> {
  const site = new HostileSite(behaviour);
  const firstItem = site.nodes.get(site.roots[0] ?? -1)?.children[0];
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function answer(req: IncomingMessage): { status: number; body: unknown; itemId?: number } {
    const url = new URL(req.url ?? '/', 'http://hostile');
    const operation = url.pathname.split('/').pop()?.toLowerCase() ?? '';
    const q = (name: string): string => url.searchParams.get(name) ?? '';
    const maxLevel = Number(q('maxLevel') || 10_000);
    if (operation === 'getcontentatroot' || operation === 'getmediaatroot') {
      if (behaviour.emptyRoots || operation === 'getmediaatroot') return { status: 200, body: [] };
      return { status: 200, body: site.roots.map((id) => site.summary(site.nodes.get(id)!, 1, maxLevel, [])) };
    }
    if (operation === 'getcontentbyid') {
      const id = Number(q('id'));
      const item = site.item(id, maxLevel);
      if (item === undefined) return { status: 404, body: { title: 'Not Found', status: 404 } };
      const whole = maxLevel >= 10_000;
      if (behaviour.nullItems && !whole) return { status: 200, body: null };
      if (behaviour.echoKey && !whole) return { status: 500, body: echoKey(req.headers.authorization) };
      if (behaviour.echoKeyInValues && !whole) return { status: 200, body: withEchoedKey(item, req), itemId: id };
      return { status: 200, body: item, itemId: id };
    }
    if (operation === 'getcontenttypebyalias' || operation === 'getcontenttypebykey') {
      const type = site.contentType(
        operation.endsWith('alias') ? 'alias' : 'key',
        q(operation.endsWith('alias') ? 'alias' : 'key'),
      );
      return type === undefined
        ? { status: 404, body: { title: 'Not Found', status: 404 } }
        : { status: 200, body: type };
    }
    return { status: 404, body: { title: 'Not Found', status: 404 } };
  }

  function encode(body: unknown, itemId: number | undefined): { bytes: Buffer; headers: Record<string, string> } {
    let text = JSON.stringify(body);
    const first = itemId !== undefined && itemId === firstItem;
    if (first && behaviour.deepValue !== undefined) {
      text = text.replace(/"value":"[^"]*"/, `"value":${DEEP_MARK}`);
      text = text.replace(DEEP_MARK, `${'['.repeat(behaviour.deepValue)}${']'.repeat(behaviour.deepValue)}`);
    }
    let bytes: Buffer = Buffer.from(text, 'utf8');
    if (behaviour.invalidUtf8 !== undefined)
      bytes = replaceBytes(bytes, Buffer.from('INVALID_UTF8'), behaviour.invalidUtf8);
    if (first && behaviour.gzipBombBytes !== undefined)
      return { bytes: gzipBomb(behaviour.gzipBombBytes, bytes), headers: { 'content-encoding': 'gzip' } };
    return { bytes, headers: {} };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    requests.push(req.url ?? '');
    if (behaviour.redirectTo !== undefined) {
      res.writeHead(302, { location: `${behaviour.redirectTo}${req.url ?? '/'}` });
      return void res.end();
    }
    if (behaviour.htmlLoginPage) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end(LOGIN_PAGE);
    }
    const { status, body, itemId } = answer(req);
    const { bytes, headers } = encode(body, itemId);
    res.writeHead(status, {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
      ...headers,
    });
    if (behaviour.slowDripMs === undefined) return void res.end(bytes);
    for (let offset = 0; offset < bytes.length && !res.destroyed; offset += 1) {
      res.write(bytes.subarray(offset, offset + 1));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => timers.delete(timer) && resolve(), behaviour.slowDripMs);
        timers.add(timer);
      });
    }
    res.end();
  }

  const server = createServer((req, res) => void handle(req, res).catch(() => req.socket.destroy()));
  const { url, close } = await listenOnLoopback(server, timers);
  return { url, site, requests, close };
}

const keyOf = (authorization: string | undefined): string =>
  Buffer.from((authorization ?? '').replace(/^Basic /, ''), 'base64')
    .toString('utf8')
    .replace(/^api:/, '');

/**
 * The key as a careless server echoes it: plain (after 190 characters, so a message cut at 200 cuts through it),
 * URL- and form-encoded, JSON-escaped, base64 at each of the three byte alignments and in HTTP Basic, hex.
 */
export function listKeyEchoes(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8');
  return [
    `${'.'.repeat(190)} ${key}`,
    encodeURIComponent(key),
    new URLSearchParams({ k: key }).toString(),
    JSON.stringify(key),
    ...['', 'x', 'xy'].map((lead) => Buffer.from(`${lead}${key}!`).toString('base64')),
    Buffer.from(`api:${key}`).toString('base64'),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
  ];
}

function echoKey(authorization: string | undefined): Record<string, unknown> {
  return {
    title: 'Internal Server Error',
    status: 500,
    detail: listKeyEchoes(keyOf(authorization)).join('; '),
  };
}

function withEchoedKey(item: Record<string, unknown>, req: IncomingMessage): Record<string, unknown> {
  const properties = { ...(item.properties as Record<string, unknown>) };
  listKeyEchoes(keyOf(req.headers.authorization)).forEach((echo, i) => {
    properties[`echo${i}`] = { alias: `echo${i}`, editorAlias: 'Umbraco.TextBox', value: `seen: ${echo}` };
  });
  return { ...item, properties };
}

function replaceBytes(bytes: Buffer, marker: Buffer, replacement: Buffer): Buffer {
  const at = bytes.indexOf(marker);
  return at < 0 ? bytes : Buffer.concat([bytes.subarray(0, at), replacement, bytes.subarray(at + marker.length)]);
}

/** gzip members concatenate: one member of 1 MiB of spaces repeated, then the real body, is valid JSON. */
function gzipBomb(bytes: number, tail: Buffer): Buffer {
  const member = gzipSync(Buffer.alloc(1 << 20, 0x20), { level: 9 });
  return Buffer.concat([...Array.from({ length: Math.ceil(bytes / (1 << 20)) }, () => member), gzipSync(tail)]);
}
