/** How one property value's change is described: changed JSON paths, and word or line diffs of text. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeValueChange, diffJsonPaths, diffText, isSameValue } from '../../scripts/diff/value-diff.ts';

test('a block value lists only the changed, added and removed paths', () => {
  const from = {
    layout: { list: [{ udi: 'a' }, { udi: 'b' }] },
    contentData: [{ title: 'One', body: 'x' }, { title: 'Two' }],
  };
  const to = {
    layout: { list: [{ udi: 'a' }] },
    contentData: [{ title: 'One', body: 'y', extra: 1 }, { title: 'Two' }],
  };
  assert.deepEqual(diffJsonPaths(from, to), [
    { path: 'layout.list[1]', change: 'removed', from: { udi: 'b' } },
    {
      path: 'contentData[0].body',
      change: 'changed',
      from: 'x',
      to: 'y',
      text: [
        { op: 'removed', text: 'x' },
        { op: 'added', text: 'y' },
      ],
    },
    { path: 'contentData[0].extra', change: 'added', to: 1 },
  ]);
});

test('a value turning from an array into an object is one change at its path', () => {
  assert.deepEqual(diffJsonPaths({ a: [1] }, { a: { 0: 1 } }), [
    { path: 'a', change: 'changed', from: [1], to: { 0: 1 } },
  ]);
});

test('text gets a word diff, across lines too; very long text a line diff', () => {
  assert.deepEqual(diffText('the quick fox', 'the slow fox'), [
    { op: 'same', text: 'the ' },
    { op: 'removed', text: 'quick' },
    { op: 'added', text: 'slow' },
    { op: 'same', text: ' fox' },
  ]);
  assert.deepEqual(diffText('<p>one two</p>\n<p>three</p>', '<p>one two</p>\n<p>three four</p>'), [
    { op: 'same', text: '<p>one two</p>\n<p>three ' },
    { op: 'added', text: 'four' },
    { op: 'same', text: '</p>' },
  ]);
  const lines = Array.from({ length: 4000 }, (_, i) => `line ${i} of a long text`);
  const edited = lines.map((line, i) => (i === 2000 ? 'a changed line' : line));
  const parts = diffText(lines.join('\n'), edited.join('\n')) ?? [];
  assert.deepEqual(
    parts.filter((part) => part.op !== 'same'),
    [
      { op: 'removed', text: 'line 2000 of a long text\n' },
      { op: 'added', text: 'a changed line\n' },
    ],
  );
});

test('long unchanged runs are shortened to their ends', () => {
  const long = 'word '.repeat(100);
  const parts = diffText(`${long}end`, `${long}finish`) ?? [];
  const same = parts.find((part) => part.op === 'same');
  assert.ok(same !== undefined && same.text.length < long.length && same.text.includes(' … '));
  assert.deepEqual(
    parts.filter((part) => part.op !== 'same').map((part) => part.text),
    ['end', 'finish'],
  );
});

test('numbers and mixed kinds get no detail beyond old and new values', () => {
  assert.deepEqual(describeValueChange(1, 2), {});
  assert.deepEqual(describeValueChange('1', { a: 1 }), {});
});

test('rich text saved in the other form: compared by its markup, the blocks as paths, both forms named', () => {
  const html = '<p>one two</p>';
  // An Umbraco 15+ value with no blocks, as an object and as the JSON text a block holds it in.
  const stored = { markup: html, blocks: { contentData: [], settingsData: [], layout: {} } };
  assert.equal(isSameValue(html, stored), true);
  assert.equal(isSameValue(JSON.stringify({ blocks: null, markup: html }), html), true);
  assert.equal(isSameValue(html, { markup: html }), true);
  // The markup edited: one path, with its word diff; neither side's JSON wrapper shows.
  assert.deepEqual(describeValueChange(html, { markup: '<p>one three</p>', blocks: null }), {
    paths: [
      {
        path: 'markup',
        change: 'changed',
        from: html,
        to: '<p>one three</p>',
        text: [
          { op: 'same', text: '<p>one ' },
          { op: 'removed', text: 'two' },
          { op: 'added', text: 'three' },
          { op: 'same', text: '</p>' },
        ],
      },
    ],
    form: { from: 'html', to: 'json' },
  });
  // Blocks that hold something are a change even with the same markup, listed under `blocks`; back to HTML too.
  const withBlock = { markup: html, blocks: { contentData: [{ key: 'k', values: [] }], settingsData: [] } };
  assert.equal(isSameValue(withBlock, html), false);
  assert.deepEqual(describeValueChange(withBlock, html), {
    paths: [{ path: 'blocks', change: 'changed', from: withBlock.blocks, to: null }],
    form: { from: 'json', to: 'html' },
  });
  // Not rich text: an object with other keys beside markup, or no string markup, is compared as JSON.
  assert.equal(isSameValue(html, { markup: html, title: 'x' }), false);
  assert.equal(describeValueChange(html, { markup: html, title: 'x' }).form, undefined);
  assert.equal(isSameValue('5', { markup: 5 }), false);
});
