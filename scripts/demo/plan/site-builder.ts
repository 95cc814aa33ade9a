import { BUILTIN_DATA_TYPES } from '../model/builtin-data-types.ts';
import { CATALOG_TYPES } from '../model/catalog-types.ts';
import { CUSTOM_DATA_TYPES } from '../model/custom-data-types.ts';
import { COMPOSITIONS, PAGE_TYPES } from '../model/document-types.ts';
import { ELEMENT_TYPES } from '../model/element-types.ts';
import { builtinPropertyKey, MEDIA_TYPES, type MediaTypeDef } from '../model/media-types.ts';
import { stableGuid } from '../values/random.ts';
import {
  contentTypeKey,
  type ContentTypeDef,
  type DataTypeDef,
  type ResolvedContentType,
  type ResolvedProperty,
} from '../model/site-model.ts';

/**
 * Gives the static site definition its ids (nodes from 1067, after the custom data types) and resolves
 * each type's full property set: own, composed and inherited, the way a reader walks
 * cmsContentType2ContentType.
 */
export interface BuiltContentType extends ResolvedContentType {
  pk: number;
  parentId: number;
  path: string;
  sortOrder: number;
  groups: { id: number; key: string; alias: string; name: string; tab: boolean; sortOrder: number }[];
  own: {
    property: ResolvedProperty;
    name: string;
    groupId: number;
    sortOrder: number;
    mandatory: boolean;
    description: string | null;
  }[];
  parentTypeIds: number[];
  allowedChildIds: number[];
  templateIds: number[];
}

export interface SiteSchema {
  dataTypes: readonly DataTypeDef[];
  folders: { id: number; key: string; name: string; sortOrder: number }[];
  templates: { id: number; pk: number; key: string; alias: string; parentId: number; path: string }[];
  contentTypes: BuiltContentType[];
  byAlias: Map<string, BuiltContentType>;
  mediaTypes: Map<MediaTypeDef['alias'], { def: MediaTypeDef; properties: ResolvedProperty[] }>;
  nextNodeId: number;
}

const ALL_TYPES: readonly ContentTypeDef[] = [...COMPOSITIONS, ...ELEMENT_TYPES, ...PAGE_TYPES, ...CATALOG_TYPES];
const TEMPLATE_ALIASES = [...new Set(ALL_TYPES.flatMap((t) => t.templates ?? []))];

export function buildSiteSchema(): SiteSchema {
  const dataTypes = [...BUILTIN_DATA_TYPES, ...CUSTOM_DATA_TYPES];
  let nextId = Math.max(...dataTypes.map((d) => d.id)) + 1;
  const folders = ['Compositions', 'Elements'].map((name, i) => ({
    id: nextId++,
    key: stableGuid(`folder:${name}`),
    name,
    sortOrder: i,
  }));
  const typeIds = new Map(ALL_TYPES.map((t) => [t.alias, nextId++]));
  const masterId = nextId++;
  const templates = [
    { id: masterId, pk: 1, key: stableGuid('template:Master'), alias: 'Master', parentId: -1, path: `-1,${masterId}` },
  ];
  for (const alias of TEMPLATE_ALIASES) {
    const id = nextId++;
    templates.push({
      id,
      pk: templates.length + 1,
      key: stableGuid(`template:${alias}`),
      alias,
      parentId: masterId,
      path: `-1,${masterId},${id}`,
    });
  }
  const context: BuildContext = {
    dataTypes: new Map(dataTypes.map((d) => [d.handle, d])),
    folderIds: new Map(folders.map((f) => [f.name, f.id])),
    templateIds: new Map(templates.map((t) => [t.alias, t.id])),
    typeIds,
    built: new Map(),
    nextPropertyId: 100,
    nextGroupId: 20,
  };
  const contentTypes = ALL_TYPES.map((def, i) => buildType(def, 540 + i, context));
  const mediaTypes = new Map(
    MEDIA_TYPES.map((def) => [def.alias, { def, properties: mediaProperties(def, dataTypes) }]),
  );
  return { dataTypes, folders, templates, contentTypes, byAlias: context.built, mediaTypes, nextNodeId: nextId };
}

function mediaProperties(def: MediaTypeDef, dataTypes: readonly DataTypeDef[]): ResolvedProperty[] {
  return def.properties.map((p) => ({
    id: p.id,
    key: builtinPropertyKey(p.id),
    alias: p.alias,
    variant: false,
    kind: 'phrase',
    fill: 1,
    dataType: dataTypes.find((d) => d.id === p.dataTypeId) ?? fail(`data type ${p.dataTypeId}`),
  }));
}

interface BuildContext {
  dataTypes: Map<string, DataTypeDef>;
  folderIds: Map<string, number>;
  templateIds: Map<string, number>;
  typeIds: Map<string, number>;
  built: Map<string, BuiltContentType>;
  nextPropertyId: number;
  nextGroupId: number;
}

function buildType(def: ContentTypeDef, pk: number, context: BuildContext): BuiltContentType {
  const id = lookup(context.typeIds, def.alias);
  const parentId = def.inherits
    ? lookup(context.typeIds, def.inherits)
    : def.folder
      ? lookup(context.folderIds, def.folder)
      : -1;
  const groups = def.groups.map((g, i) => ({
    ...g,
    id: context.nextGroupId++,
    key: stableGuid(`group:${def.alias}:${g.alias}`),
    sortOrder: i,
  }));
  const own = def.properties.map((p, i) => ({
    property: {
      id: context.nextPropertyId++,
      key: stableGuid(`property:${def.alias}:${p.alias}`),
      alias: p.alias,
      dataType: lookup(context.dataTypes, p.dataType),
      variant: def.variant && p.variant,
      kind: p.kind,
      fill: p.fill,
    },
    name: p.name,
    sortOrder: i,
    mandatory: p.mandatory ?? false,
    description: p.description ?? null,
    groupId: groups.find((g) => g.alias === p.group)?.id ?? fail(`group ${p.group} on ${def.alias}`),
  }));
  const parents = [...(def.inherits ? [def.inherits] : []), ...(def.compositions ?? [])].map((a) =>
    lookup(context.built, a),
  );
  const templateIds = (def.templates ?? []).map((a) => lookup(context.templateIds, a));
  const type: BuiltContentType = {
    id,
    pk,
    key: contentTypeKey(def.alias),
    alias: def.alias,
    def,
    variant: def.variant,
    isElement: def.kind === 'element',
    properties: [
      ...parents.flatMap((p) => p.properties.map((q) => ({ ...q, variant: def.variant && q.variant }))),
      ...own.map((o) => o.property),
    ],
    defaultTemplateId: templateIds[0] ?? null,
    parentId,
    path: parentId === -1 ? `-1,${id}` : `-1,${parentId},${id}`,
    sortOrder: 0,
    groups,
    own,
    parentTypeIds: parents.map((p) => p.id),
    templateIds,
    allowedChildIds: (def.allowedChildren ?? []).map((a) => lookup(context.typeIds, a)),
  };
  context.built.set(def.alias, type);
  return type;
}

function lookup<T>(map: Map<string, T>, key: string): T {
  return map.get(key) ?? fail(`unknown ${key}`);
}

function fail(what: string): never {
  throw new Error(`site model: ${what}`);
}
