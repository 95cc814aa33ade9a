/**
 * The model graph as Graphviz DOT and as a Mermaid flowchart, to render here or paste into documents. Names come from
 * the CMS and are hostile: control, format (bidi) and line-separator characters become spaces, lone surrogates U+FFFD,
 * and each language's own quoting is applied.
 */
import type { EdgeKind, ModelEdge, ModelGraph, ModelNode } from './model-graph.ts';

export const EDGE_LABELS: Record<EdgeKind, string> = {
  composition: 'composes',
  parent: 'inherits from',
  allowed: 'allows child',
  block: 'holds blocks',
  reference: 'refers to',
};
const DOT_EDGE_STYLE: Record<EdgeKind, string> = {
  composition: 'style=dashed, arrowhead=empty',
  parent: 'arrowhead=empty',
  allowed: 'color="#555555"',
  block: 'color="#1f5fa8", fontcolor="#1f5fa8"',
  reference: 'style=dotted, color="#8a4b00", fontcolor="#8a4b00"',
};
const NODE_FILL: Record<ModelNode['kind'], string> = { document: '#ffffff', element: '#eef4fb', media: '#f6f1e8' };

export const plainLabel = (text: string): string =>
  text
    .toWellFormed()
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);

const dotString = (text: string): string => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export const edgeLabel = (edge: ModelEdge): string =>
  edge.count === undefined ? EDGE_LABELS[edge.kind] : `${EDGE_LABELS[edge.kind]} ×${edge.count}`;

export interface DotOptions {
  /** Link of a node (its type page), or undefined for none. */
  hrefOf?: (node: ModelNode) => string | undefined;
  /** Graphviz copies `&…;` into its SVG as it is: the SVG path passes labels with `&` already escaped. */
  forSvg?: boolean;
  highlight?: string;
}

function dotNode(node: ModelNode, options: DotOptions): string {
  let name = plainLabel(node.name) || node.alias;
  let alias = plainLabel(node.alias);
  if (options.forSvg) [name, alias] = [name.replace(/&/g, '&amp;'), alias.replace(/&/g, '&amp;')];
  // DOT's `\n` escape breaks the label's line: added after quoting, which doubles every backslash of the name.
  const label = name === alias ? dotString(name) : `${dotString(name).slice(0, -1)}\\n${dotString(alias).slice(1)}`;
  const attrs = [`label=${label}`];
  attrs.push(`fillcolor="${node.id === options.highlight ? '#fff4c2' : NODE_FILL[node.kind]}"`);
  if (node.kind === 'element') attrs.push('shape=component');
  if (node.kind === 'media') attrs.push('shape=note');
  const href = options.hrefOf?.(node);
  if (href !== undefined) attrs.push(`URL=${dotString(href)}`, `tooltip=${dotString(`${name} (${node.kind} type)`)}`);
  return `  ${dotString(node.id)} [${attrs.join(', ')}];`;
}

export function toDot(graph: ModelGraph, options: DotOptions = {}): string {
  const lines = [
    'digraph model {',
    '  graph [rankdir=LR, fontname="Helvetica", fontsize=10, bgcolor="transparent"];',
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10, margin="0.2,0.06"];',
    '  edge [fontname="Helvetica", fontsize=9];',
    ...graph.nodes.map((n) => dotNode(n, options)),
    ...graph.edges.map(
      (e) =>
        `  ${dotString(e.from)} -> ${dotString(e.to)} [label=${dotString(edgeLabel(e))}, ${DOT_EDGE_STYLE[e.kind]}];`,
    ),
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

const mermaidText = (text: string): string =>
  plainLabel(text).replace(/[#"<>&`]/g, (c) => `#${c.codePointAt(0) as number};`);

const MERMAID_ARROW: Record<EdgeKind, string> = {
  composition: '-.->',
  parent: '-->',
  allowed: '-->',
  block: '==>',
  reference: '-.->',
};

export function toMermaid(graph: ModelGraph): string {
  const ids = new Map(graph.nodes.map((n, i) => [n.id, `t${i}`]));
  const lines = ['flowchart LR'];
  for (const n of graph.nodes) {
    const label = mermaidText(n.name) || mermaidText(n.alias);
    lines.push(`  ${ids.get(n.id) as string}["${label}<br/>${mermaidText(n.alias)}"]`);
  }
  for (const e of graph.edges)
    lines.push(
      `  ${ids.get(e.from) as string} ${MERMAID_ARROW[e.kind]}|"${mermaidText(edgeLabel(e))}"| ${ids.get(e.to) as string}`,
    );
  return `${lines.join('\n')}\n`;
}
