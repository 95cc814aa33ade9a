/**
 * Decisions set against a snapshot, by GUID: every item with its effective disposition, where it came from (the
 * decisions file's line, or none) and whether it was updated after the decision; and the decisions whose key is not
 * a published item of this snapshot (orphaned), with what became of the item when the extras say (unpublished,
 * trashed).
 */
import type { Decision } from '../../decisions/decisions-file.ts';
import type { SiteNode } from '../site-data-format.ts';

export const DECISION_ROW_COLUMNS = [
  'key',
  'kind',
  'name',
  'type',
  'url',
  'disposition',
  'origin',
  'mergeIntoKey',
  'mergeIntoName',
  'targetType',
  'owner',
  'priority',
  'note',
  'decidedAt',
  'changedSinceDecided',
];
export const ORPHANED_COLUMNS = [
  'key',
  'line',
  'disposition',
  'state',
  'name',
  'targetType',
  'owner',
  'priority',
  'note',
  'decidedAt',
];

export const UNDECIDED = 'undecided';

/**
 * Whether the item was updated after its decision: `yes`, `no`, or '' when either date is missing or unreadable. A
 * decided-at without a time means the end of that day (UTC).
 */
export function changedSince(updateDate: string | null, decidedAt: string): 'yes' | 'no' | '' {
  const decided = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(decidedAt) ? `${decidedAt}T23:59:59.999Z` : decidedAt);
  const updated = updateDate === null ? NaN : Date.parse(updateDate);
  if (Number.isNaN(decided) || Number.isNaN(updated)) return '';
  return updated > decided ? 'yes' : 'no';
}

export type DecisionRow = Record<string, string | number>;

export function listDecisionRows(
  nodes: readonly SiteNode[],
  decisions: readonly Decision[],
  hidden: ReadonlyMap<string, { name: string; state: string }>,
  file: string,
): { rows: DecisionRow[]; orphaned: DecisionRow[] } {
  const byKey = new Map(decisions.map((d) => [d.key, d]));
  const nodeOf = new Map(nodes.map((n) => [n.key, n]));
  const rows = nodes.map((n): DecisionRow => {
    const d = byKey.get(n.key);
    return {
      key: n.key,
      kind: n.kind,
      name: n.name,
      type: n.type,
      url: n.url ?? '',
      disposition: d?.disposition.replace(/:.*/, '') ?? UNDECIDED,
      origin: d ? `decision (${file} line ${d.line})` : 'none',
      mergeIntoKey: d?.mergeInto ?? '',
      mergeIntoName: (d?.mergeInto ? nodeOf.get(d.mergeInto)?.name : undefined) ?? '',
      targetType: d?.targetType ?? '',
      owner: d?.owner ?? '',
      priority: d?.priority ?? '',
      note: d?.note ?? '',
      decidedAt: d?.decidedAt ?? '',
      changedSinceDecided: d ? changedSince(n.updateDate, d.decidedAt) : '',
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
      owner: d.owner,
      priority: d.priority,
      note: d.note,
      decidedAt: d.decidedAt,
    }));
  return { rows, orphaned };
}
