/**
 * The service's plugin flavors answer errors and odd parameters as the plugins do (read-api.md "Auth and errors"):
 * {meta} envelopes (10–13) or empty bodies (7/8), `200 null` for an unknown type (7/8), and malformed parameters
 * falling back to defaults (so "not found") instead of the rich flavor's 400.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FlavorName } from '../../scripts/source/flavors/flavor.ts';
import { API, withReadService } from '../support/read-service.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

const DB = sharedDatabase('persteenolsen_umbraco-17-starter-one.db');
const KEY = 'Flavor-Key-1';

async function ask(
  flavor: FlavorName,
  fn: (
    get: (target: string, auth?: boolean) => Promise<{ status: number; type: string; text: string }>,
  ) => Promise<void>,
) {
  await withReadService({ dbPath: DB, flavor, apiKey: KEY }, async (service) => {
    const basic = `Basic ${Buffer.from(`api:${KEY}`).toString('base64')}`;
    await fn(async (target, auth = true) => {
      const res = await fetch(`${service.url}${API}/${target}`, { headers: auth ? { authorization: basic } : {} });
      return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
    });
  });
}

test('plugin-v10: {meta} envelopes without data, lenient parameters, empty 404 for an unknown operation', async () => {
  await ask('plugin-v10', async (get) => {
    assert.deepEqual(JSON.parse((await get('GetContentById?id=999999')).text), {
      meta: { code: 404, error: 'Content not found.' },
    });
    assert.deepEqual(JSON.parse((await get('GetMediaByKey?key=not-a-guid')).text), {
      meta: { code: 404, error: 'Media not found.' },
    });
    const malformed = await get('GetContentById?id=abc');
    assert.equal(malformed.status, 404, 'a malformed id falls back to 0, which finds nothing');
    assert.deepEqual(JSON.parse((await get('GetContentTypeByAlias?alias=nope')).text), {
      meta: { code: 404, error: 'Content type not found.' },
    });
    const refused = await get('GetContentAtRoot', false);
    assert.deepEqual(
      [refused.status, JSON.parse(refused.text)],
      [401, { meta: { code: 401, error: 'No or invalid API key specified in request.' } }],
    );
    assert.deepEqual(await get('NoSuchOperation'), { status: 404, type: '', text: '' });
    const roots = JSON.parse((await get('GetContentAtRoot?maxLevel=x')).text) as Array<{
      children?: unknown;
      element?: unknown;
      createDate: string;
    }>;
    assert.ok(
      roots.length > 0 && roots.every((root) => Array.isArray(root.children)),
      'a malformed maxLevel is "omitted": the whole tree',
    );
    assert.match(roots[0]?.createDate ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/);
  });
});

test('plugin-v7 and plugin-v8: empty 401/404, 200 null for an unknown type, roots with children', async () => {
  for (const flavor of ['plugin-v7', 'plugin-v8'] as const) {
    await ask(flavor, async (get) => {
      assert.deepEqual(await get('GetContentById?id=999999'), { status: 404, type: '', text: '' });
      assert.deepEqual((await get('GetContentTypeByKey?key={bad}')).text, 'null');
      const unknownType = await get('GetContentTypeByAlias?alias=nope');
      assert.deepEqual([unknownType.status, unknownType.text], [200, 'null']);
      assert.deepEqual(await get('GetContentAtRoot', false), { status: 401, type: '', text: '' });
      const roots = JSON.parse((await get('GetContentAtRoot')).text) as Array<{
        children?: Array<{ children?: unknown }>;
        sortOrder?: unknown;
        createDate: string;
      }>;
      const millis = flavor === 'plugin-v7' ? /\.000(Z|[+-]\d{2}:\d{2})$/ : /\.\d{3}(Z|[+-]\d{2}:\d{2})$/;
      assert.match(roots[0]?.createDate ?? '', millis, 'every plugin writes milliseconds (the 7 XML cache .000)');
      assert.ok(
        roots.every(
          (root) => Array.isArray(root.children) && root.children.every((child) => child.children === undefined),
        ),
      );
      assert.equal(
        roots.some((root) => 'sortOrder' in root),
        flavor === 'plugin-v8',
        'content summaries carry sortOrder from the Umbraco 8 plugin on',
      );
    });
  }
});

test('rich: the same requests are 400 problems naming the parameter', async () => {
  await ask('rich', async (get) => {
    const bad = await get('GetContentById?id=abc');
    assert.equal(bad.status, 400);
    assert.match(bad.type, /problem\+json/);
    assert.equal(JSON.parse(bad.text).invalidParams[0].name, 'id');
  });
});
