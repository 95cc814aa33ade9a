import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTypeIndex } from '../../src/lib/content-types/type-index.ts';
import { findUrls } from '../../src/lib/site-data/derive/external-links.ts';
import { isSeoAlias, listIssues, type IssueInput } from '../../src/lib/site-data/derive/issue-rows.ts';
import { createNodeLookup } from '../../src/lib/site-data/node-lookup.ts';
import type { BrokenReference, SiteNode } from '../../src/lib/site-data/site-data-format.ts';

const node = (id: number, extra: Partial<SiteNode>): SiteNode => ({
  kind: 'content',
  id,
  key: `k${id}`,
  name: `n${id}`,
  type: 'page',
  parentId: -1,
  parent: null,
  root: `k${id}`,
  level: 1,
  sortOrder: id,
  childCount: 0,
  url: null,
  createDate: null,
  updateDate: null,
  chunk: 'c',
  offset: 0,
  length: 0,
  cultures: [],
  ...extra,
});

async function* brokenOf(raws: string[]): AsyncGenerator<BrokenReference> {
  for (const [i, raw] of raws.entries())
    yield {
      fromKind: 'content',
      fromKey: `k${i % 2}`,
      fromName: '',
      property: 'p',
      cultures: [],
      raw,
      via: 'udi',
      path: '',
    };
}

function input(): Omit<IssueInput, 'broken'> {
  const types = createTypeIndex([
    {
      key: 't1',
      alias: 'page',
      name: 'Page',
      compositions: [],
      propertyGroups: [
        { name: 'g', propertyTypes: [{ alias: 'heading', editorAlias: 'Umbraco.TextBox', mandatory: true }] },
      ],
    },
  ] as never);
  return {
    types,
    usage: [{ kind: 'content', alias: 'page', itemCount: 4, unused: false, defined: true }] as never,
    missing: [
      { type: 'page', property: 'heading', count: 3, items: [] },
      { type: 'page', property: 'metaDescription', count: 2, items: [] },
      { type: 'page', property: 'bodyText', count: 4, items: [] },
    ],
    lookup: createNodeLookup([
      node(1, { url: '/a/' }),
      node(2, { url: '/a/' }),
      node(3, { url: null }),
      node(4, { cultures: ['en', 'da'], url: '/b/', urls: { en: '/b/' } }),
    ]),
    orphans: [],
    hosts: [],
    exactCopies: 0,
  };
}

describe('issue rows', () => {
  it('finds empty mandatory and SEO properties, shared URLs, missing URLs per language, broken targets', async () => {
    const rows = await listIssues({ ...input(), broken: brokenOf(['umb://x', 'umb://x', 'umb://y']) });
    const seen = rows.map((r) => [r.problem, r.subject, r.count, r.link]);
    assert.deepEqual(seen, [
      ['Broken reference', 'umb://x', 2, 'inventories/broken-references/?q=umb%3A%2F%2Fx'],
      ['Broken reference', 'umb://y', 1, 'inventories/broken-references/?q=umb%3A%2F%2Fy'],
      ['Duplicate URL', '/a/', 2, 'inventories/items/?q=%2Fa%2F'],
      ['Mandatory property empty', 'page.heading', 3, 'inventories/missing/page/heading/'],
      ['No URL in a language', 'da', 1, 'inventories/items/?languages=da&sort=url'],
      ['No URL in a language', 'invariant items', 1, 'inventories/items/?sort=url'],
      ['SEO property empty', 'page.metaDescription', 2, 'inventories/missing/page/metaDescription/'],
    ]);
    assert.equal(rows.find((r) => r.problem === 'Broken reference')?.detail, '2 references from 2 items');
  });

  it('tells SEO aliases from content aliases', () => {
    for (const alias of ['metaDescription', 'seoTitle', 'ogImage', 'noIndex', 'pageTitle', 'meta_keywords'])
      assert.equal(isSeoAlias(alias), true, alias);
    for (const alias of ['title', 'shortDescription', 'bodyText', 'blogTitle', 'metadataJson', 'logo'])
      assert.equal(isSeoAlias(alias), false, alias);
  });

  it('finds absolute http(s) URLs in hostile text without requesting them', () => {
    assert.deepEqual(
      findUrls('see https://Example.com/a?b=1&amp;c=2. and (http://x.org/p), "https://q.net/\u202e" http:// ftp://no'),
      [
        { url: 'https://Example.com/a?b=1&c=2', host: 'example.com' },
        { url: 'http://x.org/p', host: 'x.org' },
        { url: 'https://q.net/\u202e', host: 'q.net' },
      ],
    );
    assert.deepEqual(findUrls('https://[bad/ http://__proto__/x'), [{ url: 'http://__proto__/x', host: '__proto__' }]);
  });
});
