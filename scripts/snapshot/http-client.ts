/**
 * The HTTP side of the crawler: Basic auth, per-request timeout, bounded concurrency, retries with backoff.
 * It returns every final outcome as a value; only a refused key (which ends the run) is thrown.
 */
import { getRetryDelayMs, isRetryableStatus, parseRetryAfterMs, type BackoffPolicy } from './backoff.ts';
import { AuthRefusedError } from './crawl-errors.ts';
import { createLimiter, sleep } from './limiter.ts';
import { maskSecret } from './secret-mask.ts';
import { describeErrorBody, findEnvelopeError, type ErrorBodyStyle } from './source-schemas.ts';

export const API_PATH = '/cms/Ext/Migrations';

export interface HttpClientOptions {
  /** Base URL before /cms/Ext/Migrations, without credentials or trailing slash. */
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  retries: number;
  concurrency: number;
  backoff: BackoffPolicy;
  signal?: AbortSignal;
  random?: () => number;
  onErrorBody?: (style: ErrorBodyStyle) => void;
}

export type FailureReason = 'http' | 'network' | 'timeout' | 'malformed-json';
export type HttpOutcome =
  | { ok: true; url: string; status: number; body: unknown; attempts: number }
  | { ok: false; url: string; status: number; attempts: number; reason: FailureReason; message: string };

export interface HttpClient {
  get(operation: string, query?: Record<string, string | number>): Promise<HttpOutcome>;
  /** `answers` counts HTTP responses of any status: 0 after the first request means the source was never reached. */
  readonly stats: { requests: number; attempts: number; answers: number };
  readonly signal: AbortSignal;
}

type Attempt =
  | { kind: 'answer'; status: number; body: unknown }
  | { kind: FailureReason; status: number; message: string; retryAfterMs?: number };

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const limiter = createLimiter(options.concurrency);
  const run = new AbortController();
  options.signal?.addEventListener('abort', () => run.abort(options.signal?.reason), { once: true });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey !== undefined) headers.authorization = `Basic ${Buffer.from(`api:${options.apiKey}`).toString('base64')}`;
  const stats = { requests: 0, attempts: 0, answers: 0 };
  let cooldownUntil = 0;

  async function attemptOnce(url: string): Promise<Attempt> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.any([timeout, run.signal]) });
      stats.answers += 1;
      const text = await response.text();
      const retryAfterMs = parseRetryAfterMs(response.headers.get('retry-after'));
      if (response.ok) return readAnswer(response.status, text);
      const described = describeErrorBody(text, response.headers.get('content-type'));
      options.onErrorBody?.(described.style);
      return { kind: 'http', status: response.status, message: described.message, retryAfterMs };
    } catch (error) {
      if (run.signal.aborted) throw run.signal.reason;
      if (timeout.aborted) return { kind: 'timeout', status: 0, message: `no complete answer within ${options.timeoutMs} ms` };
      return { kind: 'network', status: 0, message: describeNetworkError(error) };
    }
  }

  function readAnswer(status: number, text: string): Attempt {
    let body: unknown = null;
    try {
      if (text.trim() !== '') body = JSON.parse(text);
    } catch {
      return { kind: 'malformed-json', status, message: `malformed JSON in an HTTP ${status} answer (${text.length} characters)` };
    }
    const envelope = findEnvelopeError(body);
    if (envelope === undefined) return { kind: 'answer', status, body };
    options.onErrorBody?.('envelope');
    return { kind: 'http', status: envelope.code, message: envelope.message };
  }

  async function waitForCooldown(): Promise<void> {
    for (let wait = cooldownUntil - Date.now(); wait > 0; wait = cooldownUntil - Date.now()) await sleep(wait, run.signal);
  }

  async function get(operation: string, query: Record<string, string | number> = {}): Promise<HttpOutcome> {
    const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
    const url = `${options.baseUrl}${API_PATH}/${operation}${search === '' ? '' : `?${search}`}`;
    stats.requests += 1;
    for (let attempt = 1; ; attempt += 1) {
      await waitForCooldown();
      const result = await limiter.run(() => {
        if (run.signal.aborted) throw run.signal.reason;
        stats.attempts += 1;
        return attemptOnce(url);
      });
      if (result.kind === 'answer') return { ok: true, url, status: result.status, body: result.body, attempts: attempt };
      if (result.kind === 'http' && (result.status === 401 || result.status === 403)) {
        const refused = new AuthRefusedError(result.status, url, options.apiKey !== undefined);
        run.abort(refused);
        throw refused;
      }
      const retryable = result.kind !== 'http' || isRetryableStatus(result.status);
      if (!retryable || attempt > options.retries) {
        return { ok: false, url, status: result.status, attempts: attempt, reason: result.kind, message: redact(result.message) };
      }
      const delay = getRetryDelayMs(attempt, result.retryAfterMs, options.backoff, options.random);
      if (result.retryAfterMs !== undefined) cooldownUntil = Math.max(cooldownUntil, Date.now() + delay);
      await sleep(delay, run.signal);
    }
  }

  /** A server could echo what it was sent; the key must not travel on into reports. */
  const redact = (text: string): string => maskSecret(text, options.apiKey);

  return { get, stats, signal: run.signal };
}

function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return `network error ${cause.code}`;
  if (typeof cause?.message === 'string') return `network error: ${cause.message}`;
  return `network error: ${error instanceof Error ? error.message : String(error)}`;
}
