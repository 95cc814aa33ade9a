/**
 * Visits every property value inside blocks (any depth: areas, settings, blocks in rich text, JSON held in strings).
 */
import { findBlockStructure, walkElements, type BlockElement, type BlockPropertyValue } from '#core/block-value.ts';
import { parseEmbeddedJson } from '#core/identifiers.ts';

export type BlockValueVisitor = (element: BlockElement, value: BlockPropertyValue, depth: number) => void;

/** A block structure held by a value: directly, as JSON in a string, or as a rich-text value's `blocks`. */
export function nestedStructure(value: unknown) {
  const parsed = typeof value === 'string' ? parseEmbeddedJson(value) : value;
  const direct = findBlockStructure(parsed);
  if (direct !== undefined) return direct;
  const blocks = typeof parsed === 'object' && parsed !== null ? (parsed as { blocks?: unknown }).blocks : undefined;
  return blocks === undefined ? undefined : findBlockStructure(blocks);
}

export function forEachBlockValue(
  value: unknown,
  visit: BlockValueVisitor,
  onElement?: (element: BlockElement) => void,
  depth = 0,
): void {
  if (depth > 20) return;
  const structure = nestedStructure(value);
  if (structure === undefined) return;
  for (const element of walkElements(structure.items)) {
    onElement?.(element);
    for (const v of element.values) {
      visit(element, v, depth);
      forEachBlockValue(v.value, visit, onElement, depth + 1);
    }
  }
}
