/**
 * What a nightly job fails on and what it ignores. `--fail-on` takes a comma-separated list: `schema`, `items`,
 * `any`, or a threshold `<count><op><n>` (`removed>50`, `changed>=200`, `types>0`) on the counts every output shows
 * (rows: docs/diff-format.md). `--ignore` (repeatable or comma-separated) drops known noise before anything is
 * counted or written: a kind of item change (`sortOrderChanged`), values of a property (`property:umbracoBytes`) or
 * of an editor (`editor:Umbraco.Label`).
 */
import { ITEM_CHANGE_KINDS, countItemChanges, countRows, countTypeChanges } from '../core/diff-format.ts';
import type { ItemChanges, SnapshotDiff } from '../core/diff-format.ts';

type ItemKindName = (typeof ITEM_CHANGE_KINDS)[number];
const COUNTS = [...ITEM_CHANGE_KINDS, 'items', 'types'] as const;
type CountName = (typeof COUNTS)[number];

export type FailRule = { count: CountName; op: '>' | '>='; limit: number; text: string };
export type IgnoreRule = { kind: ItemKindName } | { property: string } | { editor: string };

const WORDS: Record<string, string> = { schema: 'types>0', items: 'items>0', any: 'types>0,items>0' };

/** The rules, or the problems with the text (each named). */
export function parseFailOn(text: string): { rules: FailRule[]; problems: string[] } {
  const rules: FailRule[] = [];
  const problems: string[] = [];
  for (const part of text.split(',').flatMap((word) => (WORDS[word.trim()] ?? word.trim()).split(','))) {
    const found = /^([A-Za-z]+)\s*(>=|>)\s*(\d+)$/.exec(part);
    const count = found?.[1] as CountName | undefined;
    if (found === null || count === undefined || !COUNTS.includes(count)) {
      problems.push(
        `--fail-on: ${JSON.stringify(part)} is not schema, items, any or <count>><n> with a count among ` +
          COUNTS.join(', '),
      );
      continue;
    }
    rules.push({ count, op: found[2] as FailRule['op'], limit: Number(found[3]), text: part });
  }
  return { rules, problems };
}

const countOf = (diff: SnapshotDiff, count: CountName): number =>
  count === 'types'
    ? countTypeChanges(diff.contentTypes)
    : count === 'items'
      ? countItemChanges(diff.items)
      : countRows(diff.items, count);

/** The first rule the diff meets, said with its count (`removed>50: 63`), or undefined. */
export function findFailure(diff: SnapshotDiff, rules: readonly FailRule[]): string | undefined {
  for (const rule of rules) {
    const value = countOf(diff, rule.count);
    if (rule.op === '>' ? value > rule.limit : value >= rule.limit) return `${rule.text}: ${value}`;
  }
  return undefined;
}

export function parseIgnore(values: readonly string[]): { rules: IgnoreRule[]; problems: string[] } {
  const rules: IgnoreRule[] = [];
  const problems: string[] = [];
  for (const text of values.flatMap((value) => value.split(',')).map((word) => word.trim())) {
    const [what, name] = [text.slice(0, text.indexOf(':')), text.slice(text.indexOf(':') + 1)];
    if ((ITEM_CHANGE_KINDS as readonly string[]).includes(text)) rules.push({ kind: text as ItemKindName });
    else if (what === 'property' && name !== '') rules.push({ property: name });
    else if (what === 'editor' && name !== '') rules.push({ editor: name });
    else
      problems.push(
        `--ignore: ${JSON.stringify(text)} is not property:<alias>, editor:<alias> or one of ` +
          ITEM_CHANGE_KINDS.join(', '),
      );
  }
  return { rules, problems };
}

/** The diff without what the rules name; items left with no value changes drop out of `changed`. */
export function applyIgnore(diff: SnapshotDiff, rules: readonly IgnoreRule[]): SnapshotDiff {
  if (rules.length === 0) return diff;
  const kinds = new Set(rules.flatMap((rule) => ('kind' in rule ? [rule.kind] : [])));
  const properties = new Set(rules.flatMap((rule) => ('property' in rule ? [rule.property] : [])));
  const editors = new Set(rules.flatMap((rule) => ('editor' in rule ? [rule.editor] : [])));
  const items = Object.fromEntries(
    ITEM_CHANGE_KINDS.map((kind) => [kind, kinds.has(kind) ? [] : diff.items[kind]]),
  ) as unknown as ItemChanges;
  items.changed = items.changed
    .map((item) => ({
      ...item,
      properties: item.properties.filter(
        (p) =>
          !properties.has(p.alias) &&
          !(p.fromAlias !== undefined && properties.has(p.fromAlias)) &&
          !editors.has(p.editorAlias ?? ''),
      ),
    }))
    .filter((item) => item.properties.length > 0);
  return { ...diff, items };
}
