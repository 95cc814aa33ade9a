/** How one property value's change is described: changed JSON paths, and word or line diffs of text. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeValueChange, diffJsonPaths, diffText } from '../../scripts/diff/value-diff.ts';

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
    { path: 'contentData[0].body', change: 'changed', from: 'x', to: 'y' },
    { path: 'contentData[0].extra', change: 'added', to: 1 },
  ]);
});

test('a value turning from an array into an object is one change at its path', () => {
  assert.deepEqual(diffJsonPaths({ a: [1] }, { a: { 0: 1 } }), [
    { path: 'a', change: 'changed', from: [1], to: { 0: 1 } },
  ]);
});

test('one-line text gets a word diff, several lines a line diff', () => {
  assert.deepEqual(diffText('the quick fox', 'the slow fox'), [
    { op: 'same', text: 'the ' },
    { op: 'removed', text: 'quick' },
    { op: 'added', text: 'slow' },
    { op: 'same', text: ' fox' },
  ]);
  assert.deepEqual(diffText('a\nb\n', 'a\nc\n'), [
    { op: 'same', text: 'a\n' },
    { op: 'removed', text: 'b\n' },
    { op: 'added', text: 'c\n' },
  ]);
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
