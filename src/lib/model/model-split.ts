/**
 * The whole-model diagram and its size guard. Graphviz's `dot` layout takes time that grows steeply with edges that
 * cross (measured in docs/model-diagrams.md: a 1,000-type tree in 0.15 s, a random 300-node graph with 600 edges in
 * 13 s, with 1,200 edges a stack overflow), so past the guard the model is drawn as one diagram per cluster of
 * connected types, and a cluster still past it without its observed edges, or not at all.
 */
import type { ModelEdge, ModelGraph } from './model-graph.ts';

export const MODEL_GUARD = { nodes: 400, edges: 400 } as const;

export const withinGuard = (graph: ModelGraph): boolean =>
  graph.nodes.length <= MODEL_GUARD.nodes && graph.edges.length <= MODEL_GUARD.edges;

export interface ModelCluster {
  title: string;
  graph: ModelGraph;
  /** Why the cluster is drawn without some edges, or not drawn. */
  note?: string;
  drawn: boolean;
}

function components(graph: ModelGraph): string[][] {
  const parent = new Map(graph.nodes.map((n) => [n.id, n.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    parent.set(id, root);
    return root;
  };
  for (const e of graph.edges) parent.set(find(e.from), find(e.to));
  const groups = new Map<string, string[]>();
  for (const n of graph.nodes) {
    const root = find(n.id);
    const list = groups.get(root);
    if (list) list.push(n.id);
    else groups.set(root, [n.id]);
  }
  return [...groups.values()];
}

const subgraph = (graph: ModelGraph, ids: Set<string>, keep: (e: ModelEdge) => boolean): ModelGraph => ({
  nodes: graph.nodes.filter((n) => ids.has(n.id)),
  edges: graph.edges.filter((e) => ids.has(e.from) && keep(e)),
});

const declared = (e: ModelEdge) => e.kind !== 'block' && e.kind !== 'reference';

function clusterOf(graph: ModelGraph, ids: Set<string>): ModelCluster {
  const full = subgraph(graph, ids, () => true);
  const degree = new Map<string, number>();
  for (const e of full.edges) for (const id of [e.from, e.to]) degree.set(id, (degree.get(id) ?? 0) + 1);
  const hub = [...full.nodes].sort((a, b) => (degree.get(b.id) ?? 0) - (degree.get(a.id) ?? 0))[0];
  const title = ids.size === 1 ? (hub?.name ?? '') : `Around ${hub?.name ?? ''} (${ids.size} types)`;
  if (withinGuard(full)) return { title, graph: full, drawn: true };
  const slim = subgraph(graph, ids, declared);
  if (withinGuard(slim))
    return { title, graph: slim, drawn: true, note: 'Too large to draw with its observed edges: declared ones only.' };
  return { title, graph: full, drawn: false, note: 'Too large to draw; the DOT and Mermaid downloads hold it.' };
}

/** One cluster for the whole model within the guard; otherwise one per connected group, lone types together. */
export function splitModel(graph: ModelGraph): { whole: boolean; clusters: ModelCluster[] } {
  if (withinGuard(graph)) return { whole: true, clusters: [{ title: 'The whole model', graph, drawn: true }] };
  const groups = components(graph).sort((a, b) => b.length - a.length);
  const clusters = groups.filter((g) => g.length > 1).map((g) => clusterOf(graph, new Set(g)));
  const lone = groups.filter((g) => g.length === 1).flat();
  if (lone.length > 0) {
    const c = clusterOf(graph, new Set(lone));
    clusters.push({ ...c, title: `Types with no relation (${lone.length})` });
  }
  return { whole: false, clusters };
}
