/** Child lists in sort order, a page at a time, so a node with 50k children stays a set of small pages. */
import type { SiteData } from '../site-data/load-site-data.ts';
import { itemHref } from '../site-paths.ts';
import type { ItemKind } from '../values/reference-target.ts';

/** Children shown on an item page; the full list lives on paged children pages of CHILDREN_PER_PAGE. */
export const CHILD_PAGE_SIZE = 200;
export const CHILDREN_PER_PAGE = 500;

export interface ChildSummary {
  name: string;
  href: string;
  type: string;
  childCount: number;
}

export function childSummaries(data: SiteData, key: string, from: number, count: number): ChildSummary[] {
  return data.lookup
    .listChildren(key)
    .slice(from, from + count)
    .map((c) => ({ name: c.name, href: itemHref(c.kind, c.key), type: c.type, childCount: c.childCount }));
}

export function listChildPages(data: SiteData, kind: ItemKind): Array<{ params: { key: string; page: string } }> {
  return data.lookup.nodes
    .filter((n) => n.kind === kind && data.lookup.listChildren(n.key).length > CHILD_PAGE_SIZE)
    .flatMap((n) => {
      const pages = Math.ceil(data.lookup.listChildren(n.key).length / CHILDREN_PER_PAGE);
      return Array.from({ length: pages }, (_, i) => ({ params: { key: n.key, page: String(i + 1) } }));
    });
}
