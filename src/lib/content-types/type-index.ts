/**
 * Content types by key and alias, with their properties flattened from groups. Sources differ: older ones list groups
 * inherited from compositions in `propertyGroups`, newer ones only the type's own, so `listProperties` also walks
 * compositions and reports where each property comes from.
 */
import type { ContentTypeRecord } from '#core/snapshot-format.ts';
import type { BlockElement } from '#core/block-value.ts';
import type { ElementTypeInfo } from '../values/value-context.ts';

export interface PropertyInfo {
  /** The property type's key, when the source sends one. */
  key?: string;
  alias: string;
  name: string;
  editorAlias: string;
  dataTypeId?: number;
  dataTypeName?: string;
  group: string;
  mandatory: boolean;
  variesByCulture: boolean;
  inheritedFrom?: string;
}

export interface TypeIndex {
  list: ContentTypeRecord[];
  findByKey(key: string): ContentTypeRecord | undefined;
  findByAlias(alias: string): ContentTypeRecord | undefined;
  listProperties(type: ContentTypeRecord): PropertyInfo[];
  elementType(element: BlockElement): ElementTypeInfo | undefined;
  /** A Block Grid area's alias by its key, from the property types' `blockGridAreas` (local source only). */
  areaAlias(key: string): string | undefined;
}

/** Area key → alias over every property type that sends `blockGridAreas` (area keys are GUIDs, unique per site). */
function indexGridAreas(types: ContentTypeRecord[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const type of types)
    for (const group of type.propertyGroups)
      for (const p of group.propertyTypes) {
        const areas: unknown = (p as Record<string, unknown>).blockGridAreas;
        if (!Array.isArray(areas)) continue;
        for (const a of areas as Array<{ key?: unknown; alias?: unknown }>)
          if (typeof a?.key === 'string' && typeof a.alias === 'string') out.set(a.key.toLowerCase(), a.alias);
      }
  return out;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The documented interface gives only `dataTypeId`; some sources also name the data type. */
function dataTypeNameOf(p: Record<string, unknown>): { dataTypeName?: string } {
  const name = text(p.dataTypeName) ?? text((p.dataType as { name?: unknown } | null | undefined)?.name);
  return name ? { dataTypeName: name } : {};
}

function ownProperties(type: ContentTypeRecord): PropertyInfo[] {
  return type.propertyGroups.flatMap((group) =>
    group.propertyTypes.map((p) => ({
      ...(typeof p.key === 'string' ? { key: p.key.toLowerCase() } : {}),
      alias: p.alias,
      name: text(p.name) ?? p.alias,
      editorAlias: p.editorAlias ?? '',
      ...(typeof p.dataTypeId === 'number' ? { dataTypeId: p.dataTypeId } : {}),
      ...dataTypeNameOf(p),
      group: group.name ?? '',
      mandatory: p.mandatory === true,
      variesByCulture: p.variesByCulture === true,
    })),
  );
}

export function createTypeIndex(types: ContentTypeRecord[]): TypeIndex {
  const byKey = new Map(types.map((t) => [t.key, t]));
  const byAlias = new Map(types.map((t) => [t.alias.toLowerCase(), t]));
  const cache = new Map<string, PropertyInfo[]>();
  const gridAreas = indexGridAreas(types);

  /** Aliases of every property that a composition (at any depth) contributes, with the composing type's name. */
  function inherited(type: ContentTypeRecord, seen = new Set<string>()): Map<string, string> {
    const out = new Map<string, string>();
    for (const ref of type.compositions) {
      const composition = byKey.get(ref.key.toLowerCase());
      if (composition === undefined || seen.has(composition.key)) continue;
      seen.add(composition.key);
      for (const p of ownProperties(composition)) if (!out.has(p.alias)) out.set(p.alias, composition.name);
      for (const [alias, from] of inherited(composition, seen)) if (!out.has(alias)) out.set(alias, from);
    }
    return out;
  }

  function listProperties(type: ContentTypeRecord): PropertyInfo[] {
    const cached = cache.get(type.key);
    if (cached) return cached;
    const fromCompositions = inherited(type);
    const own = ownProperties(type);
    const seen = new Set(own.map((p) => p.alias));
    const list = own.map((p) =>
      fromCompositions.has(p.alias) ? { ...p, inheritedFrom: fromCompositions.get(p.alias) } : p,
    );
    for (const ref of type.compositions) {
      const composition = byKey.get(ref.key.toLowerCase());
      if (composition === undefined) continue;
      for (const p of listProperties(composition)) {
        if (seen.has(p.alias)) continue;
        seen.add(p.alias);
        list.push({ ...p, inheritedFrom: p.inheritedFrom ?? composition.name });
      }
    }
    cache.set(type.key, list);
    return list;
  }

  const infos = new Map<string, ElementTypeInfo>();
  function elementType(element: BlockElement): ElementTypeInfo | undefined {
    const type = element.contentTypeKey
      ? byKey.get(element.contentTypeKey)
      : element.contentTypeAlias
        ? byAlias.get(element.contentTypeAlias.toLowerCase())
        : undefined;
    if (type === undefined) return undefined;
    let info = infos.get(type.key);
    if (info === undefined) {
      const editors = new Map(listProperties(type).map((p) => [p.alias, p.editorAlias]));
      info = {
        name: type.name,
        key: type.key,
        alias: type.alias,
        editorOf: (alias) => editors.get(alias) || undefined,
      };
      infos.set(type.key, info);
    }
    return info;
  }

  return {
    list: types,
    findByKey: (key) => byKey.get(key.toLowerCase()),
    findByAlias: (alias) => byAlias.get(alias.toLowerCase()),
    listProperties,
    elementType,
    areaAlias: (key) => gridAreas.get(key.toLowerCase()),
  };
}
