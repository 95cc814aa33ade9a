/**
 * Decisions set against a snapshot, by GUID: every item with its effective disposition, where it came from (the
 * decisions file's line, or none) and whether it was updated after the decision; and the decisions whose key is not
 * a published item of this snapshot (orphaned), with what became of the item when the extras say (unpublished,
 * trashed).
 */
import type { Decision } from '../../decisions/decisions-file.ts';
import type { Rule } from '../../decisions/rules-file.ts';
import { ruleMatches, type RuleContext } from '../../decisions/rule-match.ts';
import {
  changedSince,
  createChangeHistory,
  type ChangedSince,
  type ChangeHistory,
} from '../../decisions/changed-since.ts';
import type { SiteNode } from '../site-data-format.ts';

export const DECISION_ROW_COLUMNS = [
  'key',
  'kind',
  'name',
  'type',
  'root',
  'url',
  'languages',
  'disposition',
  'origin',
  'mergeIntoKey',
  'mergeIntoName',
  'targetType',
  'targetUrl',
  'owner',
  'priority',
  'note',
  'decidedAt',
  'changedSinceDecided',
  'changedAt',
  'changedProperties',
];
export const ORPHANED_COLUMNS = [
  'key',
  'line',
  'disposition',
  'state',
  'name',
  'targetType',
  'targetUrl',
  'owner',
  'priority',
  'note',
  'decidedAt',
];

export const UNDECIDED = 'undecided';
const NO_FIELDS = { targetType: '', targetUrl: '', owner: '', priority: '', note: '', decidedAt: '' };

const changedColumns = (c: ChangedSince | undefined) => ({
  changedSinceDecided: c?.changed ?? '',
  changedAt: c?.at ?? '',
  changedProperties: c?.properties ?? '',
});

export type DecisionRow = Record<string, string | number | string[]>;

export function listDecisionRows(
  nodes: readonly SiteNode[],
  decisions: readonly Decision[],
  hidden: ReadonlyMap<string, { name: string; state: string }>,
  file: string,
  rules: readonly Rule[] = [],
  context: RuleContext = { snapshotAt: '', audit: new Map() },
  history: ChangeHistory = createChangeHistory([]),
): { rows: DecisionRow[]; orphaned: DecisionRow[]; unusedRules: Rule[] } {
  const byKey = new Map(decisions.map((d) => [d.key, d]));
  const nodeOf = new Map(nodes.map((n) => [n.key, n]));
  const used = new Set<Rule>();
  const rows = nodes.map((n): DecisionRow => {
    const decision = byKey.get(n.key);
    const rule = rules.find((r) => ruleMatches(r, n, context));
    if (rule) used.add(rule);
    const d =
      decision ?? (rule ? { ...NO_FIELDS, disposition: rule.disposition, mergeInto: rule.mergeInto } : undefined);
    const origin = decision
      ? `decision (${file} line ${decision.line})`
      : rule
        ? `rule ${rule.index}${rule.name ? ` (${rule.name})` : ''}`
        : 'none';
    return {
      key: n.key,
      kind: n.kind,
      name: n.name,
      type: n.type,
      root: nodeOf.get(n.root)?.name ?? '',
      url: n.url ?? '',
      languages: n.cultures,
      disposition: d?.disposition.replace(/:.*/, '') ?? UNDECIDED,
      origin,
      mergeIntoKey: d?.mergeInto ?? '',
      mergeIntoName: (d?.mergeInto ? nodeOf.get(d.mergeInto)?.name : undefined) ?? '',
      targetType: d?.targetType ?? '',
      targetUrl: d?.targetUrl ?? '',
      owner: d?.owner ?? '',
      priority: d?.priority ?? '',
      note: d?.note ?? '',
      decidedAt: d?.decidedAt ?? '',
      ...changedColumns(decision ? changedSince(history, n.key, n.updateDate, decision.decidedAt) : undefined),
    };
  });
  const orphaned = decisions
    .filter((d) => !nodeOf.has(d.key))
    .map((d): DecisionRow => ({
      key: d.key,
      line: d.line,
      disposition: d.disposition,
      state: hidden.get(d.key)?.state ?? 'not in the snapshot',
      name: hidden.get(d.key)?.name ?? '',
      targetType: d.targetType,
      targetUrl: d.targetUrl,
      owner: d.owner,
      priority: d.priority,
      note: d.note,
      decidedAt: d.decidedAt,
    }));
  return { rows, orphaned, unusedRules: rules.filter((r) => !used.has(r)) };
}
