/** The change list in words: short one-line values, old → new, a type's drift line by line, and what counts count. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeTypeDrift,
  describeValueChange,
  renderBeforeAfter,
  renderValue,
} from '../../scripts/core/change-text.ts';
import {
  countItemChanges,
  describeChangeCounts,
  emptyItemChanges,
  summariseByType,
} from '../../scripts/core/diff-format.ts';
import type { ChangedType, PropertyChange, SnapshotDiff } from '../../scripts/core/diff-format.ts';

const change = (overrides: Partial<PropertyChange>): PropertyChange => ({
  alias: 'sku',
  culture: null,
  editorAlias: 'Umbraco.TextBox',
  change: 'changed',
  from: 'GP001',
  to: 'GP001-NEW',
  ...overrides,
});

test('values render on one line: text quoted, JSON compact, nothing as (empty), long ones cut', () => {
  assert.equal(renderValue('GP001'), '"GP001"');
  assert.equal(renderValue(12.5), '12.5');
  assert.equal(renderValue(null), '(empty)');
  assert.equal(renderValue({ b: 1, a: [true] }), '{"b":1,"a":[true]}');
  assert.equal(renderValue('x'.repeat(100), 10), `"${'x'.repeat(8)}…`);
  assert.equal(renderValue('a\nb\u202Ec\u2028d\u0007e'), '"a b c d e"', 'line breaks, bidi and control characters');
  const emoji = renderValue(`"${'😀'.repeat(10)}`, 5);
  assert.ok(!/[\ud800-\udbff]…$/.test(emoji), `no lone surrogate before the cut: ${JSON.stringify(emoji)}`);
});

test('a value change reads old → new, with the old alias of a renamed property and the language', () => {
  assert.equal(describeValueChange(change({})), 'sku: "GP001" → "GP001-NEW"');
  assert.equal(
    describeValueChange(change({ alias: 'mainText', fromAlias: 'bodyText', culture: 'da', from: null, to: 'Hej' })),
    'mainText (was bodyText) [da]: (empty) → "Hej"',
  );
});

test('a long text shows from just before its first change; a block its changed paths', () => {
  const start = 'Lorem ipsum dolor sit amet, '.repeat(10);
  const text = change({
    from: `${start}old words.`,
    to: `${start}new words.`,
    text: [
      { op: 'same', text: start },
      { op: 'removed', text: 'old' },
      { op: 'added', text: 'new' },
      { op: 'same', text: ' words.' },
    ],
  });
  assert.deepEqual(renderBeforeAfter(text), ['"…sum dolor sit amet, old words."', '"…sum dolor sit amet, new words."']);
  const block = change({
    from: { contentData: [{ author: 'Poornima' }] },
    to: { contentData: [{ author: 'Poornima N.' }] },
    paths: [{ path: 'contentData[0].author', change: 'changed', from: 'Poornima', to: 'Poornima N.' }],
  });
  assert.deepEqual(renderBeforeAfter(block), [
    'contentData[0].author: "Poornima"',
    'contentData[0].author: "Poornima N."',
  ]);
});

test("a type's drift is one line per change, old → new", () => {
  const type: ChangedType = {
    key: '00000000-0000-4000-8000-000000000001',
    alias: 'page',
    name: 'Page',
    kind: 'content',
    element: false,
    fields: [{ field: 'alias', from: 'oldPage', to: 'page' }],
    properties: {
      added: [{ alias: 'summary', name: 'Summary', editorAlias: 'Umbraco.TextArea', dataTypeId: 4, group: null }],
      removed: [],
      renamed: [{ key: null, fromAlias: 'bodyText', toAlias: 'mainText', fromName: 'Body', toName: 'Body' }],
      editorChanged: [{ alias: 'sku', from: 'Umbraco.TextBox', to: 'Umbraco.TextArea' }],
      dataTypeChanged: [],
      groupChanged: [],
      varianceChanged: [{ alias: 'title', from: true, to: false }],
    },
    compositions: { added: [], removed: ['seo'] },
    allowedChildren: { added: ['news'], removed: [] },
  };
  assert.deepEqual(describeTypeDrift(type), [
    'alias: "oldPage" → "page"',
    'Property added: summary',
    'Property renamed: bodyText → mainText',
    'Property editor changed: sku (Umbraco.TextBox → Umbraco.TextArea)',
    'Property variance changed: title (per language → invariant)',
    'Composition removed: seo',
    'Allowed child added: news',
  ]);
});

test('counts are rows: values one per property and language, with the items they are in', () => {
  const items = emptyItemChanges();
  const ref = { kind: 'content' as const, id: 1, name: 'A', type: 'page', path: 'A', url: null };
  items.changed.push({ ...ref, key: 'a', properties: [change({}), change({ alias: 'price', from: 1, to: 2 })] });
  items.changed.push({ ...ref, key: 'b', properties: [change({})] });
  items.added.push({ ...ref, key: 'c' });
  assert.equal(countItemChanges(items), 4);
  const diff = { items, contentTypes: { added: [], removed: [], changed: [] } } as unknown as SnapshotDiff;
  assert.equal(describeChangeCounts(diff), '0 content type changes, 4 item changes (3 values in 2 items)');
});

test('a block change reads path by path, old → new', () => {
  const block = change({
    alias: 'testimonials',
    culture: 'en-US',
    paths: [{ path: 'contentData[0].author', change: 'changed', from: 'Poornima', to: 'Poornima N.' }],
  });
  assert.equal(describeValueChange(block), 'testimonials [en-US] contentData[0].author: "Poornima" → "Poornima N."');
});

test('the per-type summary counts rows per kind and the items changed, most changed types first', () => {
  const items = emptyItemChanges();
  const ref = (key: string, type: string) => ({
    key,
    kind: 'content' as const,
    id: 1,
    name: key,
    type,
    path: key,
    url: null,
  });
  items.added.push(ref('a', 'blog'));
  items.renamed.push({ ...ref('b', 'blog'), culture: 'da', from: 'x', to: 'y' });
  items.urlChanged.push({ ...ref('b', 'blog'), culture: 'da', from: '/x/', to: '/y/' });
  items.changed.push({ ...ref('c', 'page'), properties: [change({}), change({ alias: 'price' })] });
  assert.deepEqual(
    summariseByType(items).map((s) => [s.type, s.items, s.counts.added, s.counts.renamed, s.counts.changed]),
    [
      ['blog', 2, 1, 1, 0],
      ['page', 1, 0, 0, 2],
    ],
  );
});
