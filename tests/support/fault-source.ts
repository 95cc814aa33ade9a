/**
 * A fault-injecting HTTP proxy in front of a read service, for crawler tests. Loopback only; every held request
 * is released after `maxHoldMs` and close() cuts whatever is still open. Rules decide per request, in order;
 * the first that returns a fault wins. `random` is seeded, so a run's fault mix is reproducible in kind and rate.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server.ts';

export interface ProxiedRequest {
  operation: string;
  query: URLSearchParams;
  /** Path and query, as the crawler asked. */
  target: string;
  /** 1 for the first request of this exact target, 2 for its first retry, … */
  attempt: number;
  at: number;
  authorization: string | undefined;
  fault: Fault['kind'] | 'none';
}

export type Fault =
  | { kind: 'status'; status: number; body?: string; contentType?: string; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'truncate' }
  | { kind: 'malformed' }
  | { kind: 'rewrite'; change: (body: unknown) => unknown };

export type FaultRule = (request: ProxiedRequest, random: () => number) => Fault | undefined;

export interface FaultSource {
  url: string;
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

export interface FaultSourceOptions {
  target: string;
  rules?: FaultRule[];
  seed?: number;
  maxHoldMs?: number;
}

/** mulberry32: small, fast, good enough to pick faults. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TRANSIENT: Array<(random: () => number) => Fault> = [
  () => ({ kind: 'status', status: 500, body: 'Internal Server Error', contentType: 'text/plain' }),
  () => ({
    kind: 'status',
    status: 503,
    body: '{"meta":{"code":503,"error":"busy"},"data":null}',
    contentType: 'application/json',
  }),
  () => ({ kind: 'status', status: 502, body: '' }),
  () => ({ kind: 'hang' }),
  () => ({ kind: 'truncate' }),
  () => ({ kind: 'malformed' }),
  (random) => ({ kind: 'slow', delayMs: Math.floor(random() * 40) }),
];

/** Random transient faults at `rate`, at most `perTarget` times for the same target, so retries always get through. */
export const transientFaults =
  (rate: number, perTarget: number): FaultRule =>
  (request, random) => {
    if (request.attempt > perTarget || random() >= rate) return undefined;
    return (TRANSIENT[Math.floor(random() * TRANSIENT.length)] as (random: () => number) => Fault)(random);
  };

export async function startFaultSource(options: FaultSourceOptions): Promise<FaultSource> {
  const random = seededRandom(options.seed ?? 1);
  const maxHoldMs = options.maxHoldMs ?? 5000;
  const requests: ProxiedRequest[] = [];
  const attempts = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  async function forward(
    incoming: IncomingMessage,
  ): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const headers: Record<string, string> = {};
    if (incoming.headers.authorization !== undefined) headers.authorization = incoming.headers.authorization;
    const response = await fetch(`${options.target}${incoming.url ?? '/'}`, { headers });
    const kept: Record<string, string> = {};
    for (const name of ['content-type', 'retry-after']) {
      const value = response.headers.get(name);
      if (value !== null) kept[name] = value;
    }
    return { status: response.status, headers: kept, body: await response.text() };
  }

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const url = new URL(incoming.url ?? '/', 'http://proxy');
    const target = `${url.pathname}${url.search}`;
    const attempt = (attempts.get(target) ?? 0) + 1;
    attempts.set(target, attempt);
    const request: ProxiedRequest = {
      operation: url.pathname.split('/').pop() ?? '',
      query: url.searchParams,
      target,
      attempt,
      at: Date.now(),
      authorization: incoming.headers.authorization,
      fault: 'none',
    };
    requests.push(request);
    let fault: Fault | undefined;
    for (const rule of options.rules ?? []) if ((fault = rule(request, random)) !== undefined) break;
    request.fault = fault?.kind ?? 'none';
    if (fault?.kind === 'hang') return void later(maxHoldMs, () => incoming.socket.destroy());
    if (fault?.kind === 'status') {
      outgoing.writeHead(fault.status, { 'content-type': fault.contentType ?? 'text/plain', ...fault.headers });
      return void outgoing.end(fault.body ?? '');
    }
    if (fault?.kind === 'malformed') {
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      return void outgoing.end('{"id": 1, "name": "unterminated');
    }
    if (fault?.kind === 'slow') await new Promise<void>((resolve) => later(fault.delayMs, resolve));
    const answer = await forward(incoming);
    let body = answer.body;
    if (fault?.kind === 'rewrite' && answer.status === 200) body = JSON.stringify(fault.change(JSON.parse(body)));
    const bytes = Buffer.from(body, 'utf8');
    outgoing.writeHead(answer.status, { ...answer.headers, 'content-length': String(bytes.length) });
    if (fault?.kind !== 'truncate') return void outgoing.end(bytes);
    outgoing.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
    later(5, () => incoming.socket.destroy());
  }

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch(() => incoming.socket.destroy());
  });
  const { url, close } = await listenOnLoopback(server, timers);
  return { url, requests, close };
}
