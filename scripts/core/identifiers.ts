/**
 * Identifiers as Umbraco writes them in property values. GUIDs appear upper-case in `umbracoNode.uniqueId`, lower-case
 * without dashes in UDIs (`umb://document/<32 hex>`) and lower-case with dashes in block/picker JSON, so every
 * comparison
 * goes through `normalizeGuid`.
 */
import type { ItemKind } from './snapshot-format.ts';

/** The item kind a UDI or picker points at; the snapshot's own vocabulary. */
export type ItemKindHint = ItemKind;

/** A dashed GUID, any case. */
export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DASHED = GUID_PATTERN;
const PLAIN = /^[0-9a-f]{32}$/i;

/** Lower-case dashed GUID, or undefined when the text is not a GUID. */
export function normalizeGuid(text: string): string | undefined {
  const t = text.trim();
  if (DASHED.test(t)) return t.toLowerCase();
  if (!PLAIN.test(t)) return undefined;
  const h = t.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface Udi {
  entityType: string;
  guid: string;
}

/** UDIs for documents and media; `umb://element/…` are inline block elements, not items. */
export const UDI_PATTERN =
  /umb:\/\/([a-z][a-z-]*)\/([0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

export function parseUdi(text: string): Udi | undefined {
  const match = /^umb:\/\/([a-z][a-z-]*)\/([0-9a-f-]{32,36})$/i.exec(text.trim());
  const guid = match?.[2] === undefined ? undefined : normalizeGuid(match[2]);
  return match?.[1] === undefined || guid === undefined ? undefined : { entityType: match[1].toLowerCase(), guid };
}

export function kindOfEntityType(entityType: string): ItemKindHint | undefined {
  if (entityType === 'document') return 'content';
  if (entityType === 'media') return 'media';
  return undefined;
}

/** A positive int id written as a number or as digits (legacy pickers store `"1234"` or `"1234,1235"`). */
export function parseIntId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string' || !/^\s*\d{1,10}\s*$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** Strings inside block values often hold JSON themselves (the service parses only the top level). */
export function parseEmbeddedJson(value: string): unknown {
  const t = value.trim();
  if (!((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']')))) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}
