/**
 * The content model as a graph: one node per content, element and media type, and the edges between them, declared
 * (compositions, the type tree's parent, allowed children) and observed in the items (the element types their blocks
 * hold, the types of the items their pickers, links and rich text point at, with counts).
 */
import type { TypeIndex } from '../content-types/type-index.ts';
import type { TypeUsage } from '../site-data/site-data-format.ts';

export type EdgeKind = 'composition' | 'parent' | 'allowed' | 'block' | 'reference';
export type NodeKind = 'document' | 'element' | 'media';

export interface ModelNode {
  /** The content type key; `media:<alias>` for a media type (media types have no page of their own). */
  id: string;
  name: string;
  alias: string;
  kind: NodeKind;
}
export interface ModelEdge {
  from: string;
  to: string;
  kind: EdgeKind;
  /** Observed edges: block elements held, or item-to-item references made. */
  count?: number;
}
export interface ModelGraph {
  nodes: ModelNode[];
  edges: ModelEdge[];
}

/** Observed edges by `from\0to\0kind`, counted while the items stream past (see observed-edges.ts). */
export interface ObservedCounts {
  counts: ReadonlyMap<string, number>;
  /** Media types met at either end of an observed edge, by node id, with their alias as the items spell it. */
  mediaTypes: ReadonlyMap<string, string>;
}

export const mediaNodeId = (alias: string): string => `media:${alias.toLowerCase()}`;

export function listModelGraph(types: TypeIndex, usage: readonly TypeUsage[], observed: ObservedCounts): ModelGraph {
  const nodes: ModelNode[] = types.list.map((t) => ({
    id: t.key,
    name: t.name,
    alias: t.alias,
    kind: t.element === true ? 'element' : 'document',
  }));
  for (const [id, alias] of observed.mediaTypes) nodes.push({ id, name: alias, alias, kind: 'media' });
  const ids = new Set(nodes.map((n) => n.id));
  const edges: ModelEdge[] = [];
  const seen = new Set<string>();
  const add = (from: string | undefined, to: string | undefined, kind: EdgeKind, count?: number) => {
    if (from === undefined || to === undefined || !ids.has(from) || !ids.has(to)) return;
    const id = `${from}\u0000${to}\u0000${kind}`;
    if (seen.has(id)) return;
    seen.add(id);
    edges.push(count === undefined ? { from, to, kind } : { from, to, kind, count });
  };
  const keyOf = (key: string) => types.findByKey(key)?.key;
  for (const type of types.list) {
    for (const ref of type.compositions) add(type.key, keyOf(ref.key), 'composition');
    for (const ref of type.allowedContentTypes) add(type.key, keyOf(ref.key), 'allowed');
  }
  for (const u of usage) {
    if (!u.defined || u.key === undefined) continue;
    for (const alias of u.parentOf) add(types.findByAlias(alias)?.key, u.key, 'parent');
  }
  for (const [id, count] of [...observed.counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [from, to, kind] = id.split('\u0000') as [string, string, EdgeKind];
    add(from, to, kind, count);
  }
  return { nodes, edges };
}

/** The type and every type one edge away from it, with those edges. */
export function neighbourhoodOf(graph: ModelGraph, id: string): ModelGraph {
  const edges = graph.edges.filter((e) => e.from === id || e.to === id);
  const near = new Set([id, ...edges.flatMap((e) => [e.from, e.to])]);
  return { nodes: graph.nodes.filter((n) => near.has(n.id)), edges };
}
