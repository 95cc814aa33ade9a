/**
 * One body per documented variant, written by hand from read-api.md: each is recognised as its variant (so it is no
 * deviation), a field no variant has is still a deviation, and the error bodies deployed plugins send are read as errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCrawlLog } from '../../scripts/snapshot/crawl-log.ts';
import { markElementTypes } from '../../scripts/snapshot/element-types.ts';
import type { HttpClient, HttpOutcome } from '../../scripts/snapshot/http-client.ts';
import { createReadClient } from '../../scripts/snapshot/read-client.ts';
import type { ContentTypeRecord } from '../../scripts/snapshot/snapshot-format.ts';
import { describeErrorBody, findEnvelopeError } from '../../scripts/snapshot/source-schemas.ts';
import {
  CONTENT_ITEM_VARIANTS, CONTENT_TYPE_VARIANTS, MEDIA_ITEM_VARIANTS, createShapeChecker,
} from '../../scripts/snapshot/source-variants.ts';

const K = (n: number) => `0000000${n}-aaaa-4bbb-8ccc-dddddddddddd`.slice(-36);
const MS = '2024-03-05T10:21:23.576+01:00';
const MS_UTC = '2024-03-05T09:21:23.576Z';
const SEC = '2024-03-05T10:21:23+01:00';
const prop = (alias: string, editorAlias: string, value: unknown) => ({ alias, editorAlias, value });
const properties = {
  price: prop('price', 'Umbraco.Decimal', '10.0'),
  visible: prop('visible', 'Umbraco.TrueFalse', 1),
  published: prop('published', 'Umbraco.DateTime', MS),
  blocks: prop('blocks', 'Umbraco.BlockList', { layout: {}, contentData: [], settingsData: [] }),
};

const contentItems = {
  'plugin-v10': {
    id: 1102, key: K(1102), name: 'About', url: '/about/', type: 'textPage', sortOrder: 1, createDate: MS, updateDate: MS_UTC,
    path: [{ id: 1101, key: K(1101), name: 'Home', url: '/', type: 'homePage', sortOrder: 0, createDate: MS, updateDate: MS }],
    properties,
  },
  'plugin-v8': {
    id: 1102, key: K(1102), name: 'About', url: '/about/', type: 'textPage', sortOrder: 1, createDate: SEC, updateDate: SEC,
    path: [{ id: 1101, key: K(1101), name: 'Home', url: '/', type: 'homePage', sortOrder: 0, createDate: SEC, updateDate: SEC }],
    properties: { ...properties, published: prop('published', 'Umbraco.DateTime', SEC) },
  },
  'plugin-v7': {
    id: 1102, key: K(1102).toUpperCase(), name: 'About', url: '/about/', type: 'textPage', createDate: SEC, updateDate: SEC,
    children: [{ id: 1103, key: K(1103), name: 'Team', url: '/about/team/', type: 'textPage', createDate: SEC, updateDate: SEC }],
    path: [{ id: 1101, key: K(1101), name: 'Home', url: '/', type: 'homePage', createDate: SEC, updateDate: SEC }],
    properties: { title: prop('title', 'Umbraco.TextBox', 'About') },
  },
  'local-service': {
    id: 1102, key: K(1102), name: 'About', url: '/en/about/', type: 'textPage', sortOrder: 1, createDate: SEC, updateDate: SEC,
    path: [], properties: { title: prop('title', 'Umbraco.TextBox', 'About') }, urlSegment: 'about',
    template: { id: 1067, key: K(1067), alias: 'TextPage', name: 'Text Page' },
    cultures: { da: { name: 'Om', url: '/da/om/', urlSegment: 'om', updateDate: SEC, properties: { title: prop('title', 'Umbraco.TextBox', 'Om') } } },
  },
};

const file = (value: unknown) => ({ umbracoFile: prop('umbracoFile', 'Umbraco.ImageCropper', value), umbracoBytes: prop('umbracoBytes', 'Umbraco.Label', '476867') });
const mediaItems = {
  'plugin-v10': {
    id: 1148, key: K(1148), name: 'Photo', url: '/media/ab12cd34/photo.jpg', type: 'Image', sortOrder: 0, createDate: MS, updateDate: MS,
    path: [{ id: 1147, key: K(1147), name: 'Misc', url: '', type: 'Folder', sortOrder: 0, createDate: MS, updateDate: MS }],
    properties: file({ src: '/media/ab12cd34/photo.jpg', crops: [] }),
  },
  'plugin-v7/v8': {
    id: 1148, key: K(1148), name: 'Photo', url: '/media/ab12cd34/photo.jpg', type: 'Image', createDate: SEC, updateDate: SEC,
    path: [{ id: 1147, key: K(1147), name: 'Misc', url: '', type: 'Folder', createDate: SEC, updateDate: SEC,
      children: [{ id: 1148, key: K(1148), name: 'Photo', url: '/media/ab12cd34/photo.jpg', type: 'Image', createDate: SEC, updateDate: SEC }] }],
    properties: file('/media/ab12cd34/photo.jpg'),
  },
};

const propertyType = { id: 40, key: K(40), alias: 'bodyText', name: 'Body', description: null, sortOrder: 0, editorAlias: 'Umbraco.TinyMCE', dataTypeId: 1049, mandatory: false };
const typeItem = (id: number, alias: string) => ({ id, key: K(id), alias, path: `-1,${id}`, name: alias, icon: 'icon-document', element: false, createDate: MS, updateDate: MS });
const ownGroup = { id: 12, key: K(12), name: 'Content', sortOrder: 0, propertyTypes: [propertyType], properties: [propertyType] };
const contentTypes = {
  'plugin-v10': {
    ...typeItem(1086, 'textPage'), allowedAsRoot: false, defaultTemplate: { id: 1067, key: K(1067), alias: 'TextPage', path: '-1,1067', name: 'Text Page' },
    allowedContentTypes: [typeItem(1087, 'newsItem')], allowedTemplates: [], compositions: [typeItem(1090, 'seo'), typeItem(1091, 'seoBase')],
    propertyGroups: [ownGroup], tabs: [ownGroup],
  },
  'plugin-v7/v8': {
    id: 1086, key: K(1086), alias: 'textPage', name: 'Text Page', icon: 'icon-document',
    tabs: [{ id: 12, key: K(12), name: 'Content', sortOrder: 0, properties: [propertyType] }],
    defaultTemplate: { id: 1067, key: K(1067), alias: 'TextPage', name: 'Text Page' }, allowedAsRoot: false,
    allowedContentTypes: [{ id: 1087, key: K(1087), alias: 'newsItem', name: 'News' }],
    allowedTemplate: [{ id: 1067, key: K(1067), alias: 'TextPage', name: 'Text Page' }],
    compositions: [{ id: 1090, key: K(1090), alias: 'seo', name: 'SEO' }],
  },
  'local-service': {
    ...typeItem(1086, 'textPage'), createDate: SEC, updateDate: SEC, allowedAsRoot: false, variesByCulture: true, defaultTemplate: null,
    allowedTemplates: [], allowedContentTypes: [], compositions: [],
    propertyGroups: [{ ...ownGroup, alias: 'content', type: 'tab', propertyTypes: [{ ...propertyType, variesByCulture: true }], properties: [{ ...propertyType, variesByCulture: true }] }],
    tabs: [{ ...ownGroup, alias: 'content', type: 'tab', propertyTypes: [], properties: [] }],
  },
};

const cases = [
  ['content item', CONTENT_ITEM_VARIANTS, contentItems],
  ['media item', MEDIA_ITEM_VARIANTS, mediaItems],
  ['content type', CONTENT_TYPE_VARIANTS, contentTypes],
] as const;

for (const [kind, variants, bodies] of cases) {
  test(`${kind}: each documented variant is recognised as itself`, () => {
    const check = createShapeChecker(variants);
    for (const [name, body] of Object.entries(bodies)) assert.deepEqual(check(body), { variant: name }, `${kind} ${name}`);
  });
}

test('a field no variant documents is a deviation, reported against the closest variant', () => {
  const check = createShapeChecker(CONTENT_ITEM_VARIANTS);
  const result = check({ ...contentItems['plugin-v10'], surprise: true });
  assert.equal(result.variant, undefined);
  assert.deepEqual('issues' in result ? result.issues.map((i) => [i.code, (i as { keys?: string[] }).keys]) : [], [['unrecognized_keys', ['surprise']]]);
  assert.equal(check({ ...contentItems['plugin-v10'], createDate: '2024-03-05 10:21' }).variant, undefined, 'a date without an offset');
});

test('error bodies: the plugin\'s {meta} envelope without data, and with data null, are errors', () => {
  assert.deepEqual(findEnvelopeError({ meta: { code: 404, error: 'Content not found.' } }), { code: 404, message: 'Content not found.' });
  assert.deepEqual(describeErrorBody('{"meta":{"code":404,"error":"Content type not found."}}', 'application/json'), { style: 'envelope', message: 'Content type not found.' });
  assert.deepEqual(describeErrorBody('{"meta":{"code":401,"error":"No or invalid API key specified in request."},"data":null}', 'application/json'),
    { style: 'envelope', message: 'No or invalid API key specified in request.' });
  assert.equal(findEnvelopeError({ meta: { code: 404 }, data: { id: 1 } }), undefined, 'a body with data is not an error envelope');
});

function fakeHttp(outcome: HttpOutcome): HttpClient {
  return { get: async () => outcome, stats: { requests: 0, attempts: 0, answers: 0 }, signal: new AbortController().signal };
}

test('an unknown content type: 200 null (Umbraco 7 plugin) and a 404 envelope (10–13) both mean "not found", not a failure', async () => {
  const url = 'http://source/cms/Ext/Migrations/GetContentTypeByAlias?alias=gone';
  for (const [outcome, reason] of [
    [{ ok: true, url, status: 200, body: null, attempts: 1 }, 'null-body'],
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
    id: n, key: K(n), alias, name: alias, element, propertyGroups: [], allowedContentTypes: [], allowedTemplates: [],
    compositions: compositions.map((c) => ({ key: K(c) })),
  });
  const types = [type(1, 'page', [4]), type(2, 'card', [3]), type(3, 'cardBase'), type(4, 'seo'), type(5, 'quote'), type(6, 'flagged', [], true)];
  const marked = markElementTypes(types, { elementKeys: new Set([K(2)]), elementAliases: new Set(['Quote']) });
  assert.deepEqual(marked.map((t) => [t.alias, t.element, t.elementBy]), [
    ['page', false, undefined], ['card', true, 'block-use'], ['cardBase', true, 'composition'], ['seo', false, undefined],
    ['quote', true, 'block-use'], ['flagged', true, 'flag'],
  ]);
});
