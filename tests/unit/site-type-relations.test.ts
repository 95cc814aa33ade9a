import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listTypeRelations } from '../../src/lib/site-data/derive/type-relations.ts';
import type { ContentTypeRecord } from '../../scripts/core/snapshot-format.ts';

const k = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ref = (n: number) => ({ key: k(n) });
function type(n: number, alias: string, extra: Partial<ContentTypeRecord> = {}): ContentTypeRecord {
  return {
    id: n,
    key: k(n),
    alias,
    name: alias,
    path: `-1,500,${n}`,
    propertyGroups: [],
    compositions: [],
    allowedContentTypes: [],
    allowedTemplates: [],
    ...extra,
  };
}

describe('type relations', () => {
  const types = [
    type(1, 'seoComp'),
    type(2, 'pageComp', { compositions: [ref(1)] }),
    type(3, 'article', { compositions: [ref(2)], allowedContentTypes: [ref(4), ref(3)] }),
    type(4, 'articleChild'),
    type(5, 'basePage'),
    type(6, 'landing', { path: '-1,500,5,6' }),
    type(7, 'viaParentField', { parent: { key: k(8).toUpperCase() } }),
    type(8, 'namedParent'),
    type(9, 'selfOnly', { allowedContentTypes: [ref(9)] }),
    type(10, 'block'),
    type(11, 'nothing'),
  ];
  const counts: Record<string, { items: number; blockUses: number }> = {
    article: { items: 5, blockUses: 0 },
    block: { items: 0, blockUses: 3 },
  };
  const relations = listTypeRelations(types, (t) => counts[t.alias] ?? { items: 0, blockUses: 0 });
  const of = (n: number) => relations.get(k(n));

  it('counts compositions, parents from the path or a parent field, and allowed-child rules', () => {
    assert.deepEqual(of(1)?.composedInto, ['pageComp']);
    assert.deepEqual(of(2)?.composedInto, ['article']);
    assert.deepEqual(of(5)?.parentOf, ['landing'], 'the path names the parent type; folder ids are not types');
    assert.deepEqual(of(8)?.parentOf, ['viaParentField']);
    assert.deepEqual(of(4)?.allowedUnder, ['article']);
    assert.deepEqual(of(9)?.allowedUnder, [], 'allowing itself does not make a type used');
  });

  it('counts items through compositions at any depth', () => {
    assert.equal(of(2)?.itemsThroughCompositions, 5);
    assert.equal(of(1)?.itemsThroughCompositions, 5, 'seoComp reaches article through pageComp');
    assert.equal(of(3)?.itemsThroughCompositions, 0);
  });

  it('calls a type unused only when nothing uses it', () => {
    const unused = types.filter((t) => of(t.id)?.unused).map((t) => t.alias);
    assert.deepEqual(unused, ['landing', 'viaParentField', 'selfOnly', 'nothing']);
  });
});
