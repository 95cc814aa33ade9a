/**
 * `snapshot.sqlite` from a hand-made snapshot: prototype-named property aliases, values of every JSON kind, a
 * culture-variant item with a name per language, and an item whose full record failed to crawl.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, it } from 'node:test';
import { writeSnapshotSqlite } from '../../scripts/pipeline/sqlite/sqlite-export.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { writeFixtureSnapshot } from '../support/site-fixture-snapshot.ts';

const KEY = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (value: unknown) => ({ editorAlias: 'Umbraco.TextBox', value });

let work: string;
let db: DatabaseSync;
before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sqlite-edges-'));
  const snapshot = path.join(work, 'snapshot');
  await writeFixtureSnapshot(snapshot, {
    content: [
      {
        ...{ id: 1, key: KEY(1), name: 'Home', type: 'page', url: '/' },
        properties: {
          ['__proto__']: text('proto text'),
          constructor: text({ a: 1 }),
          price: text(21),
          none: text(null),
        },
        children: [
          {
            ...{ id: 2, key: KEY(2), name: 'Stories', type: 'page', url: '/en/stories/' },
            cultures: {
              'en-US': { name: 'Stories', url: '/en/stories/', properties: { title: text('Our stories') } },
              da: { name: 'Historier', url: '/da/historier/', properties: { title: text('Vores fortællinger') } },
            },
          },
          { id: 3, key: KEY(3), name: 'Lost', type: 'page', failed: true },
        ],
      },
    ],
    media: [],
  });
  await prepareSiteData(snapshot, path.join(work, 'data'));
  const out = await writeSnapshotSqlite(snapshot, path.join(work, 'data'), path.join(work, 'out'), {
    title: 'edges',
    snapshotAt: 'now',
  });
  db = new DatabaseSync(out.file, { readOnly: true });
});
after(async () => {
  db.close();
  await rm(work, { recursive: true, force: true });
});

const all = (sql: string, ...args: string[]) =>
  db
    .prepare(sql)
    .all(...args)
    .map((r) => ({ ...r }));

it('keeps prototype-named aliases and every kind of value', () => {
  assert.deepEqual(
    all('SELECT alias, culture, text_value, json_value FROM properties WHERE item_key = ? ORDER BY alias', KEY(1)),
    [
      { alias: '__proto__', culture: null, text_value: 'proto text', json_value: null },
      { alias: 'constructor', culture: null, text_value: null, json_value: '{"a":1}' },
      { alias: 'none', culture: null, text_value: null, json_value: null },
      { alias: 'price', culture: null, text_value: '21', json_value: null },
    ],
  );
});

it('gives a culture-variant item a row, values and text per language', () => {
  assert.deepEqual(all('SELECT culture, name, url FROM item_cultures WHERE item_key = ? ORDER BY culture', KEY(2)), [
    { culture: 'da', name: 'Historier', url: '/da/historier/' },
    { culture: 'en-US', name: 'Stories', url: '/en/stories/' },
  ]);
  assert.deepEqual(all("SELECT culture FROM item_text WHERE item_text MATCH 'fortællinger'"), [{ culture: 'da' }]);
  assert.deepEqual(all("SELECT culture, name FROM item_text WHERE item_text MATCH 'name:historier'"), [
    { culture: 'da', name: 'Historier' },
  ]);
});

it('keeps an item that failed to crawl as its row alone', () => {
  assert.deepEqual(all('SELECT name, path FROM items WHERE key = ?', KEY(3)), [{ name: 'Lost', path: 'Home / Lost' }]);
  for (const table of ['item_cultures', 'properties', 'item_references', 'item_text'])
    assert.deepEqual(all(`SELECT * FROM ${table} WHERE item_key = ?`, KEY(3)), [], table);
});
