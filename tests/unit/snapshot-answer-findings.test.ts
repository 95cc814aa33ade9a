/** What the crawler makes of error bodies, of answers off the documented shapes, and of block values. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listElementTypeRefs } from '../../scripts/snapshot/plan/block-references.ts';
import { normalizeGuid } from '../../scripts/core/identifiers.ts';
import { createCrawlLog, formatIssuePath } from '../../scripts/snapshot/crawl-log.ts';
import { describeErrorBody, findEnvelopeError } from '../../scripts/snapshot/answers/source-schemas.ts';
import { CONTENT_ITEM_VARIANTS, createShapeChecker } from '../../scripts/snapshot/answers/source-variants.ts';
import { item } from '../support/source-answers.ts';

const itemDocumented = createShapeChecker(CONTENT_ITEM_VARIANTS);

test('error bodies: problem+json, envelope (also inside a 200), plain JSON, text, empty', () => {
  const problem = JSON.stringify({
    type: 'about:blank',
    title: 'Not Found',
    status: 404,
    detail: 'No content item has id 9.',
  });
  assert.deepEqual(describeErrorBody(problem, 'application/problem+json'), {
    style: 'problem+json',
    message: 'No content item has id 9.',
  });
  const envelope = JSON.stringify({ meta: { code: 401, error: 'Unauthorized' }, data: null });
  assert.deepEqual(describeErrorBody(envelope, 'application/json'), { style: 'envelope', message: 'Unauthorized' });
  assert.deepEqual(describeErrorBody('{"message":"nope"}', 'application/json'), { style: 'json', message: 'nope' });
  assert.deepEqual(describeErrorBody('<h1>Bad\n gateway</h1>', 'text/html'), {
    style: 'text',
    message: '<h1>Bad gateway</h1>',
  });
  assert.deepEqual(describeErrorBody('', null), { style: 'empty', message: 'empty body' });
  assert.deepEqual(findEnvelopeError({ meta: { code: 404, error: null }, data: null }), {
    code: 404,
    message: 'error code 404',
  });
  assert.equal(findEnvelopeError({ meta: { code: 200 }, data: null }), undefined);
  assert.equal(findEnvelopeError(item), undefined);
});

test('deviations aggregate by operation and normalised path, keeping a few URLs and the count', () => {
  const log = createCrawlLog();
  for (let id = 0; id < 30; id += 1) {
    const result = itemDocumented({ ...item, createDate: 7, properties: { a: { alias: 'a', value: 1 } }, extra: true });
    assert.equal(result.variant, undefined);
    log.addDeviations('GetContentById', `u${id}`, 'issues' in result ? result.issues : []);
  }
  const deviations = log.listDeviations().map((d) => [d.code, d.path, d.count, d.urls.length]);
  assert.deepEqual(deviations, [
    ['shape', 'createDate', 30, 20],
    ['additive-field', 'extra', 30, 20],
    ['shape', 'properties.*.editorAlias', 30, 20],
  ]);
  assert.equal(formatIssuePath(['children', 3, 'children', 0, 'id']), 'children[].children[].id');
  assert.equal(formatIssuePath(['children', 3, 'id'], false), 'children[3].id');
  assert.equal(formatIssuePath(['cultures', 'da', 'properties', 'title', 'value']), 'cultures.*.properties.*.value');
});

test('element types are found in block values, rich-text blocks, Nested Content and culture values', () => {
  const found = listElementTypeRefs({
    properties: {
      list: {
        value: {
          layout: {},
          contentData: [{ contentTypeKey: 'A7B8C9D0-0000-4000-8000-000000000001', values: [] }],
          settingsData: [{ contentTypeKey: 'b7b8c9d000004000800000000000000b' }],
        },
      },
      rte: {
        value: {
          markup: '<p/>',
          blocks: { contentData: [{ contentTypeKey: 'c7b8c9d0-0000-4000-8000-00000000000c' }] },
        },
      },
      nested: { value: [{ ncContentTypeAlias: 'card', items: [{ ncContentTypeAlias: 'cardItem' }] }] },
      text: { value: 'contentTypeKey' },
    },
    cultures: {
      da: {
        properties: { grid: { value: { contentData: [{ contentTypeKey: 'd7b8c9d0-0000-4000-8000-00000000000d' }] } } },
      },
    },
  });
  assert.deepEqual([...found.keys].sort(), [
    'a7b8c9d0-0000-4000-8000-000000000001',
    'b7b8c9d0-0000-4000-8000-00000000000b',
    'c7b8c9d0-0000-4000-8000-00000000000c',
    'd7b8c9d0-0000-4000-8000-00000000000d',
  ]);
  assert.deepEqual([...found.aliases].sort(), ['card', 'cardItem']);
  assert.equal(normalizeGuid('nope'), undefined);
});
