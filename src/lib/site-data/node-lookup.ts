/** Items of both kinds by key, id and CMS URL, with ancestors and child lists (nodes arrive in tree order). */
import type { ItemKind, ItemLookup, ItemTarget } from '../values/reference-target.ts';
import { noteRead } from './page-reads.ts';
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
  // Every read is noted for the page being rendered, if one is (page-reads.ts).
  return {
    get nodes() {
      noteRead('*', '');
      return nodes;
    },
    findByKey: (kind, key) => {
      noteRead(kind === 'content' ? 'kc' : 'km', key);
      return inKind(byKey.get(key), kind);
    },
    findById: (kind, id) => {
      noteRead(kind === 'content' ? 'ic' : 'im', id);
      return inKind(byId[kind].get(id), kind);
    },
    findNode: (key) => {
      const lower = key.toLowerCase();
      noteRead('n', lower);
      return byKey.get(lower);
    },
    findByUrl: (url) => {
      const normal = normalizeCmsUrl(url);
      noteRead('u', normal);
      const node = byUrl.get(normal);
      return node ? toTarget(node) : undefined;
    },
    listAncestors: (node) => {
      noteRead('a', node.key);
      const chain: SiteNode[] = [];
      for (
        let at = node.parent === null ? undefined : byKey.get(node.parent);
        at !== undefined && chain.length < 1000;
        at = at.parent === null ? undefined : byKey.get(at.parent)
      )
        chain.unshift(at);
      return chain;
    },
    listChildren: (key) => {
      noteRead('c', key);
      return children.get(key) ?? [];
    },
    listRoots: (kind) => {
      noteRead('r', kind);
      return roots[kind];
    },
  };
}
