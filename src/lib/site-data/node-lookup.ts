/** Items of both kinds by key, id and CMS URL, with ancestors and child lists (nodes arrive in tree order). */
import type { ItemKind, ItemLookup, ItemTarget } from '../values/reference-target.ts';
import type { SiteNode } from './site-data-format.ts';

export interface NodeLookup extends ItemLookup {
  nodes: readonly SiteNode[];
  findNode(key: string): SiteNode | undefined;
  findByUrl(url: string): ItemTarget | undefined;
  listAncestors(node: SiteNode): SiteNode[];
  listChildren(key: string): readonly SiteNode[];
  listRoots(kind: ItemKind): readonly SiteNode[];
}

export const toTarget = (node: SiteNode): ItemTarget => ({ kind: node.kind, key: node.key, name: node.name });

/** CMS URLs compare without host, query and trailing slash, case-insensitively. */
export function normalizeCmsUrl(url: string): string {
  const path = url
    .trim()
    .replace(/^https?:\/\/[^/]+/i, '')
    .replace(/[?#].*$/, '');
  return path.replace(/\/+$/, '').toLowerCase() || '/';
}

export function createNodeLookup(nodes: readonly SiteNode[]): NodeLookup {
  const byKey = new Map<string, SiteNode>();
  const byId: Record<ItemKind, Map<number, SiteNode>> = { content: new Map(), media: new Map() };
  const byUrl = new Map<string, SiteNode>();
  const children = new Map<string, SiteNode[]>();
  const roots: Record<ItemKind, SiteNode[]> = { content: [], media: [] };
  for (const node of nodes) {
    byKey.set(node.key, node);
    byId[node.kind].set(node.id, node);
    if (node.kind === 'content' && node.url && node.url.startsWith('/') && !byUrl.has(normalizeCmsUrl(node.url)))
      byUrl.set(normalizeCmsUrl(node.url), node);
    if (node.parent === null) roots[node.kind].push(node);
    else {
      const list = children.get(node.parent);
      if (list) list.push(node);
      else children.set(node.parent, [node]);
    }
  }
  const inKind = (node: SiteNode | undefined, kind: ItemKind) => (node?.kind === kind ? toTarget(node) : undefined);
  return {
    nodes,
    findByKey: (kind, key) => inKind(byKey.get(key), kind),
    findById: (kind, id) => inKind(byId[kind].get(id), kind),
    findNode: (key) => byKey.get(key.toLowerCase()),
    findByUrl: (url) => {
      const node = byUrl.get(normalizeCmsUrl(url));
      return node ? toTarget(node) : undefined;
    },
    listAncestors: (node) => {
      const chain: SiteNode[] = [];
      for (
        let at = node.parent === null ? undefined : byKey.get(node.parent);
        at !== undefined && chain.length < 1000;
        at = at.parent === null ? undefined : byKey.get(at.parent)
      )
        chain.unshift(at);
      return chain;
    },
    listChildren: (key) => children.get(key) ?? [],
    listRoots: (kind) => roots[kind],
  };
}
