/**
 * Compares the extras of two snapshots (a new pending draft, an item trashed, a dictionary value changed, a redirect
 * added). An extra whose file is the same on both sides is not read; one that differs is read whole (a site's drafts
 * can run to hundreds of megabytes: a line-by-line comparison is for when that is common). Only extras offered on
 * both sides are compared: an extra missing on one side says nothing about what changed.
 */
import type { ExtraChanges, ExtraEntryChange, ExtrasChanges } from '../core/extras-diff-format.ts';
import { EXTRA_NAMES, extraFileOf, extraStatusOf, listExtra, type ExtraName } from '../core/snapshot-extras.ts';
import { getManifest } from '../core/snapshot-format.ts';

type Entry = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const withCulture = (e: Entry, base: string): string => (e.culture ? `${base} [${text(e.culture)}]` : base);

/** Identity and label of an entry in each extra. */
const IDENTITY: Record<ExtraName, (e: Entry) => [id: string, label: string]> = {
  drafts: (e) => [text(e.key), text(e.name)],
  unpublished: (e) => [text(e.key), text(e.name)],
  'recycle-bin': (e) => [text(e.key), `${text(e.name)} (${text(e.kind)})`],
  schedule: (e) => [
    withCulture(e, `${text(e.key)} ${text(e.action)}`),
    withCulture(e, `${text(e.action)} ${text(e.key)}`),
  ],
  dictionary: (e) => [text(e.key), text(e.name)],
  languages: (e) => [text(e.isoCode), text(e.isoCode)],
  domains: (e) => [text(e.name), text(e.name)],
  'redirect-urls': (e) => [withCulture(e, text(e.url)), withCulture(e, text(e.url))],
};

function dictionaryChanges(id: string, label: string, from: Entry, to: Entry): ExtraEntryChange[] {
  const valuesOf = (e: Entry) =>
    new Map(((e.values ?? []) as Array<{ culture: string; value: string }>).map((v) => [v.culture, v.value]));
  const before = valuesOf(from);
  const after = valuesOf(to);
  const cultures = [...new Set([...before.keys(), ...after.keys()])].sort();
  return cultures.flatMap((culture) => {
    const [a, b] = [before.get(culture) ?? '', after.get(culture) ?? ''];
    return a === b ? [] : [{ id, label, culture, what: 'value' as const, from: a, to: b }];
  });
}

function entryChanges(name: ExtraName, id: string, label: string, from: Entry, to: Entry): ExtraEntryChange[] {
  if (name === 'dictionary') return dictionaryChanges(id, label, from, to);
  if (JSON.stringify(from) === JSON.stringify(to)) return [];
  if (name === 'drafts' || name === 'unpublished')
    return [{ id, label, culture: null, what: 'draft', from: text(from.updateDate), to: text(to.updateDate) }];
  return [{ id, label, culture: null, what: 'fields' }];
}

export function compareExtra(name: ExtraName, before: Entry[], after: Entry[]): ExtraChanges {
  const index = (entries: Entry[]) => new Map(entries.map((e) => [IDENTITY[name](e)[0], e]));
  const [from, to] = [index(before), index(after)];
  const ref = (e: Entry) => ({ id: IDENTITY[name](e)[0], label: IDENTITY[name](e)[1] });
  const changes: ExtraChanges = { added: [], removed: [], changed: [] };
  for (const [id, e] of to) {
    const old = from.get(id);
    if (old === undefined) changes.added.push(ref(e));
    else changes.changed.push(...entryChanges(name, id, ref(e).label, old, e));
  }
  for (const [id, e] of from) if (!to.has(id)) changes.removed.push(ref(e));
  return changes;
}

export async function diffExtras(fromDir: string, toDir: string): Promise<ExtrasChanges> {
  const [fromManifest, toManifest] = [await getManifest(fromDir), await getManifest(toDir)];
  const result: ExtrasChanges = { compared: {}, notCompared: [] };
  for (const name of EXTRA_NAMES) {
    if (extraStatusOf(fromManifest, name) !== 'offered' || extraStatusOf(toManifest, name) !== 'offered') {
      result.notCompared.push(name);
      continue;
    }
    // The same bytes on both sides (checksums both sides were verified against) change nothing: a demo's drafts at
    // 100k items are 125 MB, read, parsed and compared entry by entry in 4 s to find that.
    const [fromFile, toFile] = [fromManifest.files[extraFileOf(name)], toManifest.files[extraFileOf(name)]];
    if (fromFile !== undefined && fromFile.sha256 === toFile?.sha256 && fromFile.bytes === toFile.bytes) {
      result.compared[name] = { added: [], removed: [], changed: [] };
      continue;
    }
    const before = (await listExtra(fromDir, fromManifest, name)) as Entry[];
    const after = (await listExtra(toDir, toManifest, name)) as Entry[];
    result.compared[name] = compareExtra(name, before, after);
  }
  return result;
}

const TITLES: Record<ExtraName, string> = {
  drafts: 'Pending drafts',
  unpublished: 'Unpublished content',
  'recycle-bin': 'Recycle bin',
  schedule: 'Scheduled publishing',
  dictionary: 'Dictionary',
  languages: 'Languages',
  domains: 'Domains',
  'redirect-urls': 'Redirect URLs',
};

function describeChange(c: ExtraEntryChange): string {
  const at = c.culture === null ? c.label : `${c.label} [${c.culture}]`;
  if (c.what === 'fields') return `${at} changed`;
  return `${at}: ${JSON.stringify(c.from ?? '')} → ${JSON.stringify(c.to ?? '')}`;
}

/** The change list's sections for the extras, in the summary's shape: added, removed, changed per extra, if any. */
export function listExtraSections(
  changes: ExtrasChanges | undefined,
  limit: number,
): Array<{ title: string; total: number; more: number; lines: { text: string }[] }> {
  if (changes === undefined) return [];
  return EXTRA_NAMES.flatMap((name) => {
    const c = changes.compared[name];
    if (c === undefined) return [];
    return [
      { title: `${TITLES[name]}: added`, list: c.added.map((r) => r.label) },
      { title: `${TITLES[name]}: removed`, list: c.removed.map((r) => r.label) },
      { title: `${TITLES[name]}: changed`, list: c.changed.map(describeChange) },
    ]
      .filter((s) => s.list.length > 0)
      .map((s) => ({
        title: s.title,
        total: s.list.length,
        more: Math.max(0, s.list.length - limit),
        lines: s.list.slice(0, limit).map((t) => ({ text: t })),
      }));
  });
}
