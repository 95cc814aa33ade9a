import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  computeBackoffMs,
  getRetryDelayMs,
  isRetryableStatus,
  parseRetryAfterMs,
} from '../../scripts/snapshot/client/backoff.ts';
import { createLimiter, mapInOrder, sleep } from '../../scripts/snapshot/client/limiter.ts';

const policy = { baseMs: 100, maxMs: 1000 };

test('backoff: full jitter between 0 and an exponentially growing ceiling, capped', () => {
  assert.equal(
    computeBackoffMs(1, policy, () => 0),
    0,
  );
  assert.equal(
    computeBackoffMs(1, policy, () => 0.999),
    99,
  );
  assert.equal(
    computeBackoffMs(3, policy, () => 0.999),
    399,
  );
  assert.equal(
    computeBackoffMs(10, policy, () => 0.999),
    999,
    'capped at maxMs',
  );
  assert.equal(
    computeBackoffMs(4, policy, () => 0.5),
    400,
  );
});

test('Retry-After: delta-seconds or an HTTP date; past dates mean now; garbage is ignored', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  assert.equal(parseRetryAfterMs('3', now), 3000);
  assert.equal(parseRetryAfterMs(' 0 ', now), 0);
  assert.equal(parseRetryAfterMs('Wed, 01 Jan 2025 00:00:05 GMT', now), 5000);
  assert.equal(parseRetryAfterMs('Tue, 31 Dec 2024 23:59:00 GMT', now), 0);
  for (const bad of [null, undefined, '', '-1', '1.5', 'soon', '12:00'])
    assert.equal(parseRetryAfterMs(bad, now), undefined, String(bad));
});

test("retry delay: the server's wish, capped; otherwise backoff", () => {
  assert.equal(getRetryDelayMs(1, 60_000, policy), 1000);
  assert.equal(getRetryDelayMs(1, 250, policy), 250);
  assert.equal(
    getRetryDelayMs(2, undefined, policy, () => 0.5),
    100,
  );
});

test('retryable statuses: 408, 429 and 5xx only', () => {
  for (const status of [408, 429, 500, 502, 503, 504, 599]) assert.ok(isRetryableStatus(status), String(status));
  for (const status of [200, 400, 401, 403, 404, 410, 422]) assert.ok(!isRetryableStatus(status), String(status));
});

test('limiter: never more than `max` at once', async () => {
  const limiter = createLimiter(3);
  let active = 0;
  let peak = 0;
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      limiter.run(async () => {
        peak = Math.max(peak, ++active);
        await sleep(i % 4);
        active -= 1;
      }),
    ),
  );
  assert.equal(peak, 3);
});

test('mapInOrder: finishes in input order, never runs further ahead than the window', async () => {
  const finished: number[] = [];
  let started = 0;
  let aheadMax = 0;
  await mapInOrder(
    Array.from({ length: 40 }, (_, i) => i),
    5,
    async (i) => {
      started += 1;
      aheadMax = Math.max(aheadMax, started - finished.length);
      await sleep((i * 7) % 5);
      return i * 2;
    },
    async (i, doubled) => {
      assert.equal(doubled, i * 2);
      finished.push(i);
    },
  );
  assert.deepEqual(
    finished,
    Array.from({ length: 40 }, (_, i) => i),
  );
  assert.ok(aheadMax <= 5, `ran ${aheadMax} ahead`);
});

test('sleep: an abort rejects at once with the reason', async () => {
  const controller = new AbortController();
  const waiting = sleep(10_000, controller.signal);
  controller.abort(new Error('stop'));
  await assert.rejects(waiting, /stop/);
});
