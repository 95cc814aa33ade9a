/**
 * What changed in the snapshot's extras between two snapshots (scripts/diff/extras-diff.ts): per extra offered on
 * both sides, the entries added and removed (by their identity: a key, a URL and culture, an ISO code) and changed.
 */
import type { ExtraName } from './snapshot-extras.ts';

export interface ExtraEntryRef {
  /** The entry's identity within its extra (`key`, `url [culture]`, `isoCode`, …). */
  id: string;
  /** What people call it: a name, a dictionary key, a URL. */
  label: string;
}

export interface ExtraEntryChange extends ExtraEntryRef {
  /** Dictionary: the language whose translation changed; otherwise null. */
  culture: string | null;
  /** What changed: `value` (dictionary), `draft` (a draft saved again), or `fields`. */
  what: 'value' | 'draft' | 'fields';
  from?: string;
  to?: string;
}

export interface ExtraChanges {
  added: ExtraEntryRef[];
  removed: ExtraEntryRef[];
  changed: ExtraEntryChange[];
}

export interface ExtrasChanges {
  /** Only extras both snapshots hold; `notCompared` names the others (not offered on one side or both). */
  compared: Partial<Record<ExtraName, ExtraChanges>>;
  notCompared: ExtraName[];
}
