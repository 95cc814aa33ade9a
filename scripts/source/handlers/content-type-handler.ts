import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { VARIES_BY_CULTURE } from '../catalog/type-catalog.ts';
import type { ContentTypeRecord, PropertyGroupRecord, PropertyTypeRecord } from '../readers/content-type-reader.ts';
import { NotFoundError } from './errors.ts';

export interface ContentTypeItem {
  id: number; key: string; alias: string; path: string; name: string; icon: string; element: boolean;
  createDate: string | null; updateDate: string | null;
}
interface TemplateItem { id: number; key: string; alias: string; path: string; name: string }
interface PropertyTypeView {
  id: number; key: string; alias: string; name: string; description: string | null; sortOrder: number;
  editorAlias: string; dataTypeId: number; mandatory: boolean; variesByCulture: boolean;
}
interface PropertyGroupView {
  id: number; key: string; name: string; alias: string; type: 'group' | 'tab'; sortOrder: number;
  propertyTypes: PropertyTypeView[]; properties: PropertyTypeView[];
}

/** Deployed sources answer document and element types only: media and member types are not content types there. */
function findServedType(c: SiteCatalog, type: ContentTypeRecord | undefined): ContentTypeRecord | undefined {
  return type?.kind === 'document' ? type : undefined;
}

export function getContentType(c: SiteCatalog, by: 'id' | 'key' | 'alias', value: string | number) {
  const type = findServedType(c, by === 'id' ? c.types.byId.get(value as number)
    : by === 'key' ? c.types.byKey.get(value as string) : c.types.findByAlias(value as string));
  if (!type) throw new NotFoundError(`No content type has ${by} ${value}.`);
  const templates = c.types.templates.get(type.id) ?? [];
  const templateItem = (id: number): TemplateItem[] => {
    const t = c.templates.get(id);
    return t ? [{ id: t.id, key: t.key, alias: t.alias, path: t.path, name: t.name }] : [];
  };
  const groups = mergedGroups(c, type);
  const ungrouped = c.types.allProperties(type.id).filter((p) => p.groupId === null).map((p) => toPropertyView(c, type, p));
  return {
    ...toItem(c, type),
    allowedAsRoot: type.allowedAtRoot,
    variesByCulture: (type.variations & VARIES_BY_CULTURE) !== 0,
    defaultTemplate: templates.filter((t) => t.isDefault).flatMap((t) => templateItem(t.templateId))[0] ?? null,
    allowedTemplates: templates.flatMap((t) => templateItem(t.templateId)),
    allowedContentTypes: listTypeItems(c, c.types.allowedChildren.get(type.id) ?? []),
    compositions: listTypeItems(c, c.types.compositions.get(type.id) ?? []),
    propertyGroups: groups,
    tabs: groups,
    ...(ungrouped.length > 0 ? { ungroupedPropertyTypes: ungrouped } : {}),
  };
}

function toItem(c: SiteCatalog, type: ContentTypeRecord): ContentTypeItem {
  // Umbraco keeps no update date for types; it reports the node's create date for both.
  const date = c.systemDate(type.createDate);
  return { id: type.id, key: type.key, alias: type.alias, path: type.path, name: type.name, icon: type.icon, element: type.isElement, createDate: date, updateDate: date };
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
  return { id: group.id, key: group.key, name: group.name, alias: group.alias, type: group.type, sortOrder: group.sortOrder, propertyTypes, properties: propertyTypes };
}

function toPropertyView(c: SiteCatalog, type: ContentTypeRecord, p: PropertyTypeRecord): PropertyTypeView {
  return {
    id: p.id, key: p.key, alias: p.alias, name: p.name, description: p.description?.trim() ? p.description : null, sortOrder: p.sortOrder,
    editorAlias: c.types.dataTypes.get(p.dataTypeId)?.editorAlias ?? '', dataTypeId: p.dataTypeId, mandatory: p.mandatory,
    variesByCulture: (type.variations & p.variations & VARIES_BY_CULTURE) !== 0,
  };
}
