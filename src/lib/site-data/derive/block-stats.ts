/**
 * Element types as block elements: which items and properties hold them, and per property of the element type the
 * fill rate over block instances (an element's own values; an element type's properties never vary per item).
 */
import type { TypeIndex } from '../../content-types/type-index.ts';
import type { BlockHolder, SiteNode } from '../site-data-format.ts';
import type { BlockElement } from '#core/block-value.ts';
import { isEmptyValue } from '../../values/value-text.ts';

/** How many holding items an element type keeps (the counts stay exact). */
export const BLOCK_HOLDER_LIMIT = 200;

export interface BlockUsage {
  instances: number;
  holderItems: number;
  holders: BlockHolder[];
  fill: Record<string, { filled: number; total: number }>;
}

export interface BlockStats {
  addElement(element: BlockElement, holder: SiteNode, property: string): void;
  /** Block usage per element type key. */
  list(): Map<string, BlockUsage>;
}

export function createBlockStats(types: TypeIndex): BlockStats {
  const usage = new Map<string, BlockUsage & { seen: Map<string, BlockHolder> }>();
  return {
    addElement(element, holder, property) {
      const info = types.elementType(element);
      const type = info?.key ? types.findByKey(info.key) : undefined;
      if (type === undefined) return;
      let u = usage.get(type.key);
      if (u === undefined) {
        const fill = Object.fromEntries(types.listProperties(type).map((p) => [p.alias, { filled: 0, total: 0 }]));
        usage.set(type.key, (u = { instances: 0, holderItems: 0, holders: [], fill, seen: new Map() }));
      }
      u.instances += 1;
      const values = new Map(element.values.map((v) => [v.alias, v.value]));
      for (const [alias, cell] of Object.entries(u.fill)) {
        cell.total += 1;
        if (!isEmptyValue(values.get(alias))) cell.filled += 1;
      }
      let entry = u.seen.get(holder.key);
      if (entry === undefined) {
        u.holderItems += 1;
        entry = { key: holder.key, kind: holder.kind, name: holder.name, properties: [] };
        u.seen.set(holder.key, entry);
        if (u.holders.length < BLOCK_HOLDER_LIMIT) u.holders.push(entry);
      }
      if (!entry.properties.includes(property)) entry.properties.push(property);
    },
    list: () => new Map([...usage].map(([key, { seen: _seen, ...rest }]) => [key, rest])),
  };
}
