/**
 * The nodes read whole share their repeated text: the same values as JSON.parse gives (the oracle), a parent's key
 * the very string of its node, a culture list one frozen list for all items with those cultures.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readSiteNodes } from '../../src/lib/site-data/site-nodes.ts';

const node = (key: string, parent: string | null, extra: Record<string, unknown> = {}) => ({
  kind: 'content',
  id: key.length,
  key,
  name: `Node ${key}`,
  type: 'page',
  parentId: -1,
  parent,
  root: 'root-key',
  level: parent === null ? 1 : 2,
  sortOrder: 0,
  childCount: 0,
  url: `/${key}/`,
  createDate: null,
  updateDate: null,
  chunk: 'content/items-00000.ndjson',
  offset: 0,
  length: 10,
  cultures: ['en-US', 'da'],
  ...extra,
});

describe('nodes read whole', () => {
  let tmp: string;
  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'site-nodes-'));
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  it('gives the values JSON.parse gives, sharing parents, types, chunks, culture lists and URLs', async () => {
    const lines = [
      node('root-key', null, { urls: { 'en-US': '/root-key/', da: '#' } }),
      node('a', 'root-key', { urls: { 'en-US': '/a/', da: '/da/a/' }, template: 'Page' }),
      node('b', 'root-key', { cultures: [], template: 'Page', url: null, chunk: null }),
      node('__proto__', 'a', { urls: { 'en-US': '/__proto__/', da: '#' } }),
    ].map((n) => JSON.stringify(n));
    await writeFile(path.join(tmp, 'nodes.ndjson'), `${lines.join('\n')}\n`);
    const nodes = await readSiteNodes(tmp);
    assert.deepEqual(
      nodes,
      lines.map((l) => JSON.parse(l)),
    );
    const [root, a, b, proto] = nodes as [(typeof nodes)[0], (typeof nodes)[0], (typeof nodes)[0], (typeof nodes)[0]];
    assert.equal(a.cultures, root.cultures, 'one list for the same cultures');
    assert.notEqual(b.cultures, a.cultures);
    assert.ok(Object.isFrozen(a.cultures));
    assert.throws(() => (a.cultures as string[]).push('de'), TypeError, 'a shared list cannot be changed for one node');
    assert.equal(proto.key, '__proto__');
    assert.equal(proto.urls?.['en-US'], '/__proto__/');
  });
});
