/** Everything the content and media item pages show, built from one positioned read of the item. */
import { findItemHistory, loadChanges, type ItemHistory } from '../changes/site-changes.ts';
import { CHILD_PAGE_SIZE, childSummaries, type ChildSummary } from './child-list.ts';
import { writesItemPages } from './item-shell.ts';
import { getValueContext, type LinkItem } from './page-context.ts';
import { buildPropertyRows, type CultureSection, type PropertyRow } from './property-rows.ts';
import { findActivePartition, ownsItem } from '../partition.ts';
import { loadSiteData, readFullItem } from '../site-data/load-site-data.ts';
import type { MediaFile, SiteNode } from '../site-data/site-data-format.ts';
import { childrenHref, href, itemHref, typeHref } from '../site-paths.ts';
import { findDecision } from './decisions-page.ts';
import { loadDraftChanges } from '../site-data/load-extras.ts';
import { listCultures, listPropertyEntries } from '../values/item-properties.ts';
import type { ItemKind } from '../values/reference-target.ts';

export interface ItemPage {
  node: SiteNode;
  complete: boolean;
  /** Why the properties are not shown (scripts/core/item-limits.ts), when they are not. */
  unshown?: string;
  typeName: string;
  typeLink?: string;
  breadcrumbs: LinkItem[];
  urlSegment?: string;
  template?: string;
  children: ChildSummary[];
  allChildrenHref?: string;
  shared: PropertyRow[];
  cultures: CultureSection[];
  usedBy: { count: number; from: LinkItem[] };
  file?: MediaFile & { imageSrc?: string };
  /** Set when the item has a pending draft: its page, and the property values it changes (`alias [culture]`). */
  draft?: { href: string; changed: string[] };
  /** What changed since the previous snapshot (--history), when the item changed. */
  changes?: { history: ItemHistory; since?: string };
  /** The item's decision (--decisions), when it has one. */
  decision?: { disposition: string; facts: Array<[label: string, value: string, href?: string]> };
}

/**
 * The item nodes of `kind` this build renders (its partition's share): the item page writer's when it is on, Astro's
 * when it is off (`--astro-item-pages`, `astro dev`).
 */
export async function listItemNodes(kind: ItemKind, renderer: 'astro' | 'writer'): Promise<SiteNode[]> {
  if (writesItemPages() !== (renderer === 'writer')) return [];
  const data = await loadSiteData();
  const partition = findActivePartition();
  return data.lookup.nodes.filter((node) => node.kind === kind && ownsItem(node.key, partition));
}

function imageSource(file: MediaFile | undefined, mediaOrigin: string | undefined): string | undefined {
  if (
    file?.path === undefined ||
    mediaOrigin === undefined ||
    !/^(jpe?g|png|gif|webp|avif|svg)$/i.test(file.extension ?? '')
  )
    return undefined;
  try {
    const url = new URL(file.path, mediaOrigin);
    return url.origin === mediaOrigin && /\.(jpe?g|png|gif|webp|avif)$/i.test(url.pathname) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const changedLabel = (p: { alias: string; culture: string | null }): string =>
  p.culture === null ? p.alias : `${p.alias} [${p.culture}]`;

/** The page of one item; `unshown` (or the site data's own reason) leaves its properties out. */
export async function getItemPage(kind: ItemKind, key: string, unshown?: string): Promise<ItemPage> {
  const data = await loadSiteData();
  const node = data.lookup.findNode(key);
  if (node === undefined || node.kind !== kind) throw new Error(`no ${kind} item ${key} in the site data`);
  const withheld = unshown ?? node.unshown;
  const record = withheld === undefined ? readFullItem(data, node) : undefined;
  const type = kind === 'content' ? data.types.findByAlias(node.type) : undefined;
  const ctx = getValueContext(data);
  const rows = record
    ? buildPropertyRows(
        listPropertyEntries(record.properties),
        listCultures(record.cultures),
        type ? data.types.listProperties(type) : [],
        ctx,
      )
    : { shared: [], cultures: [] };
  const used = data.usedBy.get(node.key);
  const urlSegment = typeof record?.urlSegment === 'string' ? record.urlSegment : undefined;
  const imageSrc = imageSource(node.file, data.env.mediaOrigin);
  const draft = kind === 'content' ? loadDraftChanges().get(node.key) : undefined;
  const decision = await findDecision(node.key);
  const history = await findItemHistory(node.key);
  const since = history && (await loadChanges())?.from.finishedAt;
  return {
    node,
    complete: record !== undefined || withheld !== undefined,
    ...(withheld !== undefined ? { unshown: withheld } : {}),
    typeName: type?.name ?? node.type,
    ...(type ? { typeLink: typeHref(type.key) } : {}),
    breadcrumbs: data.lookup.listAncestors(node).map((a) => ({ name: a.name, href: itemHref(a.kind, a.key) })),
    ...(urlSegment ? { urlSegment } : {}),
    ...(node.template ? { template: node.template } : {}),
    children: childSummaries(data, node.key, 0, CHILD_PAGE_SIZE),
    ...(node.childCount > CHILD_PAGE_SIZE ? { allChildrenHref: childrenHref(kind, node.key, 1) } : {}),
    ...rows,
    // The File section shows the size in units; the raw `umbracoBytes` row would say it a second time.
    ...(node.file?.bytes !== undefined ? { shared: rows.shared.filter((r) => r.alias !== 'umbracoBytes') } : {}),
    usedBy: {
      count: used?.count ?? 0,
      from: (used?.from ?? []).map((f) => ({
        name: data.lookup.findNode(f.key)?.name ?? f.key,
        href: itemHref(f.kind, f.key),
        note: f.aliases.join(', '),
      })),
    },
    ...(node.file ? { file: { ...node.file, ...(imageSrc ? { imageSrc } : {}) } } : {}),
    ...(draft ? { draft: { href: href(`drafts/${node.key}/`), changed: draft.properties.map(changedLabel) } } : {}),
    ...(history ? { changes: { history, ...(since !== undefined ? { since } : {}) } } : {}),
    ...(decision ? { decision } : {}),
  };
}
