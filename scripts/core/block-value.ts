/**
 * Block List / Block Grid / rich-text blocks / Nested Content, normalised into one nested structure.
 * Umbraco facts relied on:
 * - v8–v14 block JSON: `{layout:{"Umbraco.BlockList"|…:[{contentUdi, settingsUdi, areas?}]},
 * contentData:[{contentTypeKey, udi, <alias>: value…}]}`.
 * - v15+: `contentData:[{contentTypeKey, key, values:[{alias, editorAlias, culture, segment, value}]}]`, layout
 * items use `contentKey`.
 * - Block Grid layout items nest other layout items in `areas:[{key, items:[…]}]`; layout items may carry `config`.
 * - Nested Content (≤ v12): an array of objects carrying `ncContentTypeAlias`.
 */
import { normalizeGuid, parseEmbeddedJson, parseUdi } from './identifiers.ts';

export interface BlockPropertyValue {
  alias: string;
  editorAlias?: string;
  culture?: string | null;
  value: unknown;
}
export interface BlockArea {
  key: string;
  items: BlockElement[];
}
export interface BlockElement {
  key?: string;
  contentTypeKey?: string;
  contentTypeAlias?: string;
  values: BlockPropertyValue[];
  settings?: BlockElement;
  /** The layout item's own data (Umbraco Commerce variants keep their attributes here: `{attributes:{color:…}}`). */
  config?: Record<string, unknown>;
  areas: BlockArea[];
}
export interface BlockStructure {
  format: 'blocks' | 'nested-content';
  items: BlockElement[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const LEGACY_RESERVED = new Set(['contentTypeKey', 'udi', 'key', 'contentTypeAlias']);
const NESTED_RESERVED = new Set(['key', 'name', 'ncContentTypeAlias', 'PropType']);

function elementKey(data: Json): string | undefined {
  if (typeof data.key === 'string') return normalizeGuid(data.key);
  if (typeof data.udi === 'string') return parseUdi(data.udi)?.guid;
  return undefined;
}

function toElement(data: Json): BlockElement {
  const contentTypeKey = typeof data.contentTypeKey === 'string' ? normalizeGuid(data.contentTypeKey) : undefined;
  const values: BlockPropertyValue[] = Array.isArray(data.values)
    ? data.values
        .filter(isObject)
        .filter((v) => typeof v.alias === 'string')
        .map((v) => ({
          alias: v.alias as string,
          ...(typeof v.editorAlias === 'string' ? { editorAlias: v.editorAlias } : {}),
          culture: typeof v.culture === 'string' ? v.culture : null,
          value: v.value,
        }))
    : Object.entries(data)
        .filter(([alias]) => !LEGACY_RESERVED.has(alias))
        .map(([alias, value]) => ({ alias, value }));
  const key = elementKey(data);
  return { ...(key ? { key } : {}), ...(contentTypeKey ? { contentTypeKey } : {}), values, areas: [] };
}

function layoutRef(item: Json, field: 'content' | 'settings'): string | undefined {
  const udi = item[`${field}Udi`];
  if (typeof udi === 'string') return parseUdi(udi)?.guid;
  const key = item[`${field}Key`];
  return typeof key === 'string' ? normalizeGuid(key) : undefined;
}

function listLayoutItems(layout: unknown): Json[] {
  if (!isObject(layout)) return [];
  for (const items of Object.values(layout)) if (Array.isArray(items)) return items.filter(isObject);
  return [];
}

export function isBlockValue(value: unknown): value is Json {
  return isObject(value) && Array.isArray(value.contentData);
}

/** A block value's elements, nested the way its layout nests them; elements the layout omits come last. */
export function parseBlocks(value: Json): BlockStructure {
  const byKey = new Map<string, BlockElement>();
  const all = (value.contentData as unknown[]).filter(isObject).map(toElement);
  for (const element of all) if (element.key) byKey.set(element.key, element);
  const settings = new Map<string, BlockElement>();
  for (const element of (Array.isArray(value.settingsData) ? value.settingsData : []).filter(isObject).map(toElement)) {
    if (element.key) settings.set(element.key, element);
  }
  const placed = new Set<BlockElement>();
  const place = (items: Json[]): BlockElement[] =>
    items.flatMap((item) => {
      const key = layoutRef(item, 'content');
      const element = key === undefined ? undefined : byKey.get(key);
      if (element === undefined || placed.has(element)) return [];
      placed.add(element);
      const settingsKey = layoutRef(item, 'settings');
      const found = settingsKey === undefined ? undefined : settings.get(settingsKey);
      if (found) element.settings = found;
      if (isObject(item.config)) element.config = item.config;
      element.areas = (Array.isArray(item.areas) ? item.areas.filter(isObject) : []).map((area) => ({
        key: typeof area.key === 'string' ? area.key : typeof area.alias === 'string' ? area.alias : '',
        items: place(Array.isArray(area.items) ? area.items.filter(isObject) : []),
      }));
      return [element];
    });
  // Umbraco Commerce's variants editor writes the layout under `Layout` (capitalised).
  const items = place(listLayoutItems(value.layout ?? value.Layout));
  for (const element of all) if (!placed.has(element)) items.push(element);
  return { format: 'blocks', items };
}

export function isNestedContent(value: unknown): value is Json[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((v) => isObject(v) && typeof v.ncContentTypeAlias === 'string')
  );
}

export function parseNestedContent(value: Json[]): BlockStructure {
  return {
    format: 'nested-content',
    items: value.map((data) => {
      const key = typeof data.key === 'string' ? normalizeGuid(data.key) : undefined;
      return {
        ...(key ? { key } : {}),
        contentTypeAlias: data.ncContentTypeAlias as string,
        values: Object.entries(data)
          .filter(([alias]) => !NESTED_RESERVED.has(alias))
          .map(([alias, v]) => ({ alias, value: v })),
        areas: [],
      };
    }),
  };
}

/** Block or Nested Content structure of a value (also inside a JSON string), or undefined. */
export function findBlockStructure(value: unknown): BlockStructure | undefined {
  const parsed = typeof value === 'string' ? parseEmbeddedJson(value) : value;
  if (isBlockValue(parsed)) return parseBlocks(parsed);
  if (isNestedContent(parsed)) return parseNestedContent(parsed);
  return undefined;
}

/** Every element of a structure, depth first (areas and settings included). */
export function* walkElements(items: BlockElement[]): Generator<BlockElement> {
  for (const element of items) {
    yield element;
    if (element.settings) yield element.settings;
    for (const area of element.areas) yield* walkElements(area.items);
  }
}
