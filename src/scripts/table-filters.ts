/**
 * Filter operators per column, as Datasette offers them: text contains / is / is empty; numbers compare; dates before
 * or after. A column's kind comes from its type (`num`) or, for any other, from its values: a column whose values all
 * read as ISO dates is a date column, so the engine needs nothing declared beyond what the table file says.
 */
import { cellText } from '../lib/tables/table-model.ts';
import { codesTest, codesWhere, facetOf, type Table } from './table-data.ts';

export type FilterOp = 'contains' | 'equals' | 'empty' | 'notempty' | 'lt' | 'gt' | 'before' | 'after';
export type ColumnKind = 'text' | 'num' | 'date';

export interface ColumnFilter {
  key: string;
  op: FilterOp;
  value: string;
}

export const OPS_BY_KIND: Record<ColumnKind, readonly FilterOp[]> = {
  text: ['contains', 'equals', 'empty', 'notempty'],
  num: ['equals', 'lt', 'gt', 'empty', 'notempty'],
  date: ['before', 'after', 'equals', 'empty', 'notempty'],
};

export const OP_LABELS: Record<FilterOp, string> = {
  contains: 'contains',
  equals: 'is',
  empty: 'is empty',
  notempty: 'is not empty',
  lt: 'less than',
  gt: 'greater than',
  before: 'before',
  after: 'after',
};

/** Operators that need no value. */
export const takesValue = (op: FilterOp): boolean => op !== 'empty' && op !== 'notempty';

export const isFilterOp = (op: string): op is FilterOp => Object.hasOwn(OP_LABELS, op);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const SAMPLE = 200;

/** The kind of column `c`: numbers by type, dates when every non-empty value of a sample reads as an ISO date. */
export function columnKind(table: Table, c: number): ColumnKind {
  if (table.columns[c]?.type === 'num') return 'num';
  let seen = 0;
  for (let r = 0; r < table.count && seen < SAMPLE; r++) {
    const text = cellText(table.value(c, r));
    if (text === '') continue;
    if (!ISO_DATE.test(text)) return 'text';
    seen += 1;
  }
  return seen > 0 ? 'date' : 'text';
}

/** The test a filter puts on one value's text. */
export function valueTest(op: FilterOp, value: string): (text: string) => boolean {
  const needle = value.trim();
  const lower = needle.toLowerCase();
  const number = Number(needle);
  switch (op) {
    case 'contains':
      return (text) => text.toLowerCase().includes(lower);
    case 'equals':
      return (text) => text === needle;
    case 'empty':
      return (text) => text === '';
    case 'notempty':
      return (text) => text !== '';
    case 'lt':
      return (text) => text !== '' && Number(text) < number;
    case 'gt':
      return (text) => text !== '' && Number(text) > number;
    // A date compares by as many characters as the value has: "after 2024-05" is from June on.
    case 'before':
      return (text) => text !== '' && text.slice(0, needle.length) < needle;
    case 'after':
      return (text) => text !== '' && text.slice(0, needle.length) > needle;
  }
}

/** A test on rows for one filter; a list cell passes when any of its values does (or, for "is empty", it has none). */
export function filterTest(table: Table, filter: ColumnFilter): ((r: number) => boolean) | undefined {
  const c = table.columns.findIndex((col) => col.key === filter.key);
  if (c < 0) return undefined;
  if (takesValue(filter.op) && filter.value.trim() === '') return undefined;
  const test = valueTest(filter.op, filter.value);
  const facet = facetOf(table, c);
  if (!facet) return (r) => test(cellText(table.value(c, r)));
  const byCodes = codesTest(facet, codesWhere(facet, test));
  if (filter.op !== 'empty') return byCodes;
  return (r) => {
    const code = facet.codes[r];
    return (Array.isArray(code) && code.length === 0) || byCodes(r);
  };
}
