/**
 * One body per documented variant (tests/support/documented-bodies.ts): each is recognised as its variant (so it is
 * no deviation), a field no variant has is still a deviation, and the plugins' error bodies are read as errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCrawlLog } from '../../scripts/snapshot/crawl-log.ts';
import { markElementTypes } from '../../scripts/snapshot/plan/element-types.ts';
import type { HttpClient, HttpOutcome } from '../../scripts/snapshot/client/http-client.ts';
import { createReadClient } from '../../scripts/snapshot/client/read-client.ts';
import type { ContentTypeRecord } from '../../scripts/core/snapshot-format.ts';
import { describeErrorBody, findEnvelopeError } from '../../scripts/snapshot/answers/source-schemas.ts';
import {
  CONTENT_ITEM_VARIANTS,
  CONTENT_TYPE_VARIANTS,
  MEDIA_ITEM_VARIANTS,
  createShapeChecker,
} from '../../scripts/snapshot/answers/source-variants.ts';
import { K, contentItems, contentTypes, mediaItems } from '../support/documented-bodies.ts';

const cases = [
  ['content item', CONTENT_ITEM_VARIANTS, contentItems],
  ['media item', MEDIA_ITEM_VARIANTS, mediaItems],
  ['content type', CONTENT_TYPE_VARIANTS, contentTypes],
] as const;

for (const [kind, variants, bodies] of cases) {
  test(`${kind}: each documented variant is recognised as itself`, () => {
    const check = createShapeChecker(variants);
    for (const [name, body] of Object.entries(bodies))
      assert.deepEqual(check(body), { variant: name.replace(/ as .*$/, '') }, `${kind} ${name}`);
  });
}

test('a field no variant documents is a deviation, reported against the closest variant', () => {
  const check = createShapeChecker(CONTENT_ITEM_VARIANTS);
  const result = check({ ...contentItems['plugin-v8/v10'], surprise: true });
  assert.equal(result.variant, undefined);
  assert.deepEqual('issues' in result ? result.issues.map((i) => [i.code, (i as { keys?: string[] }).keys]) : [], [
    ['unrecognized_keys', ['surprise']],
  ]);
  assert.equal(
    check({ ...contentItems['plugin-v8/v10'], createDate: '2024-03-05 10:21' }).variant,
    undefined,
    'a date without an offset',
  );
  assert.equal(
    check({ ...contentItems['plugin-v7'], createDate: '2024-03-05T10:21:23+01:00' }).variant,
    undefined,
    'a plugin date without milliseconds',
  );
});

test("error bodies: the plugin's {meta} envelope without data, and with data null, are errors", () => {
  assert.deepEqual(findEnvelopeError({ meta: { code: 404, error: 'Content not found.' } }), {
    code: 404,
    message: 'Content not found.',
  });
  assert.deepEqual(describeErrorBody('{"meta":{"code":404,"error":"Content type not found."}}', 'application/json'), {
    style: 'envelope',
    message: 'Content type not found.',
  });
  assert.deepEqual(
    describeErrorBody(
      '{"meta":{"code":401,"error":"No or invalid API key specified in request."},"data":null}',
      'application/json',
    ),
    { style: 'envelope', message: 'No or invalid API key specified in request.' },
  );
  assert.equal(
    findEnvelopeError({ meta: { code: 404 }, data: { id: 1 } }),
    undefined,
    'a body with data is not an error envelope',
  );
});

function fakeHttp(outcome: HttpOutcome): HttpClient {
  return {
    get: async () => outcome,
    stats: { requests: 0, attempts: 0, answers: 0, repairedStrings: 0, invalidUtf8Answers: 0, keyEchoes: 0 },
    signal: new AbortController().signal,
    close: () => {},
  };
}

test('unknown content type: 200 null (7 plugin) and a 404 envelope (10–13) mean "not found"', async () => {
  const url = 'http://source/cms/Ext/Migrations/GetContentTypeByAlias?alias=gone';
  for (const [outcome, reason] of [
    [{ ok: true, url, status: 200, body: null, attempts: 1, bytes: 4 }, 'null-body'],
    [{ ok: false, url, status: 404, attempts: 1, reason: 'http', message: 'Content type not found.' }, 'not-found'],
  ] as const) {
    const log = createCrawlLog();
    const result = await createReadClient(fakeHttp(outcome), log).lookupContentType('alias', 'gone');
    assert.deepEqual(result, { unavailable: reason, url });
    assert.deepEqual(log.failures, []);
  }
});

test('element types by use: block elements and what is composed into them, whatever the flag says', () => {
  const type = (n: number, alias: string, compositions: number[] = [], element = false): ContentTypeRecord => ({
    id: n,
    key: K(n),
    alias,
    name: alias,
    element,
    propertyGroups: [],
    allowedContentTypes: [],
    allowedTemplates: [],
    compositions: compositions.map((c) => ({ key: K(c) })),
  });
  const types = [
    type(1, 'page', [4]),
    type(2, 'card', [3]),
    type(3, 'cardBase'),
    type(4, 'seo'),
    type(5, 'quote'),
    type(6, 'flagged', [], true),
  ];
  const marked = markElementTypes(types, {
    elementKeys: new Set([K(2)]),
    elementAliases: new Set(['Quote']),
    documentAliases: new Set(),
    flagTrusted: true,
  });
  assert.deepEqual(
    marked.map((t) => [t.alias, t.element, t.elementBy]),
    [
      ['page', false, undefined],
      ['card', true, 'block-use'],
      ['cardBase', true, 'composition'],
      ['seo', false, undefined],
      ['quote', true, 'block-use'],
      ['flagged', true, 'flag'],
    ],
  );
});

test('a flag that cannot be trusted leaves undecided what use does not decide: never a document type by default', () => {
  const type = (n: number, alias: string, extra: Partial<ContentTypeRecord> = {}): ContentTypeRecord => ({
    id: n,
    key: K(n),
    alias,
    name: alias,
    element: false,
    propertyGroups: [],
    allowedContentTypes: [],
    allowedTemplates: [],
    compositions: [],
    ...extra,
  });
  const types = [
    type(1, 'page', { allowedContentTypes: [{ key: K(2) }] }),
    type(2, 'article'),
    type(3, 'home', { allowedAsRoot: true }),
    type(4, 'landing', { allowedTemplates: [{ id: 9 }] }),
    type(5, 'card'),
    type(6, 'unusedElement'),
    type(7, 'seo'),
  ];
  const marked = markElementTypes(types, {
    elementKeys: new Set([K(5)]),
    elementAliases: new Set(),
    documentAliases: new Set(['PAGE']),
    flagTrusted: false,
  });
  assert.deepEqual(
    marked.map((t) => [t.alias, t.element]),
    [
      ['page', false],
      ['article', false],
      ['home', false],
      ['landing', false],
      ['card', true],
      ['unusedElement', undefined],
      ['seo', undefined],
    ],
  );
  assert.ok(!('element' in (marked[5] as object)), 'the untrusted false is left out, not kept');
});
