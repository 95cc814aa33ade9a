/**
 * Counts the edges the items show between types: block elements an item of type A holds (A → element type, one per
 * element), and references from an item of type A to an item of type B (A → B, one per pair of items).
 */
import type { BlockElement } from '#core/block-value.ts';
import type { TypeIndex } from '../content-types/type-index.ts';
import type { NodeLookup } from '../site-data/node-lookup.ts';
import type { SiteNode } from '../site-data/site-data-format.ts';
import { mediaNodeId, type EdgeKind, type ObservedCounts } from './model-graph.ts';

export interface ObservedEdges {
  addBlock(holder: SiteNode, element: BlockElement): void;
  addReferences(from: SiteNode, targetKeys: Iterable<string>): void;
  readonly observed: ObservedCounts;
}

export function createObservedEdges(types: TypeIndex, lookup: NodeLookup): ObservedEdges {
  const counts = new Map<string, number>();
  const mediaTypes = new Map<string, string>();
  const nodeId = (node: SiteNode): string | undefined => {
    if (node.kind !== 'media') return types.findByAlias(node.type)?.key;
    const id = mediaNodeId(node.type);
    if (!mediaTypes.has(id)) mediaTypes.set(id, node.type);
    return id;
  };
  const bump = (from: string | undefined, to: string | undefined, kind: EdgeKind) => {
    if (from === undefined || to === undefined) return;
    const id = `${from}\u0000${to}\u0000${kind}`;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  return {
    addBlock(holder, element) {
      bump(nodeId(holder), types.elementType(element)?.key, 'block');
    },
    addReferences(from, targetKeys) {
      const fromId = nodeId(from);
      for (const key of targetKeys) {
        const target = lookup.findNode(key);
        if (target !== undefined) bump(fromId, nodeId(target), 'reference');
      }
    },
    observed: { counts, mediaTypes },
  };
}
