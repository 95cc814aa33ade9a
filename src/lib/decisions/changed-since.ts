/**
 * Whether an item's values changed after it was decided, from the change lists the build has (`--history`: tonight's
 * and the earlier nights kept): a night counts when its newer snapshot was taken after decided-at (the decision was
 * made on what an earlier snapshot showed), and a change is one of the item's property values or its name. The update
 * date alone proves nothing changed (an item not saved since its decision), never that something did.
 */
import type { SnapshotDiff } from '#core/diff-format.ts';

export interface ChangedSince {
  /** `yes`, `no`, `unknown` (updated after decided-at, but no change list reaches back that far), or '' (no date). */
  changed: 'yes' | 'no' | 'unknown' | '';
  /** When the first snapshot after decided-at that saw a change was taken. */
  at: string;
  /** The aliases of the values that changed (`name` for the item's name), space-separated. */
  properties: string;
}

interface Seen {
  at: number;
  atText: string;
  properties: Set<string>;
}

export interface ChangeHistory {
  /** The oldest snapshot the change lists start from (NaN without any). */
  since: number;
  changesOf(key: string): readonly Seen[];
}

export function createChangeHistory(nights: readonly SnapshotDiff[]): ChangeHistory {
  const byKey = new Map<string, Seen[]>();
  let since = Number.NaN;
  for (const night of nights) {
    const from = Date.parse(night.from.finishedAt);
    if (!(from >= since)) since = from;
    const at = Date.parse(night.to.finishedAt);
    const seen = new Map<string, Seen>();
    const add = (key: string, alias: string) => {
      let s = seen.get(key);
      if (s === undefined) seen.set(key, (s = { at, atText: night.to.finishedAt, properties: new Set() }));
      s.properties.add(alias);
    };
    for (const item of night.items.changed) for (const p of item.properties) add(item.key, p.alias);
    for (const item of night.items.renamed) add(item.key, 'name');
    for (const [key, s] of seen) byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  return { since, changesOf: (key) => byKey.get(key) ?? [] };
}

/** A decided-at without a time means the end of that day (UTC). */
const timeOf = (decidedAt: string): number =>
  Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(decidedAt) ? `${decidedAt}T23:59:59.999Z` : decidedAt);

export function changedSince(
  history: ChangeHistory,
  key: string,
  updateDate: string | null,
  decidedAt: string,
): ChangedSince {
  const decided = timeOf(decidedAt);
  if (decidedAt === '' || Number.isNaN(decided)) return { changed: '', at: '', properties: '' };
  const after = history
    .changesOf(key)
    .filter((s) => s.at > decided)
    .sort((a, b) => a.at - b.at);
  if (after.length > 0) {
    const properties = [...new Set(after.flatMap((s) => [...s.properties]))].sort();
    return { changed: 'yes', at: after[0]?.atText ?? '', properties: properties.join(' ') };
  }
  const updated = updateDate === null ? Number.NaN : Date.parse(updateDate);
  const covered = history.since <= decided;
  return { changed: covered || updated <= decided ? 'no' : 'unknown', at: '', properties: '' };
}
