/**
 * Property editor census: for each editor alias, the types and properties that use it (from type definitions and from
 * the values seen), the number of items holding a non-empty value with it, and the same inside block elements.
 */
import type { TypeIndex } from '../../content-types/type-index.ts';
import type { EditorUsage, SiteNode } from '../site-data-format.ts';
import type { BlockElement } from '#core/block-value.ts';
import { forEachBlockValue } from '../../values/block-walk.ts';
import type { PropertyEntry } from '../../values/item-properties.ts';
import { isEmptyValue } from '../../values/value-text.ts';

/** Called for every block element inside a value, with the alias of the item property that holds it. */
export type BlockVisitor = (element: BlockElement, property: string) => void;

interface Tally {
  types: Set<string>;
  properties: Set<string>;
  blockProperties: Set<string>;
  items: number;
  values: number;
  blockValues: number;
}

export interface EditorCensus {
  addItem(node: SiteNode, properties: PropertyEntry[], onBlock: BlockVisitor): void;
  list(): EditorUsage[];
}

const UNKNOWN = '(unknown editor)';

export function createEditorCensus(types: TypeIndex): EditorCensus {
  const tallies = new Map<string, Tally>();
  const tally = (editor: string): Tally => {
    const key = editor || UNKNOWN;
    let t = tallies.get(key);
    if (t === undefined) {
      t = { types: new Set(), properties: new Set(), blockProperties: new Set(), items: 0, values: 0, blockValues: 0 };
      tallies.set(key, t);
    }
    return t;
  };
  for (const type of types.list) {
    for (const p of types.listProperties(type)) {
      const t = tally(p.editorAlias);
      t.types.add(type.alias);
      t.properties.add(`${type.alias}.${p.alias}`);
    }
  }

  function addItem(node: SiteNode, properties: PropertyEntry[], onBlock: BlockVisitor): void {
    const seen = new Set<string>();
    for (const p of properties) {
      if (isEmptyValue(p.value)) continue;
      const t = tally(p.editorAlias);
      t.values += 1;
      t.types.add(node.type);
      t.properties.add(`${node.type}.${p.alias}`);
      seen.add(p.editorAlias || UNKNOWN);
      forEachBlockValue(
        p.value,
        (element, v) => {
          if (isEmptyValue(v.value)) return;
          const elementType = types.elementType(element);
          const editor = v.editorAlias ?? elementType?.editorOf(v.alias) ?? '';
          const bt = tally(editor);
          bt.blockValues += 1;
          bt.blockProperties.add(
            `${elementType?.alias ?? element.contentTypeAlias ?? element.contentTypeKey ?? '?'}.${v.alias}`,
          );
          seen.add(editor || UNKNOWN);
        },
        (element) => onBlock(element, p.alias),
      );
    }
    for (const editor of seen) tally(editor).items += 1;
  }

  return {
    addItem,
    list: () =>
      [...tallies.entries()]
        .map(([editorAlias, t]) => ({
          editorAlias,
          types: [...t.types].sort(),
          properties: [...t.properties].sort(),
          blockProperties: [...t.blockProperties].sort(),
          items: t.items,
          values: t.values,
          blockValues: t.blockValues,
        }))
        .sort((a, b) => b.items - a.items || a.editorAlias.localeCompare(b.editorAlias)),
  };
}
