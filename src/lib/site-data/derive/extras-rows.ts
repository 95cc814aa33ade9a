/**
 * The rows of the extras inventories (drafts, unpublished, recycle bin, schedule, dictionary, languages, domains,
 * redirect URLs), derived from the snapshot's extras and the published items: one row shape feeds the page table
 * and the downloads. What is not published is only ever here, never in the published inventories.
 */
import type { ExtraRecord } from '#core/snapshot-extras.ts';
import type { NodeLookup } from '../node-lookup.ts';
import type { SiteNode } from '../site-data-format.ts';
import type { ExtraRow } from '../extras-format.ts';

const pathOf = (lookup: NodeLookup, node: SiteNode | undefined): string =>
  node === undefined ? '' : [...lookup.listAncestors(node), node].map((n) => n.name).join(' / ');

/** Tree path of an item that is not in the published tree: its nearest published parent's path, then its name. */
function pathUnder(lookup: NodeLookup, parentKey: string | null | undefined, name: string): string {
  const parent = parentKey ? lookup.findNode(parentKey) : undefined;
  return parent === undefined ? name : `${pathOf(lookup, parent)} / ${name}`;
}

const keyOfId = (lookup: NodeLookup, id: number): string | null => lookup.findById('content', id)?.key ?? null;

export function draftRows(lookup: NodeLookup, drafts: Array<ExtraRecord<'drafts'>>): ExtraRow[] {
  return drafts.map((d) => {
    const published = lookup.findNode(d.key);
    return {
      id: d.id,
      key: d.key,
      name: d.name,
      publishedName: d.publishedName ?? '',
      type: d.type,
      path: published ? pathOf(lookup, published) : pathUnder(lookup, keyOfId(lookup, d.parentId), d.name),
      url: published?.url ?? '',
      draftDate: d.updateDate ?? '',
      publishedDate: d.publishedDate ?? '',
      editedCultures: d.editedCultures,
      inSnapshot: published !== undefined,
    };
  });
}

export function unpublishedRows(lookup: NodeLookup, items: Array<ExtraRecord<'unpublished'>>): ExtraRow[] {
  return items.map((u) => ({
    id: u.id,
    key: u.key,
    name: u.name,
    type: u.type,
    path: pathUnder(lookup, keyOfId(lookup, u.parentId), u.name),
    parentKey: keyOfId(lookup, u.parentId) ?? '',
    level: u.level,
    updateDate: u.updateDate ?? '',
    everPublished: u.everPublished ? 'unpublished' : 'never published',
    cultures: Object.keys(u.cultures ?? {}),
  }));
}

export function trashRows(lookup: NodeLookup, items: Array<ExtraRecord<'recycle-bin'>>): ExtraRow[] {
  return items.map((t) => ({
    kind: t.kind,
    id: t.id,
    key: t.key,
    name: t.name,
    type: t.type,
    trashedDate: t.trashedDate ?? '',
    originalParentKey: t.originalParentKey ?? '',
    originalPath:
      t.originalParentKey === undefined ? '(trashed with its parent)' : pathUnder(lookup, t.originalParentKey, t.name),
    level: t.level,
  }));
}

export function scheduleRows(lookup: NodeLookup, items: Array<ExtraRecord<'schedule'>>): ExtraRow[] {
  return items.map((s) => ({
    id: s.id,
    key: s.key ?? '',
    name: (s.key ? lookup.findNode(s.key)?.name : undefined) ?? '',
    itemKey: (s.key ? lookup.findNode(s.key)?.key : undefined) ?? '',
    culture: s.culture ?? '',
    action: s.action,
    date: s.date ?? '',
  }));
}

/** One row per dictionary item, a column per language; an absent or empty translation is missing. */
export function dictionaryRows(items: Array<ExtraRecord<'dictionary'>>, languages: string[]): ExtraRow[] {
  const names = new Map(items.map((d) => [d.key, d.name]));
  return items.map((d) => {
    const row: ExtraRow = { key: d.key, name: d.name, parent: d.parentKey ? (names.get(d.parentKey) ?? '') : '' };
    const missing: string[] = [];
    for (const iso of languages) {
      const value = d.values.find((v) => v.culture.toLowerCase() === iso.toLowerCase())?.value ?? '';
      row[`value:${iso}`] = value;
      if (value.trim() === '') missing.push(iso);
    }
    return { ...row, missing: missing.length, missingLanguages: missing };
  });
}

export function languageRows(items: Array<ExtraRecord<'languages'>>): ExtraRow[] {
  return items.map((l) => ({
    isoCode: l.isoCode,
    name: l.name,
    isDefault: l.isDefault,
    mandatory: l.mandatory === true,
    fallbackIsoCode: typeof l.fallbackIsoCode === 'string' ? l.fallbackIsoCode : '',
  }));
}

export function domainRows(lookup: NodeLookup, items: Array<ExtraRecord<'domains'>>): ExtraRow[] {
  return items.map((d) => ({
    name: d.name,
    culture: d.culture ?? '',
    rootKey: d.rootKey ?? '',
    rootName: (d.rootKey ? lookup.findNode(d.rootKey)?.name : undefined) ?? '',
    rootItemKey: (d.rootKey ? lookup.findNode(d.rootKey)?.key : undefined) ?? '',
    kind: d.wildcard ? 'wildcard (language only)' : d.rootKey === null ? 'orphan (no root)' : 'hostname',
  }));
}

/** The old URL, then where the item is now: the two halves of a redirect map (and whether it is published at all). */
export function redirectRows(
  lookup: NodeLookup,
  items: Array<ExtraRecord<'redirect-urls'>>,
  hidden: Map<string, { name: string; state: string }>,
): ExtraRow[] {
  return items.map((r) => {
    const item = lookup.findNode(r.contentKey);
    const other = hidden.get(r.contentKey);
    return {
      url: r.url,
      culture: r.culture ?? '',
      contentKey: r.contentKey,
      createDate: r.createDate ?? '',
      itemName: item?.name ?? other?.name ?? '',
      itemState: item ? 'published' : (other?.state ?? 'not in the snapshot'),
      currentUrl: item?.url ?? '',
      itemKey: item?.key ?? '',
    };
  });
}
