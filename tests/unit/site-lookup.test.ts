import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { writeLookupFiles } from '../../src/lib/site-data/derive/lookup-files.ts';
import {
  aliasKeyOf,
  aliasShard,
  fnv1a,
  guidKeyOf,
  idKeyOf,
  planLayout,
  urlKeyOf,
  type LookupLayout,
} from '../../src/lib/site-data/derive/lookup-keys.ts';
import type { SiteNode } from '../../src/lib/site-data/site-data-format.ts';

import { planLookup } from '../../src/scripts/exact-lookup.ts';

const GUID = '7B24D49D-9415-4DC2-BF28-9FC5C4CB802C';
const QUERIES = [
  GUID,
  GUID.toLowerCase(),
  `{${GUID}}`,
  GUID.replace(/-/g, ''),
  'umb://document/7b24d49d94154dc2bf289fc5c4cb802c',
  `umb://media/${GUID}`,
  '1234',
  ' 42 ',
  '/Products/Tea/',
  '/products/tea',
  'https://shop.example/products/tea/?x=1',
  '/',
  '/caf%C3%A9/',
  'tea',
  'homePage',
  'product.Page-2',
  'two words',
  '__proto__',
  '12ab',
  '',
  '/ünïcode/straße',
  '99999999999',
];

describe('exact lookup keys', () => {
  it('reads every written form of a GUID and a UDI as the same 32-hex key', () => {
    for (const q of [GUID, `{${GUID}}`, GUID.replace(/-/g, ''), 'umb://document/7b24d49d94154dc2bf289fc5c4cb802c']) {
      assert.equal(guidKeyOf(q), '7b24d49d94154dc2bf289fc5c4cb802c', q);
    }
    assert.equal(guidKeyOf('7b24d49d-9415'), undefined);
    assert.equal(guidKeyOf('tea'), undefined);
  });

  it('reads ids and URL paths, and leaves words alone', () => {
    assert.equal(idKeyOf(' 1234 '), 1234);
    assert.equal(idKeyOf('12a'), undefined);
    assert.equal(urlKeyOf('/Products/Tea/'), '/products/tea');
    assert.equal(urlKeyOf('https://shop.example/products/tea/?x=1'), '/products/tea');
    assert.equal(urlKeyOf('/'), '/');
    assert.equal(urlKeyOf('/caf%C3%A9/'), '/café');
    assert.equal(urlKeyOf('tea'), undefined);
  });

  it('plans the one shard file a query names, in the browser module', () => {
    const layout = { version: 1 as const, guidChars: 3, idBlock: 32, urlBuckets: 4096 };
    assert.deepEqual(planLookup(layout, GUID), {
      how: 'GUID',
      file: 'g/7b2.json',
      key: '7b24d49d94154dc2bf289fc5c4cb802c',
    });
    assert.deepEqual(planLookup(layout, `umb://media/${GUID}`)?.how, 'UDI');
    assert.deepEqual(planLookup(layout, ' 1234 '), { how: 'id', file: 'i/38.json', key: '1234' });
    const url = planLookup(layout, 'https://shop.example/Products/Tea/?x=1');
    assert.equal(url?.key, '/products/tea');
    assert.match(url?.file ?? '', /^u\/(\d+)\.json$/);
    assert.ok(Number(url?.file.slice(2, -5)) < 4096);
    assert.equal(planLookup(layout, '/products/tea')?.file, url?.file);
    // A word that could be a type alias is looked up as one (lower-cased, in one of 16 alias shards).
    for (const q of ['tea', 'Tea'])
      assert.deepEqual(planLookup(layout, q), { how: 'alias', file: `a/${fnv1a('tea') % 16}.json`, key: 'tea' });
    assert.equal(planLookup(layout, 'Product.Variant')?.key, 'product.variant');
    for (const q of ['', '12ab', '99999999999', 'two words', '9lives'])
      assert.equal(planLookup(layout, q), undefined, q);
    for (const q of QUERIES) {
      const named = [guidKeyOf(q), idKeyOf(q), urlKeyOf(q), aliasKeyOf(q)].some((k) => k !== undefined);
      const plan = planLookup(layout, q);
      assert.equal(plan !== undefined, named, q);
      if (plan?.how === 'alias') assert.equal(plan.file, aliasShard(aliasKeyOf(q) ?? ''), q);
    }
  });

  it('sizes shards to a few KB at 100k items', () => {
    assert.deepEqual(planLayout(100_000, 100_000), { version: 1, guidChars: 3, idBlock: 32, urlBuckets: 4096 });
    assert.deepEqual(planLayout(10_000, 10_000), { version: 1, guidChars: 2, idBlock: 32, urlBuckets: 512 });
    assert.deepEqual(planLayout(400, 300), { version: 1, guidChars: 1, idBlock: 32, urlBuckets: 16 });
  });

  it('writes shards the browser module finds items in, by GUID, id and every language URL', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lookup-'));
    try {
      const hex8 = (v: number) => v.toString(16).padStart(8, '0');
      // Spread keys over the hex range as real GUIDs are (Knuth's multiplicative hash of n).
      const keyOf = (n: number) =>
        `${hex8(Math.imul(n, 2654435761) >>> 0)}-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const node = (n: number, url: string | null, urls?: Record<string, string>): SiteNode => ({
        kind: n % 2 ? 'content' : 'media',
        id: 1000 + n,
        key: keyOf(n),
        name: `Item ${n}`,
        type: 't',
        parentId: -1,
        parent: null,
        root: '',
        level: 1,
        sortOrder: n,
        childCount: 0,
        url,
        createDate: null,
        updateDate: null,
        chunk: null,
        offset: null,
        length: null,
        cultures: Object.keys(urls ?? {}),
        ...(urls ? { urls } : {}),
      });
      // Umbraco's `#` (no URL in that language) is no address: it must not put items at `/`.
      const nodes = Array.from({ length: 300 }, (_, n) =>
        node(
          n,
          n % 2 ? `/page-${n}/` : n === 0 ? '/' : n % 4 ? '#' : null,
          n === 7 ? { 'da-DK': '/da/side-7/', en: '/page-7/' } : n % 3 ? undefined : { 'da-DK': '#', en: ' ?x' },
        ),
      );
      const summary = await writeLookupFiles(nodes, dir);
      const layout = JSON.parse(await readFile(path.join(dir, 'lookup/layout.json'), 'utf8')) as LookupLayout;
      const find = async (q: string) => {
        const plan = planLookup(layout as LookupLayout, q);
        assert.ok(plan, q);
        const shard = JSON.parse(await readFile(path.join(dir, 'lookup', plan.file), 'utf8')) as Record<
          string,
          unknown
        >;
        return shard[plan.key];
      };
      const seven = keyOf(7).replace(/-/g, '');
      assert.deepEqual(await find(keyOf(7).toUpperCase()), ['content', 'Item 7']);
      assert.deepEqual(await find(`umb://document/${seven}`), ['content', 'Item 7']);
      assert.deepEqual(await find('1007'), ['content', seven, 'Item 7']);
      assert.deepEqual(await find('/DA/side-7'), [['content', seven, 'Item 7', 'da-DK']]);
      assert.deepEqual(await find('/page-7/'), [['content', seven, 'Item 7']]);
      assert.equal(await find('/page-8/'), undefined);
      assert.deepEqual(await find('/'), [['media', keyOf(0).replace(/-/g, ''), 'Item 0']]);
      assert.ok(summary.largestShardBytes < 4096, `largest shard ${summary.largestShardBytes} bytes`);
      assert.equal((await readdir(path.join(dir, 'lookup/i'))).length, Math.ceil(1300 / 32) - Math.floor(1000 / 32));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('finds types by key and by alias, a shared alias listing both types, and writes every alias shard', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lookup-types-'));
    try {
      const types = [
        { key: '0a1b2c3d-0000-4000-8000-000000000001', alias: 'homePage', name: 'Home' },
        { key: '0a1b2c3d-0000-4000-8000-000000000002', alias: 'image', name: 'Image' },
        { key: '0a1b2c3d-0000-4000-8000-000000000003', alias: 'Image', name: 'Image element' },
        { key: '0a1b2c3d-0000-4000-8000-000000000004', alias: '__proto__', name: 'Hostile' },
      ];
      await writeLookupFiles([], dir, types);
      const layout = JSON.parse(await readFile(path.join(dir, 'lookup/layout.json'), 'utf8')) as LookupLayout;
      const find = async (q: string) => {
        const plan = planLookup(layout, q);
        assert.ok(plan, q);
        const shard = JSON.parse(await readFile(path.join(dir, 'lookup', plan.file), 'utf8')) as object;
        return Object.hasOwn(shard, plan.key) ? (shard as Record<string, unknown>)[plan.key] : undefined;
      };
      const hex = (n: number) => `0a1b2c3d000040008000${String(n).padStart(12, '0')}`;
      assert.deepEqual(await find('{0A1B2C3D-0000-4000-8000-000000000001}'), ['type', 'Home']);
      assert.deepEqual(await find(' HOMEPAGE '), [['type', hex(1), 'Home']]);
      assert.deepEqual(await find('image'), [
        ['type', hex(2), 'Image'],
        ['type', hex(3), 'Image element'],
      ]);
      assert.deepEqual(await find('__proto__'), [['type', hex(4), 'Hostile']]);
      assert.equal(await find('tea'), undefined);
      assert.equal((await readdir(path.join(dir, 'lookup/a'))).length, 16);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
