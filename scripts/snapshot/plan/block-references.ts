/**
 * Element types used inside property values. Block List/Grid (every version) and rich-text blocks (v15+) name
 * them by `contentTypeKey`; Nested Content names them by `ncContentTypeAlias`. Values arrive already parsed.
 */
import { normalizeGuid } from '../../core/identifiers.ts';

export interface ElementTypeRefs {
  keys: Set<string>;
  aliases: Set<string>;
}

const MAX_DEPTH = 64;
/** Walks the values of `properties` and of every culture's `properties`. */
export function listElementTypeRefs(item: Record<string, unknown>): ElementTypeRefs {
  const refs: ElementTypeRefs = { keys: new Set(), aliases: new Set() };
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((entry) => visit(entry, depth + 1));
    const record = value as Record<string, unknown>;
    const key = typeof record.contentTypeKey === 'string' ? normalizeGuid(record.contentTypeKey) : undefined;
    if (key !== undefined) refs.keys.add(key);
    if (typeof record.ncContentTypeAlias === 'string' && record.ncContentTypeAlias !== '')
      refs.aliases.add(record.ncContentTypeAlias);
    for (const entry of Object.values(record)) visit(entry, depth + 1);
  };
  const visitProperties = (properties: unknown): void => {
    if (properties === null || typeof properties !== 'object') return;
    for (const property of Object.values(properties)) visit((property as { value?: unknown } | null)?.value, 0);
  };
  visitProperties(item.properties);
  if (item.cultures !== null && typeof item.cultures === 'object') {
    for (const culture of Object.values(item.cultures))
      visitProperties((culture as { properties?: unknown } | null)?.properties);
  }
  return refs;
}
