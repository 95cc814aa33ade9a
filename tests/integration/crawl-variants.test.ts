/**
 * crawl() against a hand-written source that speaks the older variants read-api.md lists (at-root ignoring maxLevel,
 * no sortOrder, upper-case keys, `tabs`, `allowedTemplate`, 200 `null` for an unknown type, envelope errors,
 * umbracoBytes as int or string) and serves a tree with a duplicate, a cycle, an id under two parents, and an item
 * whose by-id key differs from its tree key. Roots are not asked for again: their tree answer is their item.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crawl } from '../../scripts/snapshot/crawl.ts';
import {
  findItem,
  getContentTypes,
  getReport,
  iterateIndex,
  type IndexEntry,
} from '../../scripts/core/snapshot-format.ts';
import { propertyType as documentedPropertyType } from '../support/source-answers.ts';

const DATE = '2024-05-06T07:08:09.000+02:00';
const key = (n: number): string => `${String(n).padStart(8, '0')}-AAAA-BBBB-CCCC-DDDDEEEEFFFF`;
const summary = (id: number, type: string, extra: object = {}) => ({
  id,
  key: key(id),
  name: `Item ${id}`,
  url: `/item-${id}/`,
  type,
  createDate: DATE,
  updateDate: DATE,
  ...extra,
});
const ELEMENT_KEY = '0e1e2e3e-0000-4000-8000-000000000001';
const MISSING_KEY = '0f1f2f3f000040008000000000000002';

// 1000 ─ 1001 ─ 1003 ─ (1000 again: cycle)          (and 1000 listed twice at the root)
//      ├ 1002 ─ (1003 again: second parent), 1004
//      ├ (1002 again: duplicate)
//      └ (an entry whose id is a string: fails the strict check)
const tree = summary(1000, 'page', {
  children: [
    summary(1001, 'page', { children: [summary(1003, 'page', { children: [summary(1000, 'page')] })] }),
    summary(1002, 'page', { children: [summary(1003, 'page'), summary(1004, 'page')] }),
    summary(1002, 'page'),
    { ...summary(1099, 'page'), id: 'oops' },
  ],
});
const mediaTree = summary(5000, 'Folder', { url: '', children: [summary(5001, 'Image'), summary(5002, 'Image')] });

const property = (alias: string, value: unknown) => ({ alias, editorAlias: 'Umbraco.Test', value });
const ITEM_PROPERTIES: Record<number, object> = {
  1001: {
    blocks: property('blocks', { contentData: [{ contentTypeKey: ELEMENT_KEY }, { contentTypeKey: MISSING_KEY }] }),
  },
  1002: { nested: property('nested', [{ ncContentTypeAlias: 'ncItem' }]) },
  5001: {
    umbracoBytes: property('umbracoBytes', 1234),
    umbracoFile: property('umbracoFile', { src: '/media/a/x.jpg' }),
  },
  5002: { umbracoBytes: property('umbracoBytes', '999'), umbracoFile: property('umbracoFile', '/media/b/y.pdf') },
};

const propertyType = { ...documentedPropertyType, key: key(1) };
const contentType = (id: number, alias: string, extra: object = {}) => ({
  id,
  key: key(id),
  alias,
  name: alias,
  icon: 'icon-document',
  tabs: [{ id: id + 1, key: key(id + 1), name: 'Content', sortOrder: 0, properties: [propertyType] }],
  allowedTemplate: { id: 3000, key: key(3000), alias: 'Page', name: 'Page' },
  ...extra,
});
const ref = (id: number, alias: string) => ({ id, key: key(id), alias, name: alias });
const TYPES_BY_ALIAS: Record<string, object | null> = {
  page: contentType(2000, 'page', { compositions: [ref(2100, 'seo')], allowedContentTypes: [ref(2000, 'page')] }),
  home: contentType(2200, 'home'),
  ncItem: null,
};
const TYPES_BY_KEY: Record<string, object> = {
  [key(2100).toLowerCase()]: contentType(2100, 'seo'),
  [ELEMENT_KEY]: contentType(2300, 'textBlock', { element: true }),
};

function answer(operation: string, query: URLSearchParams): [number, unknown] {
  const id = Number(query.get('id'));
  const level = Number(query.get('maxLevel'));
  const envelope404: [number, unknown] = [404, { meta: { code: 404, error: 'Not found' }, data: null }];
  if (operation === 'GetContentAtRoot') return [200, [tree, summary(1010, 'home', { children: [] }), tree]];
  if (operation === 'GetMediaAtRoot') return [200, [mediaTree]];
  if (operation === 'GetContentById' && id === 1000 && level > 1) return [200, { ...tree, path: [], properties: {} }];
  if (operation === 'GetMediaById' && id === 5000 && level > 1)
    return [200, { ...mediaTree, path: [], properties: {} }];
  if (operation === 'GetContentById' || operation === 'GetMediaById') {
    const type = id >= 5000 ? (id === 5000 ? 'Folder' : 'Image') : id === 1010 ? 'home' : 'page';
    const extra = id === 1004 ? { children: [] } : id === 1003 && level === 1 ? { key: key(1011) } : {};
    return [200, { ...summary(id, type), path: [], properties: ITEM_PROPERTIES[id] ?? {}, ...extra }];
  }
  if (operation === 'GetContentTypeByAlias') return [200, TYPES_BY_ALIAS[query.get('alias') ?? ''] ?? null];
  if (operation === 'GetContentTypeByKey') {
    const found = TYPES_BY_KEY[query.get('key') ?? ''];
    return found === undefined ? envelope404 : [200, found];
  }
  return envelope404;
}

async function startVariantSource(): Promise<{ url: string; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://source');
    asked.push(`${url.pathname.split('/').pop()}${url.search}`);
    const [status, body] = answer(url.pathname.split('/').pop() ?? '', url.searchParams);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('older interface variants are tolerated, recorded, normalised; odd trees neither loop nor repeat', async () => {
  const source = await startVariantSource();
  const work = await mkdtemp(path.join(tmpdir(), 'crawl-variants-'));
  try {
    const out = path.join(work, 'snapshot');
    const result = await crawl({
      source: { url: source.url, kind: 'http' },
      out,
      maxFailures: 1,
      concurrency: 2,
      timeoutMs: 2000,
      retries: 0,
      backoff: { baseMs: 1, maxMs: 1 },
      tool: { name: 'test', version: '0' },
    });
    assert.equal(result.dir, out);
    assert.equal(new Set(source.asked).size, source.asked.length, 'no URL was asked twice');

    const content: IndexEntry[] = [];
    for await (const entry of iterateIndex(out, 'content')) content.push(entry);
    assert.deepEqual(
      content.map((e) => [e.id, e.parentId, e.level, e.sortOrder, e.childCount]),
      [
        [1000, -1, 1, 0, 2],
        [1001, 1000, 2, 0, 1],
        [1003, 1001, 3, 0, 0],
        [1002, 1000, 2, 1, 1],
        [1004, 1002, 3, 1, 0],
        [1010, -1, 1, 1, 0],
      ],
    );
    assert.equal(content[0]?.key, key(1000).toLowerCase());
    assert.equal(
      (await findItem(out, content[2] as IndexEntry))?.key,
      key(1003).toLowerCase(),
      "the tree's key is kept",
    );
    const item1004 = await findItem(out, content[4] as IndexEntry);
    assert.equal(item1004?.children, undefined, 'children stripped from a full item');

    const { manifest } = result;
    assert.deepEqual(manifest.interfaceVariant, {
      allowedTemplates: ['allowedTemplate'],
      atRootMaxLevel: ['ignored'],
      byIdMaxLevel: ['honoured', 'ignored'],
      contentItem: ['plugin-v7'],
      contentTypeGroups: ['tabs'],
      contentTypeList: ['absent'],
      errorBody: ['envelope'],
      keyCase: ['upper'],
      mediaItem: ['plugin-v7/v8'],
      mediaTypeList: ['absent'],
      sortOrder: ['absent'],
      umbracoBytes: ['int', 'string'],
      unknownContentType: ['not-found', 'null-body'],
    });
    assert.deepEqual(manifest.warnings.map((w) => [w.code, w.id]).sort(), [
      ['content-type-unavailable', undefined],
      ['content-type-unavailable', undefined],
      ['cycle', 1000],
      ['duplicate-item', 1000],
      ['duplicate-item', 1002],
      ['key-mismatch', 1003],
      ['two-parents', 1003],
    ]);
    assert.deepEqual(
      manifest.failures.map((f) => [f.operation, f.id, f.status]),
      [['GetContentById', 1000, 200]],
    );
    const report = await getReport(out);
    assert.deepEqual(
      report.failures[0]?.issues?.map((issue) => issue.path),
      ['children[3].id'],
    );

    const types = await getContentTypes(out);
    assert.deepEqual(
      types.contentTypes.map((t) => t.alias),
      ['home', 'page', 'seo', 'textBlock'],
    );
    const page = types.contentTypes.find((t) => t.alias === 'page');
    assert.deepEqual(
      page?.propertyGroups[0]?.propertyTypes.map((p) => p.alias),
      ['title'],
    );
    assert.equal(page?.tabs, undefined);
    assert.deepEqual(page?.allowedTemplates, [{ id: 3000, key: key(3000), alias: 'Page', name: 'Page' }]);
    assert.deepEqual(
      types.unavailable.map((u) => [u.alias ?? u.key, u.reason]),
      [
        ['0f1f2f3f-0000-4000-8000-000000000002', 'not-found'],
        ['Folder', 'media-type'],
        ['Image', 'media-type'],
        ['ncItem', 'null-body'],
      ],
    );
  } finally {
    await source.close();
    await rm(work, { recursive: true, force: true });
  }
});
