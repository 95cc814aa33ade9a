/** Content type drift: properties renamed (by key), moved between groups, data type changed; compositions, children. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffContentTypes } from '../../scripts/diff/type-diff.ts';
import type { ContentTypeRecord, ContentTypesFile } from '../../scripts/core/snapshot-format.ts';

const KEY = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function type(alias: string, key: number, overrides: Partial<ContentTypeRecord> = {}): ContentTypeRecord {
  return {
    id: key,
    key: KEY(key),
    alias,
    name: alias,
    propertyGroups: [],
    compositions: [],
    allowedContentTypes: [],
    allowedTemplates: [],
    ...overrides,
  };
}

const file = (...contentTypes: ContentTypeRecord[]): ContentTypesFile => ({
  formatVersion: 1,
  contentTypes,
  unavailable: [],
});
const property = (alias: string, key: number, editorAlias: string, dataTypeId: number) => ({
  alias,
  key: KEY(key),
  name: alias,
  editorAlias,
  dataTypeId,
});

test('a type with every kind of drift, one added and one removed', () => {
  const before = type('page', 1, {
    propertyGroups: [
      {
        name: 'Content',
        alias: 'content',
        propertyTypes: [property('title', 11, 'Umbraco.TextBox', 1), property('body', 12, 'Umbraco.TinyMCE', 2)],
      },
    ],
    compositions: [{ key: KEY(5), alias: 'seo' }],
    allowedContentTypes: [{ key: KEY(6), alias: 'article' }],
  });
  const after = type('page', 1, {
    element: true,
    propertyGroups: [
      { name: 'Content', alias: 'content', propertyTypes: [property('heading', 11, 'Umbraco.TextBox', 1)] },
      {
        name: 'Extra',
        alias: 'extra',
        propertyTypes: [property('body', 12, 'Umbraco.RichText', 3), property('summary', 13, 'Umbraco.TextArea', 4)],
      },
    ],
    compositions: [{ key: KEY(7), alias: 'meta' }],
    allowedContentTypes: [
      { key: KEY(6), alias: 'article' },
      { key: KEY(8), alias: 'news' },
    ],
  });
  const diff = diffContentTypes(file(before, type('gone', 2)), file(after, type('fresh', 3)));
  assert.deepEqual(
    diff.added.map((t) => t.alias),
    ['fresh'],
  );
  assert.deepEqual(
    diff.removed.map((t) => t.alias),
    ['gone'],
  );
  const [changed] = diff.changed;
  assert.equal(diff.changed.length, 1);
  assert.deepEqual(changed?.fields, [{ field: 'element', from: null, to: true }]);
  assert.deepEqual(changed?.properties, {
    added: [{ alias: 'summary', name: 'summary', editorAlias: 'Umbraco.TextArea', dataTypeId: 4, group: 'extra' }],
    removed: [],
    renamed: [{ key: KEY(11), fromAlias: 'title', toAlias: 'heading', fromName: 'title', toName: 'heading' }],
    editorChanged: [{ alias: 'body', from: 'Umbraco.TinyMCE', to: 'Umbraco.RichText' }],
    dataTypeChanged: [{ alias: 'body', from: 2, to: 3 }],
    groupChanged: [{ alias: 'body', from: 'content', to: 'extra' }],
    varianceChanged: [],
  });
  assert.deepEqual(changed?.compositions, { added: ['meta'], removed: ['seo'] });
  assert.deepEqual(changed?.allowedChildren, { added: ['news'], removed: [] });
});

test('identical types are not listed; media types only when both snapshots listed them', () => {
  const page = type('page', 1);
  assert.deepEqual(diffContentTypes(file(page), file(page)), { added: [], removed: [], changed: [] });
  const withMedia = { ...file(page), mediaTypes: [type('image', 9)] };
  assert.deepEqual(diffContentTypes(withMedia, file(page)).removed, []);
  assert.deepEqual(
    diffContentTypes(withMedia, { ...file(page), mediaTypes: [] }).removed.map((t) => [t.alias, t.kind]),
    [['image', 'media']],
  );
});

test('renamed aliases are one change where they happened: compositions, children and templates match by key', () => {
  const seo = (alias: string, varies: boolean) =>
    type(alias, 5, {
      propertyGroups: [
        {
          name: 'SEO',
          propertyTypes: [{ ...property('metaTitle', 51, 'Umbraco.TextBox', 1), variesByCulture: varies }],
        },
      ],
    });
  const template = (alias: string, key: number) => ({ id: key, key: KEY(key), alias, name: alias });
  const page = (composition: string, child: string, templates: ReturnType<typeof template>[]) =>
    type('page', 1, {
      // The composition's property is listed on the composing type too, as sources send it.
      propertyGroups: seo(composition, true).propertyGroups,
      compositions: [{ key: KEY(5), alias: composition }],
      allowedContentTypes: [{ key: KEY(6), alias: child }],
      defaultTemplate: templates[0] ?? null,
      allowedTemplates: templates,
    });
  const before = file(page('seo', 'article', [template('Page', 20)]), seo('seo', true), type('article', 6));
  const renamed = file(
    page('seoRenamed', 'story', [template('PageRenamed', 20)]),
    seo('seoRenamed', true),
    type('story', 6),
  );
  const diff = diffContentTypes(before, renamed);
  assert.deepEqual(
    diff.changed.map((t) => [t.alias, t.fields]),
    [
      [
        'seoRenamed',
        [
          { field: 'alias', from: 'seo', to: 'seoRenamed' },
          { field: 'name', from: 'seo', to: 'seoRenamed' },
        ],
      ],
      [
        'story',
        [
          { field: 'alias', from: 'article', to: 'story' },
          { field: 'name', from: 'article', to: 'story' },
        ],
      ],
    ],
  );

  const switched = file(
    page('seo', 'article', [template('Home', 21), template('Page', 20)]),
    seo('seo', false),
    type('article', 6),
  );
  const [composition, composing] = ['seo', 'page'].map((alias) =>
    diffContentTypes(before, switched).changed.find((t) => t.alias === alias),
  );
  assert.deepEqual(composition?.properties.varianceChanged, [{ alias: 'metaTitle', from: true, to: false }]);
  assert.deepEqual(composing?.properties.varianceChanged, [], 'an inherited property is listed on its composition');
  assert.deepEqual(composing?.fields, [
    { field: 'defaultTemplate', from: 'Page', to: 'Home' },
    { field: 'allowedTemplates', from: ['Page'], to: ['Home', 'Page'] },
  ]);
});
