import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathSegment } from '../../scripts/core/path-segment.ts';
import { findItemExcess, measureDepth } from '../../scripts/core/item-limits.ts';

const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._~-]*$/;

test('an alias safe as a folder name and URL segment is used as it is', () => {
  for (const alias of ['page', 'blogPost', 'a.b', 'x_y-z', 'umbracoFile', '9lives'])
    assert.equal(pathSegment(alias), alias);
});

test('anything else becomes one short, safe, distinct segment', () => {
  const hostile = ['..', '.', '', 'a/b', 'a?b', 'a#b', '?#', '%2F', 'a..b', 'trailing.', 'é', 'x'.repeat(300), '~x'];
  const seen = new Map<string, string>();
  for (const alias of hostile) {
    const segment = pathSegment(alias);
    assert.match(segment, SAFE_SEGMENT, JSON.stringify(alias));
    assert.ok(Buffer.byteLength(segment) <= 100, `${segment} is short`);
    assert.ok(!segment.includes('..') && segment !== '.', segment);
    assert.equal(encodeURIComponent(segment), segment, 'the same in a URL as on disk');
    assert.equal(pathSegment(alias), segment, 'the same every time');
    assert.ok(!seen.has(segment), `${JSON.stringify(alias)} and ${JSON.stringify(seen.get(segment))} differ`);
    seen.set(segment, alias);
  }
  assert.notEqual(pathSegment('a/b'), pathSegment('a?b'));
});

test('item limits: depth is measured without recursion; an item past a limit says why', () => {
  let deep: unknown = 'leaf';
  for (let i = 0; i < 100_000; i += 1) deep = [deep];
  assert.ok(measureDepth(deep) > 512, 'stops past the limit without overflowing the stack');
  assert.equal(measureDepth({ a: [1, { b: 2 }] }), 3);
  assert.match(findItemExcess({ properties: { v: { value: deep } } }) ?? '', /nests deeper than the 512 levels/);
  const many = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`p${i}`, { value: i }]));
  assert.match(findItemExcess({ properties: many }) ?? '', /holds 10001 properties/);
  assert.equal(findItemExcess({ properties: { title: { value: 'x' } } }), undefined);
});
