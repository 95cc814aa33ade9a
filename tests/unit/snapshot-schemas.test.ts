import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCrawlLog } from '../../scripts/snapshot/crawl-log.ts';
import { normaliseContentType } from '../../scripts/snapshot/answers/content-type-shape.ts';
import {
  contentTypeCore,
  isItemCore,
  isSummaryCore,
  itemCore,
  summaryCore,
} from '../../scripts/snapshot/answers/source-schemas.ts';
import {
  CONTENT_ITEM_VARIANTS,
  CONTENT_TYPE_VARIANTS,
  SUMMARY_VARIANTS,
  createShapeChecker,
} from '../../scripts/snapshot/answers/source-variants.ts';

const summaryDocumented = createShapeChecker(SUMMARY_VARIANTS);
const itemDocumented = createShapeChecker(CONTENT_ITEM_VARIANTS);
const contentTypeDocumented = createShapeChecker(CONTENT_TYPE_VARIANTS);

import { item, KEY, propertyType, summary } from '../support/source-answers.ts';

test('summaries: with or without sortOrder and children, upper-case keys; the documented shape flags additions', () => {
  for (const body of [
    summary,
    { ...summary, sortOrder: 3 },
    { ...summary, children: [] },
    { ...summary, key: KEY.toUpperCase() },
  ]) {
    assert.ok(summaryCore.safeParse(body).success);
    assert.notEqual(summaryDocumented(body).variant, undefined);
  }
  const extra = summaryDocumented({ ...summary, urlSegment: 'home' });
  assert.equal(extra.variant, undefined);
  assert.equal('issues' in extra ? extra.issues[0]?.code : undefined, 'unrecognized_keys');
  assert.ok(summaryCore.safeParse({ ...summary, urlSegment: 'home' }).success, 'core keeps unknown fields');
});

test('summaries: the strict part rejects what the site relies on being wrong', () => {
  for (const broken of [
    { ...summary, id: '1368' },
    { ...summary, id: 1.5 },
    { ...summary, key: 'not-a-guid' },
    { ...summary, name: null },
    { ...summary, type: '' },
    { ...summary, children: {} },
  ]) {
    assert.equal(summaryCore.safeParse(broken).success, false, JSON.stringify(broken));
  }
  assert.ok(summaryCore.safeParse({ ...summary, url: null, createDate: 5 }).success, 'url and dates are not strict');
  assert.equal(
    summaryDocumented({ ...summary, createDate: '2019-11-04 15:28:24' }).variant,
    undefined,
    'dates need an offset',
  );
});

test('full items: properties must be an object of objects; umbracoBytes may be a string or an int', () => {
  assert.ok(itemCore.safeParse(item).success);
  assert.equal(itemDocumented(item).variant, 'plugin-v7');
  for (const bytes of ['476867', 476867]) {
    const media = {
      ...item,
      properties: { umbracoBytes: { alias: 'umbracoBytes', editorAlias: 'Umbraco.Label', value: bytes } },
    };
    assert.notEqual(itemDocumented(media).variant, undefined);
  }
  assert.equal(itemCore.safeParse({ ...item, properties: [] }).success, false);
  assert.equal(itemCore.safeParse({ ...item, properties: { title: 'Hi' } }).success, false);
  assert.equal(itemCore.safeParse(null).success, false);
});

test('the hand checks of summaries and items accept only what their core schemas accept', () => {
  const values = [undefined, null, 0, -1, 1.5, 2 ** 53, '', 'x', KEY, KEY.toUpperCase(), [], {}, [1], { a: 1 }];
  const bodies: unknown[] = [null, [], 'item', [item], { ...item, properties: Object.create(null) }];
  for (const field of ['id', 'key', 'name', 'type', 'children', 'properties']) {
    for (const value of values) {
      bodies.push({ ...item, [field]: value });
      bodies.push({ ...summary, [field]: value });
    }
  }
  for (const value of values) bodies.push({ ...item, properties: { title: value, other: { alias: 'other' } } });
  bodies.push(JSON.parse('{"__proto__":[],"id":1}'));
  let accepted = 0;
  for (const body of bodies) {
    const text = JSON.stringify(body) ?? String(body);
    if (isSummaryCore(body)) assert.ok(summaryCore.safeParse(body).success, `summary ${text}`);
    if (isItemCore(body)) assert.ok(itemCore.safeParse(body).success, `item ${text}`);
    accepted += Number(isItemCore(body));
  }
  assert.ok(isSummaryCore(summary) && isItemCore(item), 'the common case takes the fast path');
  assert.ok(accepted > 10, `${accepted} of ${bodies.length} bodies were accepted by hand`);
});

const group = { id: 2, key: KEY, name: 'Content', sortOrder: 0 };
const older = {
  id: 1095,
  key: KEY.toUpperCase(),
  alias: 'homePage',
  name: 'Home',
  icon: 'icon-home',
  tabs: [{ ...group, properties: [propertyType] }],
  defaultTemplate: null,
  allowedAsRoot: true,
  allowedContentTypes: [],
  allowedTemplate: [{ id: 1, key: KEY, alias: 'Home', name: 'Home' }],
  compositions: [],
};
const DATE = '2024-03-05T09:21:23.576Z';
const typeItem = {
  id: 9,
  key: KEY.toUpperCase(),
  alias: 'seo',
  path: '-1,9',
  name: 'SEO',
  icon: 'icon-seo',
  element: false,
  createDate: DATE,
  updateDate: DATE,
};
const newer = {
  id: 1095,
  key: KEY,
  alias: 'homePage',
  path: '-1,1095',
  name: 'Home',
  icon: 'icon-home',
  element: false,
  createDate: DATE,
  updateDate: DATE,
  allowedAsRoot: true,
  defaultTemplate: null,
  allowedContentTypes: [],
  allowedTemplates: [],
  compositions: [typeItem],
  propertyGroups: [{ ...group, propertyTypes: [propertyType], properties: [propertyType] }],
  tabs: [{ ...group, propertyTypes: [propertyType], properties: [propertyType] }],
};

test('content types: tabs or propertyGroups, allowedTemplate or allowedTemplates, all normalised to one shape', () => {
  const log = createCrawlLog();
  for (const body of [older, newer]) {
    assert.ok(contentTypeCore.safeParse(body).success);
    assert.notEqual(contentTypeDocumented(body).variant, undefined, JSON.stringify(contentTypeDocumented(body)));
  }
  const fromOlder = normaliseContentType(contentTypeCore.parse(older), log);
  const fromNewer = normaliseContentType(contentTypeCore.parse(newer), log);
  for (const type of [fromOlder, fromNewer]) {
    assert.equal(type.key, KEY);
    assert.deepEqual(
      type.propertyGroups.map((g) => g.propertyTypes.map((p) => p.alias)),
      [['title']],
    );
    assert.equal((type as Record<string, unknown>).tabs, undefined);
    assert.equal(type.icon, 'icon-home', 'extras kept');
  }
  assert.deepEqual(fromOlder.allowedTemplates, [{ id: 1, key: KEY, alias: 'Home', name: 'Home' }]);
  assert.deepEqual(
    fromNewer.compositions.map((c) => c.key),
    [KEY],
  );
  assert.deepEqual(log.listVariants(), {
    allowedTemplates: ['allowedTemplate', 'allowedTemplates'],
    contentTypeGroups: ['propertyGroups+tabs', 'tabs'],
  });
  assert.equal(contentTypeCore.safeParse(null).success, false, 'a null body is handled before the schema');
  assert.equal(contentTypeCore.safeParse({ ...older, alias: '' }).success, false);
});
