import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCrawlLog } from '../../scripts/snapshot/crawl-log.ts';
import type { HttpClient, HttpOutcome } from '../../scripts/snapshot/client/http-client.ts';
import { crawlExtras } from '../../scripts/snapshot/plan/extras-plan.ts';

const KEY = '8DB383D6-7FB6-4B22-8169-82D5DA5CF79E';

/** A source answering each extension operation from a table; anything else is a 404. */
function fakeHttp(answers: Record<string, Partial<HttpOutcome>>): HttpClient {
  return {
    get: async (operation: string) =>
      ({
        url: `http://source/${operation}`,
        attempts: 1,
        ...(answers[operation] ?? { ok: false, status: 404, reason: 'http', message: 'HTTP 404' }),
      }) as HttpOutcome,
    stats: { requests: 0, attempts: 0, answers: 0, repairedStrings: 0, invalidUtf8Answers: 0 },
    signal: new AbortController().signal,
    close: () => {},
  };
}

test('extras: offered, not offered, failed, and entries lacking what the site needs', async () => {
  const log = createCrawlLog();
  // JSON.parse keeps `__proto__` as an own key, as an answer body arrives.
  const properties = JSON.parse('{"__proto__":{"alias":"__proto__","value":"x"},"constructor":{"value":1}}');
  const draft = {
    id: 1102,
    key: KEY,
    name: 'About\u202eUs\u2028',
    type: 'textPage',
    parentId: 1101,
    level: 2,
    updateDate: null,
    publishedName: 'About',
    publishedDate: null,
    editedCultures: [],
    properties,
  };
  const result = await crawlExtras(
    fakeHttp({
      GetDrafts: { ok: true, status: 200, body: [draft, { ...draft, key: 'not-a-guid' }] },
      GetDictionary: { ok: true, status: 200, body: { not: 'an array' } },
      GetDomains: { ok: false, status: 503, reason: 'http', message: 'HTTP 503' },
      GetLanguages: { ok: true, status: 200, body: [] },
    }),
    log,
  );
  assert.equal(result.status.drafts, 'offered');
  assert.equal(result.status.languages, 'offered');
  assert.equal(result.status.dictionary, 'not-offered');
  assert.equal(result.status.domains, 'failed');
  assert.equal(result.status['redirect-urls'], 'not-offered');
  assert.equal(result.requests, 8);
  const kept = result.records.get('drafts') as Array<Record<string, unknown>>;
  assert.equal(kept.length, 1);
  assert.equal(kept[0]!.key, KEY.toLowerCase());
  assert.deepEqual(Object.keys(kept[0]!.properties as object), ['__proto__', 'constructor']);
  assert.deepEqual(JSON.parse(JSON.stringify(kept[0])).properties.__proto__, { alias: '__proto__', value: 'x' });
  assert.deepEqual(result.records.get('languages'), []);
  assert.equal(log.failures.length, 1);
  assert.match(log.failures[0]!.message, /\[1\] lacks what the snapshot needs/);
  assert.deepEqual(
    log.warnings.map((w) => w.code),
    ['extra-unavailable'],
  );
});
