/** --fail-on thresholds and --ignore rules on a change list. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyIgnore, findFailure, parseFailOn, parseIgnore } from '../../scripts/diff/diff-rules.ts';
import { emptyItemChanges, type PropertyChange, type SnapshotDiff } from '../../scripts/core/diff-format.ts';

const ref = (key: string) => ({ key, kind: 'content' as const, id: 1, name: key, type: 'page', path: key, url: null });
const value = (alias: string, editorAlias: string, fromAlias?: string): PropertyChange => ({
  alias,
  ...(fromAlias === undefined ? {} : { fromAlias }),
  culture: null,
  editorAlias,
  change: 'changed',
  from: 1,
  to: 2,
});

function diffWith(removed: number): SnapshotDiff {
  const items = emptyItemChanges();
  for (let n = 0; n < removed; n += 1) items.removed.push(ref(`r${n}`));
  items.sortOrderChanged.push({ ...ref('s'), from: 1, to: 2 });
  items.changed.push({
    ...ref('a'),
    properties: [value('umbracoBytes', 'Umbraco.Label'), value('title', 'Umbraco.TextBox')],
  });
  items.changed.push({ ...ref('b'), properties: [value('size', 'Umbraco.Label', 'umbracoBytes')] });
  return { items, contentTypes: { added: [], removed: [], changed: [] } } as unknown as SnapshotDiff;
}

test('--fail-on: words and thresholds on the counts every output shows', () => {
  const { rules, problems } = parseFailOn('removed>50,changed>=3');
  assert.deepEqual(problems, []);
  assert.equal(findFailure(diffWith(50), rules), 'changed>=3: 3', 'three value rows');
  assert.equal(findFailure(diffWith(51), rules), 'removed>50: 51');
  assert.equal(findFailure(diffWith(0), parseFailOn('removed>50').rules), undefined);
  assert.equal(findFailure(diffWith(0), parseFailOn('schema').rules), undefined);
  assert.equal(findFailure(diffWith(0), parseFailOn('items').rules), 'items>0: 4');
  assert.equal(findFailure(diffWith(0), parseFailOn('any').rules), 'items>0: 4');
  assert.equal(parseFailOn('removed>lots,__proto__>1,never').problems.length, 3);
});

test('--ignore drops a kind, a property (by its old alias too) or an editor before anything is counted', () => {
  const { rules, problems } = parseIgnore(['sortOrderChanged', 'property:umbracoBytes']);
  assert.deepEqual(problems, []);
  const kept = applyIgnore(diffWith(1), rules);
  assert.deepEqual(kept.items.sortOrderChanged, []);
  assert.deepEqual(
    kept.items.changed.map((item) => [item.key, item.properties.map((p) => p.alias)]),
    [['a', ['title']]],
  );
  assert.equal(kept.items.removed.length, 1);
  const byEditor = applyIgnore(diffWith(0), parseIgnore(['editor:Umbraco.Label']).rules);
  assert.deepEqual(
    byEditor.items.changed.map((item) => item.key),
    ['a'],
  );
  assert.equal(parseIgnore(['constructor', 'property:', 'colour:red']).problems.length, 3);
});
