/**
 * The HTTP side of the crawler: Basic auth, per-request timeout, bounded concurrency, retries with backoff.
 * It returns every final outcome as a value; only a refused key (which ends the run) is thrown.
 */
import {
  AnswerLimitError,
  DEFAULT_LIMITS,
  decodeText,
  isPlainlyWellFormed,
  makeWellFormed,
  type AnswerLimits,
} from './answer-body.ts';
import { getRetryDelayMs, isRetryableStatus, parseRetryAfterMs, type BackoffPolicy } from './backoff.ts';
import { AuthRefusedError } from '../crawl-errors.ts';
import { createLimiter, sleep } from './limiter.ts';
import {
  ACCEPT_ENCODING,
  createTransport,
  DeadlineError,
  TransportError,
  type TransportAnswer,
} from './http-transport.ts';
import { createSecretMask } from './secret-mask.ts';
import { describeErrorBody, findEnvelopeError, type ErrorBodyStyle } from '../answers/source-schemas.ts';
import { DEFAULT_API_PATH } from './api-path.ts';

export interface HttpClientOptions {
  /** Base URL before the operations path, without credentials or trailing slash. */
  baseUrl: string;
  /** Where the operations are mounted under `baseUrl`, with slashes at both ends (default `/cms/Ext/Migrations/`). */
  apiPath?: string;
  apiKey?: string;
  timeoutMs: number;
  retries: number;
  concurrency: number;
  backoff: BackoffPolicy;
  signal?: AbortSignal;
  random?: () => number;
  onErrorBody?: (style: ErrorBodyStyle) => void;
  limits?: AnswerLimits;
  /** Follow redirects to another origin (without the key); same-origin redirects are always followed. */
  followRedirects?: boolean;
}

export type FailureReason = 'http' | 'network' | 'timeout' | 'malformed-json' | 'too-large' | 'too-deep' | 'redirect';
const FINAL_REASONS: ReadonlySet<FailureReason> = new Set(['too-large', 'too-deep', 'redirect']);
const MAX_REDIRECTS = 5;
export type HttpOutcome =
  | { ok: true; url: string; status: number; body: unknown; attempts: number; bytes: number }
  | { ok: false; url: string; status: number; attempts: number; reason: FailureReason; message: string };

export interface HttpClient {
  /** `maxAnswerBytes` lowers --max-answer-bytes for this request (a tree window that can be asked again narrower). */
  get(operation: string, query?: Record<string, string | number>, maxAnswerBytes?: number): Promise<HttpOutcome>;
  /**
   * `answers` counts HTTP responses of any status: 0 after the first request means the source was never reached.
   * `repairedStrings` counts strings that held lone surrogates, `invalidUtf8Answers` answers whose bytes were not
   * UTF-8.
   */
  readonly stats: HttpStats;
  readonly signal: AbortSignal;
  /** Closes the kept-alive connections. */
  close(): void;
}

export interface HttpStats {
  requests: number;
  /** The largest answer body read (bytes once unpacked), with the time its attempt took and its URL. */
  largest?: { bytes: number; ms: number; url: string };
  attempts: number;
  answers: number;
  repairedStrings: number;
  invalidUtf8Answers: number;
  /** Answers that echoed the API key (in any form secret-mask.ts knows), masked before anything read them. */
  keyEchoes: number;
}

type Attempt =
  | { kind: 'answer'; status: number; body: unknown; bytes: number }
  | { kind: FailureReason; status: number; message: string; retryAfterMs?: number };

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const limiter = createLimiter(options.concurrency);
  const run = new AbortController();
  options.signal?.addEventListener('abort', () => run.abort(options.signal?.reason), { once: true });
  const transport = createTransport(options.concurrency, run.signal);
  const anyOrigin: Record<string, string> = { accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING };
  const headers: Record<string, string> = { ...anyOrigin };
  if (options.apiKey !== undefined)
    headers.authorization = `Basic ${Buffer.from(`api:${options.apiKey}`).toString('base64')}`;
  const stats: HttpStats = {
    requests: 0,
    attempts: 0,
    answers: 0,
    repairedStrings: 0,
    invalidUtf8Answers: 0,
    keyEchoes: 0,
  };
  const mask = createSecretMask(options.apiKey);
  const limits = options.limits ?? DEFAULT_LIMITS;
  const baseOrigin = new URL(options.baseUrl).origin;
  const operationsUrl = `${options.baseUrl}${options.apiPath ?? DEFAULT_API_PATH}`;
  let cooldownUntil = 0;

  async function attemptOnce(url: string, maxAnswerBytes: number): Promise<Attempt> {
    const started = performance.now();
    const deadline = Date.now() + options.timeoutMs;
    try {
      const answer = await sendFollowing(url, deadline);
      if ('kind' in answer) return answer;
      const bytes = await answer.readBody(
        maxAnswerBytes < limits.maxAnswerBytes ? { ...limits, maxAnswerBytes } : limits,
      );
      noteSize(bytes.length, performance.now() - started, url);
      const body = decodeText(bytes);
      if (body.invalidUtf8) stats.invalidUtf8Answers += 1;
      // Masked whole, before it is parsed, stored, cut short or described: a source echoing the key keeps it.
      const text = mask(body.text);
      if (text !== body.text) stats.keyEchoes += 1;
      const retryAfterMs = parseRetryAfterMs(answer.headers['retry-after']);
      if (answer.status >= 200 && answer.status <= 299) return readAnswer(answer.status, text, bytes.length);
      const described = describeErrorBody(text, answer.headers['content-type'] ?? null);
      options.onErrorBody?.(described.style);
      return { kind: 'http', status: answer.status, message: described.message, retryAfterMs };
    } catch (error) {
      if (run.signal.aborted) throw run.signal.reason;
      if (error instanceof AnswerLimitError) return { kind: error.reason, status: 0, message: error.message };
      if (error instanceof DeadlineError)
        return { kind: 'timeout', status: 0, message: `no complete answer within ${options.timeoutMs} ms` };
      return { kind: 'network', status: 0, message: describeNetworkError(error) };
    }
  }

  /** Same-origin redirects are followed; another origin only with followRedirects, and never with the key. */
  async function sendFollowing(first: string, deadline: number): Promise<TransportAnswer | Attempt> {
    let url = new URL(first);
    for (let hop = 0; ; hop += 1) {
      const sameOrigin = url.origin === baseOrigin;
      const answer = await transport.send(url, { headers: sameOrigin ? headers : anyOrigin, deadline });
      stats.answers += 1;
      const location = answer.headers.location;
      if (answer.status < 300 || answer.status > 399 || location === undefined) return answer;
      answer.discard();
      const next = new URL(location, url);
      if (hop >= MAX_REDIRECTS)
        return { kind: 'redirect', status: answer.status, message: `more than ${MAX_REDIRECTS} redirects` };
      if (next.origin !== baseOrigin && !options.followRedirects) {
        return {
          kind: 'redirect',
          status: answer.status,
          message: `redirected to another origin (${next.origin}); refused without --follow-redirects`,
        };
      }
      url = next;
    }
  }

  function noteSize(bytes: number, ms: number, url: string): void {
    if (bytes > (stats.largest?.bytes ?? -1)) stats.largest = { bytes, ms: Math.round(ms), url: redact(url) };
  }

  function readAnswer(status: number, text: string, bytes: number): Attempt {
    let body: unknown = null;
    try {
      if (text.trim() !== '') body = JSON.parse(text);
      if (!isPlainlyWellFormed(text, limits.maxDepth)) {
        const counter = { repaired: 0 };
        body = makeWellFormed(body, counter, limits.maxDepth);
        stats.repairedStrings += counter.repaired;
      }
    } catch (error) {
      if (error instanceof AnswerLimitError) return { kind: error.reason, status, message: error.message };
      return {
        kind: 'malformed-json',
        status,
        message: `malformed JSON in an HTTP ${status} answer (${text.length} characters)`,
      };
    }
    const envelope = findEnvelopeError(body);
    if (envelope === undefined) return { kind: 'answer', status, body, bytes };
    options.onErrorBody?.('envelope');
    return { kind: 'http', status: envelope.code, message: envelope.message };
  }

  async function waitForCooldown(): Promise<void> {
    for (let wait = cooldownUntil - Date.now(); wait > 0; wait = cooldownUntil - Date.now())
      await sleep(wait, run.signal);
  }

  async function get(
    operation: string,
    query: Record<string, string | number> = {},
    maxAnswerBytes = limits.maxAnswerBytes,
  ): Promise<HttpOutcome> {
    const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
    const url = `${operationsUrl}${operation}${search === '' ? '' : `?${search}`}`;
    stats.requests += 1;
    for (let attempt = 1; ; attempt += 1) {
      await waitForCooldown();
      const result = await limiter.run(() => {
        if (run.signal.aborted) throw run.signal.reason;
        stats.attempts += 1;
        return attemptOnce(url, maxAnswerBytes);
      });
      if (result.kind === 'answer')
        return { ok: true, url, status: result.status, body: result.body, attempts: attempt, bytes: result.bytes };
      if (result.kind === 'http' && (result.status === 401 || result.status === 403)) {
        const refused = new AuthRefusedError(result.status, url, options.apiKey !== undefined);
        run.abort(refused);
        throw refused;
      }
      const retryable = result.kind === 'http' ? isRetryableStatus(result.status) : !FINAL_REASONS.has(result.kind);
      if (!retryable || attempt > options.retries) {
        return {
          ok: false,
          url,
          status: result.status,
          attempts: attempt,
          reason: result.kind,
          message: redact(result.message),
        };
      }
      const delay = getRetryDelayMs(attempt, result.retryAfterMs, options.backoff, options.random);
      if (result.retryAfterMs !== undefined) cooldownUntil = Math.max(cooldownUntil, Date.now() + delay);
      await sleep(delay, run.signal);
    }
  }

  /** A server could echo what it was sent; the key must not travel on into reports. */
  const redact = mask;

  return { get, stats, signal: run.signal, close: transport.close };
}

/** Node's own errors carry a code (ECONNREFUSED, ECONNRESET, …); the transport's say what went wrong as well. */
function describeNetworkError(error: unknown): string {
  if (error instanceof TransportError) return `network error ${error.code}: ${error.message}`;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return `network error ${code}`;
  return `network error: ${error instanceof Error ? error.message : String(error)}`;
}
