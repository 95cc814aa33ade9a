import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCrawlLog } from '../../scripts/snapshot/crawl-log.ts';
import type { HttpClient, HttpOutcome } from '../../scripts/snapshot/client/http-client.ts';
import type { ExtraName } from '../../scripts/core/snapshot-extras.ts';
import { crawlExtras, type ExtraSink } from '../../scripts/snapshot/plan/extras-plan.ts';

const KEY = '8DB383D6-7FB6-4B22-8169-82D5DA5CF79E';

/** Sinks that keep each offered extra's entries in memory (`records`); a list that ends otherwise keeps nothing. */
function collectExtras(): { sinkFor: (name: ExtraName) => ExtraSink; records: Map<ExtraName, unknown[]> } {
  const records = new Map<ExtraName, unknown[]>();
  return {
    records,
    sinkFor(name) {
      const entries: unknown[] = [];
      return {
        add: async (entry) => void entries.push(entry),
        end: async (status) => void (status === 'offered' && records.set(name, entries)),
      };
    },
  };
}

type Answer = Partial<HttpOutcome> | ((query: Record<string, string | number>) => Partial<HttpOutcome>);

/** A source answering each extension operation from a table; anything else is a 404. */
function fakeHttp(answers: Record<string, Answer>, asked: string[] = []): HttpClient {
  return {
    get: async (operation: string, query: Record<string, string | number> = {}) => {
      asked.push(`${operation}?skip=${query.skip}&take=${query.take}`);
      const answer = answers[operation];
      return {
        url: `http://source/${operation}`,
        attempts: 1,
        ...((typeof answer === 'function' ? answer(query) : answer) ?? {
          ok: false,
          status: 404,
          reason: 'http',
          message: 'HTTP 404',
        }),
      } as HttpOutcome;
    },
    stats: { requests: 0, attempts: 0, answers: 0, repairedStrings: 0, invalidUtf8Answers: 0, keyEchoes: 0 },
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
  const collected = collectExtras();
  const result = await crawlExtras(
    fakeHttp({
      GetDrafts: { ok: true, status: 200, body: [draft, { ...draft, key: 'not-a-guid' }] },
      GetDictionary: { ok: true, status: 200, body: { not: 'an array' } },
      GetDomains: { ok: false, status: 503, reason: 'http', message: 'HTTP 503' },
      GetLanguages: { ok: true, status: 200, body: [] },
    }),
    log,
    collected.sinkFor,
  );
  assert.equal(result.status.drafts, 'offered');
  assert.equal(result.status.languages, 'offered');
  assert.equal(result.status.dictionary, 'not-offered');
  assert.equal(result.status.domains, 'failed');
  assert.equal(result.status['redirect-urls'], 'not-offered');
  assert.equal(result.requests, 8, 'one request each: every answer was short of a page');
  const kept = collected.records.get('drafts') as Array<Record<string, unknown>>;
  assert.equal(kept.length, 1);
  assert.equal(kept[0]!.key, KEY.toLowerCase());
  assert.deepEqual(Object.keys(kept[0]!.properties as object), ['__proto__', 'constructor']);
  assert.deepEqual(JSON.parse(JSON.stringify(kept[0])).properties.__proto__, { alias: '__proto__', value: 'x' });
  assert.deepEqual(collected.records.get('languages'), []);
  assert.deepEqual([...collected.records.keys()], ['drafts', 'languages'], 'only the offered extras are kept');
  assert.equal(log.failures.length, 1);
  assert.match(log.failures[0]!.message, /\[1\] lacks what the snapshot needs/);
  assert.deepEqual(
    log.warnings.map((w) => w.code),
    ['extra-unavailable'],
  );
});

test('extras: long lists are asked for page by page; a source that ignores paging is read once', async () => {
  const language = (i: number) => ({ isoCode: `x-${i}`, name: `L${i}`, isDefault: i === 0 });
  const all = Array.from({ length: 1203 }, (_, i) => language(i));
  const domains = Array.from({ length: 500 }, (_, i) => ({
    name: `/d${i}`,
    rootKey: null,
    culture: null,
    wildcard: false,
  }));
  const asked: string[] = [];
  const collected = collectExtras();
  const result = await crawlExtras(
    fakeHttp(
      {
        GetLanguages: (q) => ({
          ok: true,
          status: 200,
          body: all.slice(Number(q.skip), Number(q.skip) + Number(q.take)),
        }),
        GetDomains: { ok: true, status: 200, body: domains },
      },
      asked,
    ),
    createCrawlLog(),
    collected.sinkFor,
  );
  assert.deepEqual(collected.records.get('languages'), all);
  assert.deepEqual(collected.records.get('domains'), domains);
  assert.deepEqual(
    asked.filter((a) => a.startsWith('GetLanguages')),
    ['GetLanguages?skip=0&take=500', 'GetLanguages?skip=500&take=500', 'GetLanguages?skip=1000&take=500'],
  );
  assert.equal(asked.filter((a) => a.startsWith('GetDomains')).length, 2, 'the repeated first page ends the list');
  assert.equal(result.requests, asked.length);
});
