/** Retry timing: exponential backoff with full jitter, and Retry-After parsing. Pure functions. */
export interface BackoffPolicy {
  /** Delay ceiling of the first retry; doubles on each further attempt. */
  baseMs: number;
  /** Cap for any single wait, including one asked for by Retry-After. */
  maxMs: number;
}

/** Full jitter: a uniform wait in [0, min(max, base·2^(retry-1))]. `retry` counts from 1. */
export function computeBackoffMs(retry: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Returns milliseconds from `now`, 0 for a date in the past, undefined when absent or unreadable.
 */
export function parseRetryAfterMs(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before the next attempt: what the server asked for (capped) or else jittered backoff. */
export function getRetryDelayMs(
  retry: number,
  retryAfterMs: number | undefined,
  policy: BackoffPolicy,
  random?: () => number,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxMs);
  return computeBackoffMs(retry, policy, random);
}

/** 408, 429 and 5xx are worth another try; every other status is an answer. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}
