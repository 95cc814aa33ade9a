/** Paged child lists for nodes with more children than an item page shows. */
import { findActivePartition, ownsItem } from '../partition.ts';
import { loadSiteData } from '../site-data/load-site-data.ts';
import type { SiteNode } from '../site-data/site-data-format.ts';
import { childrenHref, itemHref } from '../site-paths.ts';
import { CHILDREN_PER_PAGE, childSummaries, listChildPages, type ChildSummary } from './child-list.ts';
import type { LinkItem } from './page-context.ts';

export interface ChildrenPage {
  node: SiteNode;
  page: number;
  pages: number;
  first: number;
  children: ChildSummary[];
  breadcrumbs: LinkItem[];
  previous?: string;
  next?: string;
}

export async function listAllChildPages(): Promise<Array<{ params: { kind: string; key: string; page: string } }>> {
  const data = await loadSiteData();
  const partition = findActivePartition();
  return (['content', 'media'] as const).flatMap((kind) =>
    listChildPages(data, kind)
      .filter((p) => ownsItem(p.params.key, partition))
      .map((p) => ({ params: { kind, ...p.params } })),
  );
}

export async function getChildrenPage(kind: string, key: string, page: number): Promise<ChildrenPage> {
  const data = await loadSiteData();
  const node = data.lookup.findNode(key);
  if (node === undefined || node.kind !== kind) throw new Error(`no ${kind} item ${key}`);
  const total = data.lookup.listChildren(key).length;
  const pages = Math.max(1, Math.ceil(total / CHILDREN_PER_PAGE));
  const k = node.kind;
  return {
    node,
    page,
    pages,
    first: (page - 1) * CHILDREN_PER_PAGE + 1,
    children: childSummaries(data, key, (page - 1) * CHILDREN_PER_PAGE, CHILDREN_PER_PAGE),
    breadcrumbs: [...data.lookup.listAncestors(node), node].map((a) => ({
      name: a.name,
      href: itemHref(a.kind, a.key),
    })),
    ...(page > 1 ? { previous: childrenHref(k, key, page - 1) } : {}),
    ...(page < pages ? { next: childrenHref(k, key, page + 1) } : {}),
  };
}
