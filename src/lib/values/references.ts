/**
 * Every reference a property value holds, whatever shape it was saved in: UDIs (also comma lists from the
 * multi-node tree picker), GUIDs and int ids under picker editors, `mediaKey` of MediaPicker3, `udi`/`unique` of multi
 * URL pickers, `{localLink:…}` and `data-udi` in rich text, and all of these inside blocks and Nested Content.
 * Bare GUIDs elsewhere are block or element keys, not references, so they are ignored.
 */
import { findBlockStructure, walkElements, type BlockElement } from '#core/block-value.ts';
import { isPickerEditor, pickerKindOf } from './editor-aliases.ts';
import {
  kindOfEntityType,
  normalizeGuid,
  parseEmbeddedJson,
  parseIntId,
  parseUdi,
  UDI_PATTERN,
  type ItemKindHint,
} from '#core/identifiers.ts';

export type ReferenceVia = 'udi' | 'guid' | 'id' | 'localLink' | 'data-udi' | 'media-key' | 'link-picker';
export interface ValueReference {
  via: ReferenceVia;
  raw: string;
  kind?: ItemKindHint;
  guid?: string;
  id?: number;
  path: string;
}
/** Finds a block element property's editor alias (legacy block JSON does not store it). */
export type ElementEditorLookup = (element: BlockElement, alias: string) => string | undefined;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function extractReferences(
  value: unknown,
  editorAlias?: string,
  elementEditor?: ElementEditorLookup,
): ValueReference[] {
  const found: ValueReference[] = [];
  const seen = new Set<string>();
  const add = (ref: ValueReference): void => {
    const id = `${ref.kind ?? ''}|${ref.guid ?? ref.id ?? ref.raw}`;
    if (seen.has(id)) return;
    seen.add(id);
    found.push(ref);
  };
  walk(value, editorAlias, '', { add, elementEditor });
  return found;
}

interface Walk {
  add: (ref: ValueReference) => void;
  elementEditor: ElementEditorLookup | undefined;
}

function walk(value: unknown, editor: string | undefined, path: string, w: Walk): void {
  if (typeof value === 'string') walkString(value, editor, path, w);
  else if (typeof value === 'number') addIdRef(value, editor, path, w);
  else if (Array.isArray(value)) walkArray(value, editor, path, w);
  else if (isObject(value)) walkObject(value, path, w);
}

function walkString(text: string, editor: string | undefined, path: string, w: Walk): void {
  const embedded = parseEmbeddedJson(text);
  if (embedded !== undefined) return walk(embedded, editor, path, w);
  const covered = scanMarkup(text, path, w);
  for (const match of text.matchAll(UDI_PATTERN)) {
    if (covered.some(([from, to]) => match.index >= from && match.index < to)) continue;
    addUdi(match[0], 'udi', path, w);
  }
  if (!isPickerEditor(editor)) return;
  for (const part of text.split(',')) {
    const guid = normalizeGuid(part);
    if (guid !== undefined) w.add({ via: 'guid', raw: part.trim(), guid, path, ...kindOf(editor) });
    else addIdRef(part, editor, path, w);
  }
}

/** `{localLink:…}` (UDI, GUID or int id) and `data-udi="…"`; returns the spans it consumed. */
function scanMarkup(text: string, path: string, w: Walk): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const m of text.matchAll(/\{localLink:([^}]*)\}/g)) {
    spans.push([m.index, m.index + m[0].length]);
    const inner = (m[1] ?? '').trim();
    const guid = normalizeGuid(inner);
    const id = parseIntId(inner);
    if (parseUdi(inner)) addUdi(inner, 'localLink', path, w, m[0]);
    else if (guid !== undefined) w.add({ via: 'localLink', raw: m[0], guid, path });
    else if (id !== undefined) w.add({ via: 'localLink', raw: m[0], id, path });
    else w.add({ via: 'localLink', raw: m[0], path });
  }
  for (const m of text.matchAll(/data-udi\s*=\s*["']([^"']*)["']/gi)) {
    spans.push([m.index, m.index + m[0].length]);
    addUdi(m[1] ?? '', 'data-udi', path, w);
  }
  return spans;
}

function addUdi(text: string, via: ReferenceVia, path: string, w: Walk, raw = text): void {
  const udi = parseUdi(text);
  const kind = udi === undefined ? undefined : kindOfEntityType(udi.entityType);
  if (udi !== undefined && kind !== undefined) w.add({ via, raw, kind, guid: udi.guid, path });
}

function addIdRef(value: unknown, editor: string | undefined, path: string, w: Walk): void {
  if (!isPickerEditor(editor)) return;
  const id = parseIntId(value);
  if (id !== undefined) w.add({ via: 'id', raw: String(value).trim(), id, path, ...kindOf(editor) });
}

const kindOf = (editor: string | undefined): { kind?: ItemKindHint } => {
  const kind = pickerKindOf(editor);
  return kind === undefined ? {} : { kind };
};

function walkArray(items: unknown[], editor: string | undefined, path: string, w: Walk): void {
  const structure = findBlockStructure(items);
  if (structure !== undefined) return walkElementsOf(structure.items, path, w);
  items.forEach((item, index) => walk(item, editor, `${path}[${index}]`, w));
}

function walkObject(value: Json, path: string, w: Walk): void {
  const structure = findBlockStructure(value);
  if (structure !== undefined) return walkElementsOf(structure.items, path, w);
  const skip = new Set<string>();
  if (typeof value.mediaKey === 'string') {
    const guid = normalizeGuid(value.mediaKey);
    if (guid !== undefined) w.add({ via: 'media-key', raw: value.mediaKey, kind: 'media', guid, path });
    skip.add('mediaKey');
  }
  if (typeof value.udi === 'string' && parseUdi(value.udi)) {
    addUdi(value.udi, 'link-picker', path, w);
    skip.add('udi');
  }
  const linkKind = value.type === 'document' ? 'content' : value.type === 'media' ? 'media' : undefined;
  const unique = typeof value.unique === 'string' ? normalizeGuid(value.unique) : undefined;
  if (linkKind !== undefined && unique !== undefined) {
    w.add({ via: 'link-picker', raw: value.unique as string, kind: linkKind, guid: unique, path });
    skip.add('unique');
  }
  for (const [key, child] of Object.entries(value)) {
    if (skip.has(key)) continue;
    // Fields of an object are never bare picker values: numbers there are crops, sizes, sort orders.
    walk(child, undefined, path ? `${path}.${key}` : key, w);
  }
}

function walkElementsOf(items: BlockElement[], path: string, w: Walk): void {
  for (const element of walkElements(items)) {
    const where = `${path}{${element.key ?? element.contentTypeAlias ?? element.contentTypeKey ?? '?'}}`;
    for (const v of element.values)
      walk(v.value, v.editorAlias ?? w.elementEditor?.(element, v.alias), `${where}.${v.alias}`, w);
  }
}
