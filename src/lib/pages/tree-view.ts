/**
 * Content and media trees as nested `<details>`, expanded breadth first within a node budget: the upper levels are
 * browsable on one page, each node shows at most PER_NODE children, and deeper or larger branches continue on the item
 * pages (which page their children). The page stays small whether the tree holds 100 or 100k items.
 */
import type { SiteData } from '../site-data/load-site-data.ts';
import type { SiteNode } from '../site-data/site-data-format.ts';
import { childrenHref, itemHref } from '../site-paths.ts';
import type { ItemKind } from '../values/reference-target.ts';
import { CHILD_PAGE_SIZE } from './child-list.ts';

export interface TreeNodeView {
  name: string;
  href: string;
  type: string;
  typeName?: string;
  childCount: number;
  children?: TreeNodeView[];
  more: number;
  moreHref?: string;
}

export const TREE_BUDGET = 3000;
export const PER_NODE = 100;

export function buildTree(
  data: SiteData,
  kind: ItemKind,
  budget = TREE_BUDGET,
  perNode = PER_NODE,
): { roots: TreeNodeView[]; moreRoots: number } {
  const toView = (n: SiteNode): TreeNodeView => {
    const typeName = n.kind === 'content' ? data.types.findByAlias(n.type)?.name : undefined;
    return {
      name: n.name,
      href: itemHref(n.kind, n.key),
      type: n.type,
      ...(typeName ? { typeName } : {}),
      childCount: n.childCount,
      more: 0,
    };
  };
  const all = data.lookup.listRoots(kind);
  const rootNodes = all.slice(0, Math.max(perNode, 1000));
  const roots = rootNodes.map(toView);
  let left = budget - roots.length;
  const queue: Array<[SiteNode, TreeNodeView]> = rootNodes.map((n, i) => [n, roots[i] as TreeNodeView]);
  for (let head = 0; head < queue.length; head++) {
    const [node, view] = queue[head] as [SiteNode, TreeNodeView];
    const children = data.lookup.listChildren(node.key);
    const shown = Math.min(children.length, perNode);
    if (shown === 0 || shown > left) continue;
    left -= shown;
    view.children = children.slice(0, shown).map(toView);
    view.more = children.length - shown;
    if (view.more > 0) view.moreHref = children.length > CHILD_PAGE_SIZE ? childrenHref(kind, node.key, 1) : view.href;
    view.children.forEach((child, i) => queue.push([children[i] as SiteNode, child]));
  }
  return { roots, moreRoots: all.length - rootNodes.length };
}
