import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { VARIES_BY_CULTURE } from '../catalog/type-catalog.ts';
import type { ContentTypeRecord, PropertyGroupRecord, PropertyTypeRecord } from '../readers/content-type-reader.ts';
import { NotFoundError } from './errors.ts';

export interface ContentTypeItem {
  id: number;
  key: string;
  alias: string;
  path: string;
  name: string;
  icon: string;
  element: boolean;
  createDate: string | null;
  updateDate: string | null;
}
export interface TemplateItem {
  id: number;
  key: string;
  alias: string;
  path: string;
  name: string;
}
export interface PropertyTypeView {
  id: number;
  key: string;
  alias: string;
  name: string;
  description: string | null;
  sortOrder: number;
  editorAlias: string;
  dataTypeId: number;
  mandatory: boolean;
  variesByCulture: boolean;
  /** A Block Grid's areas (key and alias), which its values name by key only. */
  blockGridAreas?: Array<{ key: string; alias: string }>;
}
export interface PropertyGroupView {
  id: number;
  key: string;
  name: string;
  alias: string;
  type: 'group' | 'tab';
  sortOrder: number;
  propertyTypes: PropertyTypeView[];
  properties: PropertyTypeView[];
}

export interface TypeView extends ContentTypeItem {
  allowedAsRoot: boolean;
  variesByCulture: boolean;
  defaultTemplate?: TemplateItem | null;
  allowedTemplates?: TemplateItem[];
  allowedContentTypes: ContentTypeItem[];
  compositions: ContentTypeItem[];
  propertyGroups: PropertyGroupView[];
  tabs: PropertyGroupView[];
  ungroupedPropertyTypes?: PropertyTypeView[];
}

type TypeKind = 'content type' | 'media type';
/** Content types are document and element types, as on deployed sources; media types are apart (and members never). */
const KIND_OF: Record<TypeKind, ContentTypeRecord['kind']> = { 'content type': 'document', 'media type': 'media' };

function findType(
  c: SiteCatalog,
  kind: TypeKind,
  by: 'id' | 'key' | 'alias',
  value: string | number,
): ContentTypeRecord {
  const type =
    by === 'id'
      ? c.types.byId.get(value as number)
      : by === 'key'
        ? c.types.byKey.get(value as string)
        : findByAlias(c, kind, value as string);
  if (type?.kind !== KIND_OF[kind]) throw new NotFoundError(`No ${kind} has ${by} ${value}.`, kind);
  return type;
}

function findByAlias(c: SiteCatalog, kind: TypeKind, alias: string): ContentTypeRecord | undefined {
  const lower = alias.toLowerCase();
  return [...c.types.byId.values()].find((t) => t.kind === KIND_OF[kind] && t.alias.toLowerCase() === lower);
}

export function getContentType(c: SiteCatalog, by: 'id' | 'key' | 'alias', value: string | number): TypeView {
  return toTypeView(c, findType(c, 'content type', by, value));
}

export function getMediaType(c: SiteCatalog, by: 'id' | 'key' | 'alias', value: string | number): TypeView {
  return toTypeView(c, findType(c, 'media type', by, value));
}

/** Every content type (the plugin's `GetContentTypes`) or every media type (`GetMediaTypes`), by id. */
export function listTypes(c: SiteCatalog, kind: TypeKind): TypeView[] {
  return [...c.types.byId.values()]
    .filter((t) => t.kind === KIND_OF[kind])
    .sort((a, b) => a.id - b.id)
    .map((t) => toTypeView(c, t));
}

function toTypeView(c: SiteCatalog, type: ContentTypeRecord): TypeView {
  const groups = mergedGroups(c, type);
  const ungrouped = c.types
    .allProperties(type.id)
    .filter((p) => p.groupId === null)
    .map((p) => toPropertyView(c, type, p));
  return {
    ...toItem(c, type),
    allowedAsRoot: type.allowedAtRoot,
    variesByCulture: (type.variations & VARIES_BY_CULTURE) !== 0,
    ...(type.kind === 'document' ? templatesOf(c, type) : {}),
    allowedContentTypes: listTypeItems(c, c.types.allowedChildren.get(type.id) ?? []),
    compositions: listTypeItems(c, c.types.compositions.get(type.id) ?? []),
    propertyGroups: groups,
    tabs: groups,
    ...(ungrouped.length > 0 ? { ungroupedPropertyTypes: ungrouped } : {}),
  };
}

function templatesOf(c: SiteCatalog, type: ContentTypeRecord): Pick<TypeView, 'defaultTemplate' | 'allowedTemplates'> {
  const templates = c.types.templates.get(type.id) ?? [];
  const templateItem = (id: number): TemplateItem[] => {
    const t = c.templates.get(id);
    return t ? [{ id: t.id, key: t.key, alias: t.alias, path: t.path, name: t.name }] : [];
  };
  return {
    defaultTemplate: templates.filter((t) => t.isDefault).flatMap((t) => templateItem(t.templateId))[0] ?? null,
    allowedTemplates: templates.flatMap((t) => templateItem(t.templateId)),
  };
}

export function toItem(c: SiteCatalog, type: ContentTypeRecord): ContentTypeItem {
  // Umbraco keeps no update date for types; it reports the node's create date for both.
  const date = c.systemDate(type.createDate);
  return {
    id: type.id,
    key: type.key,
    alias: type.alias,
    path: type.path,
    name: type.name,
    icon: type.icon,
    element: type.isElement,
    createDate: date,
    updateDate: date,
  };
}

function listTypeItems(c: SiteCatalog, ids: number[]): ContentTypeItem[] {
  return ids.flatMap((id) => {
    const type = c.types.byId.get(id);
    return type ? [toItem(c, type)] : [];
  });
}

/** Groups of the type and of its compositions, merged by alias the way Umbraco composes them; the type's own first. */
function mergedGroups(c: SiteCatalog, type: ContentTypeRecord): PropertyGroupView[] {
  const byAlias = new Map<string, PropertyGroupView>();
  const groupAliasById = new Map<number, string>();
  for (const typeId of c.types.lineage(type.id)) {
    for (const group of c.types.groups.get(typeId) ?? []) {
      const alias = group.alias.toLowerCase();
      groupAliasById.set(group.id, alias);
      if (!byAlias.has(alias)) byAlias.set(alias, toGroupView(group));
    }
  }
  for (const property of c.types.allProperties(type.id)) {
    const alias = property.groupId === null ? undefined : groupAliasById.get(property.groupId);
    const group = alias === undefined ? undefined : byAlias.get(alias);
    group?.propertyTypes.push(toPropertyView(c, type, property));
  }
  const groups = [...byAlias.values()].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  for (const group of groups) group.propertyTypes.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  return groups;
}

function toGroupView(group: PropertyGroupRecord): PropertyGroupView {
  const propertyTypes: PropertyTypeView[] = [];
  return {
    id: group.id,
    key: group.key,
    name: group.name,
    alias: group.alias,
    type: group.type,
    sortOrder: group.sortOrder,
    propertyTypes,
    properties: propertyTypes,
  };
}

function toPropertyView(c: SiteCatalog, type: ContentTypeRecord, p: PropertyTypeRecord): PropertyTypeView {
  return {
    id: p.id,
    key: p.key,
    alias: p.alias,
    name: p.name,
    description: p.description?.trim() ? p.description : null,
    sortOrder: p.sortOrder,
    editorAlias: c.types.dataTypes.get(p.dataTypeId)?.editorAlias ?? '',
    dataTypeId: p.dataTypeId,
    mandatory: p.mandatory,
    variesByCulture: (type.variations & p.variations & VARIES_BY_CULTURE) !== 0,
    ...gridAreasOf(c, p.dataTypeId),
  };
}

function gridAreasOf(c: SiteCatalog, dataTypeId: number): Pick<PropertyTypeView, 'blockGridAreas'> {
  const areas = c.types.dataTypes.get(dataTypeId)?.gridAreas ?? [];
  return areas.length > 0 ? { blockGridAreas: areas.map((a) => ({ key: a.key, alias: a.alias })) } : {};
}
