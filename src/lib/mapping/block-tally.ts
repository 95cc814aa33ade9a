/**
 * Block elements inside a property value, any depth: one count per (host type, property, element type), and each
 * element's own values tallied for its element type's properties. A block inside an element's property is hosted by
 * that element's type.
 */
import { walkElements, type BlockElement } from '#core/block-value.ts';
import type { BlockFact } from '#core/mapping-format.ts';
import type { ContentTypeRecord } from '#core/snapshot-format.ts';
import type { TypeIndex } from '../content-types/type-index.ts';
import { nestedStructure } from '../values/block-walk.ts';

const MAX_DEPTH = 20;

export interface BlockTally {
  /** Counts the blocks of one value of `property` on an item (`itemKey`) of type `host`. */
  addValue(itemKey: string, host: ContentTypeRecord, property: string, value: unknown): void;
  list(): BlockFact[];
}

export type ElementVisitor = (type: ContentTypeRecord, element: BlockElement) => void;

interface Row extends BlockFact {
  lastItem: string;
}

export function createBlockTally(types: TypeIndex, onElement: ElementVisitor): BlockTally {
  const rows = new Map<string, Row>();

  function count(itemKey: string, host: ContentTypeRecord, property: string, element: BlockElement, depth: number) {
    const type = types.findByKey(types.elementType(element)?.key ?? '');
    const elementKey = type?.key ?? element.contentTypeKey ?? `alias:${element.contentTypeAlias ?? ''}`;
    const rowKey = `${host.key}/${property}/${elementKey}`;
    let row = rows.get(rowKey);
    if (row === undefined) {
      const elementAlias = type?.alias ?? element.contentTypeAlias ?? '';
      const [hostKey, hostAlias] = [host.key, host.alias];
      row = { rowKey, hostKey, hostAlias, property, elementKey, elementAlias, instances: 0, items: 0, lastItem: '' };
      rows.set(rowKey, row);
    }
    row.instances += 1;
    if (row.lastItem !== itemKey) {
      row.items += 1;
      row.lastItem = itemKey;
    }
    if (type === undefined) return;
    onElement(type, element);
    for (const v of element.values) walk(itemKey, type, v.alias, v.value, depth + 1);
  }

  function walk(itemKey: string, host: ContentTypeRecord, property: string, value: unknown, depth: number): void {
    if (depth > MAX_DEPTH) return;
    const structure = nestedStructure(value);
    if (structure === undefined) return;
    for (const element of walkElements(structure.items)) count(itemKey, host, property, element, depth);
  }

  return {
    addValue: (itemKey, host, property, value) => walk(itemKey, host, property, value, 0),
    list: () =>
      [...rows.values()]
        .map(({ lastItem: _lastItem, ...row }) => row)
        .sort((a, b) => a.hostAlias.localeCompare(b.hostAlias) || a.property.localeCompare(b.property)),
  };
}
