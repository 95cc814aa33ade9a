/**
 * The inventory row check's fast path accepts and refuses exactly what the row schema does, with the schema's own
 * issues (paths and messages) for a refused row. The schema is the oracle: every row below is checked both ways.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tableRowSchema } from '../../src/lib/site-data/site-data-format.ts';
import { isTableRow, tableRowCheck } from '../../src/lib/tables/table-row-check.ts';

const ROWS: unknown[] = [
  { name: 'Home', id: 1, hidden: false, note: null, languages: ['da', 'en-US'] },
  {},
  JSON.parse('{"__proto__": "x", "constructor": ["a"], "toString": 3}'),
  { name: 'bidi \u202e and \u2028 and a lone \ud800', tags: [] },
  { name: 'Home', id: 1.5e300 },
  { id: Number.NaN },
  { id: Number.POSITIVE_INFINITY },
  { tags: ['a', 2] },
  { tags: [['nested']] },
  { cell: { nested: 'object' } },
  { cell: undefined },
  { a: 1, b: () => 1 },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  [],
  ['a'],
  'row',
  42,
  null,
  undefined,
  new Map([['a', 'b']]),
  Object.assign(Object.create(null) as object, { name: 'no prototype' }),
];

describe('the inventory row check', () => {
  for (const [i, row] of ROWS.entries())
    it(`agrees with the row schema on row ${i}`, () => {
      const fast = tableRowCheck.safeParse(row);
      const slow = tableRowSchema.safeParse(row);
      assert.equal(fast.success, slow.success, JSON.stringify(slow.error?.issues));
      if (!slow.success)
        assert.deepEqual(
          fast.error!.issues.map((issue) => [issue.path, issue.message]),
          slow.error.issues.map((issue) => [issue.path, issue.message]),
        );
    });

  it('takes the fast path for plain rows and leaves the rest to the schema', () => {
    assert.equal(isTableRow({ name: 'Home', id: 1, tags: ['a'], empty: null, yes: true }), true);
    assert.equal(isTableRow({ id: Number.NaN }), false);
    assert.equal(isTableRow(JSON.parse('{"__proto__": {"polluted": true}}')), false);
    assert.equal(isTableRow(Object.assign(Object.create(null) as object, { a: 'b' })), false);
  });

  it('leaves a row as JSON.parse made it, prototype-named keys as own cells', () => {
    const row = JSON.parse('{"__proto__": "x", "name": "Home"}') as Record<string, unknown>;
    const parsed = tableRowCheck.parse(row) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
    assert.deepEqual(Object.keys(parsed), ['__proto__', 'name']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
