import type { Database } from '../db/database.ts';
import { OBJECT_TYPE } from './object-types.ts';
import type { SchemaInfo } from './schema-reader.ts';

export type ContentTypeKind = 'document' | 'media' | 'member';

export interface ContentTypeRecord {
  id: number;
  key: string;
  alias: string;
  name: string;
  icon: string;
  path: string;
  kind: ContentTypeKind;
  isElement: boolean;
  allowedAtRoot: boolean;
  variations: number;
  createDate: string;
}
export interface PropertyGroupRecord {
  id: number;
  key: string;
  contentTypeId: number;
  name: string;
  alias: string;
  type: 'group' | 'tab';
  sortOrder: number;
}
export interface PropertyTypeRecord {
  id: number;
  key: string;
  contentTypeId: number;
  groupId: number | null;
  alias: string;
  name: string;
  description: string | null;
  sortOrder: number;
  mandatory: boolean;
  variations: number;
  dataTypeId: number;
}
export interface DataTypeRecord {
  id: number;
  editorAlias: string;
  dbType: string;
  /** A Block Grid's areas by key, from its configuration: layout values name their areas by key only. */
  gridAreas: GridArea[];
}
export interface GridArea {
  key: string;
  alias: string;
}
export interface TypeLink {
  fromId: number;
  toId: number;
  sortOrder: number;
}
export interface TypeTemplate {
  contentTypeId: number;
  templateId: number;
  isDefault: boolean;
}

type R = Record<string, string | number | null>;
const KIND_BY_OBJECT_TYPE = new Map<string, ContentTypeKind>([
  [OBJECT_TYPE.documentType, 'document'],
  [OBJECT_TYPE.mediaType, 'media'],
  [OBJECT_TYPE.memberType, 'member'],
]);

export function listContentTypes(db: Database): ContentTypeRecord[] {
  return db
    .all<R>(
      `SELECT ct.nodeId AS id, n.uniqueId AS key, ct.alias, n.text AS name, ct.icon, n.path, ` +
        `n.nodeObjectType AS objectType,
            ct.isElement, ct.allowAtRoot, ct.variations, n.createDate
     FROM cmsContentType ct JOIN umbracoNode n ON n.id = ct.nodeId`,
    )
    .flatMap((r) => {
      const kind = KIND_BY_OBJECT_TYPE.get(String(r.objectType).toUpperCase());
      if (!kind) return [];
      return [
        {
          id: r.id as number,
          key: (r.key as string).toLowerCase(),
          alias: (r.alias as string | null) ?? '',
          name: (r.name as string | null) ?? '',
          icon: (r.icon as string | null) ?? '',
          path: r.path as string,
          kind,
          isElement: r.isElement === 1,
          allowedAtRoot: r.allowAtRoot === 1,
          variations: Number(r.variations),
          createDate: r.createDate as string,
        },
      ];
    });
}

/** Groups have `alias` and `type` (0 group, 1 tab) since 8.17; earlier every group was a tab. */
export function listPropertyGroups(db: Database, schema: SchemaInfo): PropertyGroupRecord[] {
  const extra = schema.hasPropertyGroupAlias ? 'alias, type' : "'' AS alias, 1 AS type";
  return db
    .all<R>(
      `SELECT id, uniqueID AS key, contenttypeNodeId AS contentTypeId, text, sortorder, ${extra} ` +
        `FROM cmsPropertyTypeGroup`,
    )
    .map((r) => ({
      id: r.id as number,
      key: (r.key as string).toLowerCase(),
      contentTypeId: r.contentTypeId as number,
      name: (r.text as string | null) ?? '',
      alias: (r.alias as string | null) || String(r.text ?? '').toLowerCase(),
      type: r.type === 1 ? 'tab' : 'group',
      sortOrder: r.sortorder as number,
    }));
}

export function listPropertyTypes(db: Database): PropertyTypeRecord[] {
  return db
    .all<R>(
      `SELECT id, UniqueID AS key, contentTypeId, propertyTypeGroupId AS groupId, Alias AS alias, Name AS name, ` +
        `Description AS description,
            sortOrder, mandatory, variations, dataTypeId
     FROM cmsPropertyType ORDER BY contentTypeId, sortOrder, id`,
    )
    .map((r) => ({
      id: r.id as number,
      key: (r.key as string).toLowerCase(),
      contentTypeId: r.contentTypeId as number,
      groupId: r.groupId as number | null,
      alias: r.alias as string,
      name: (r.name as string | null) ?? '',
      description: r.description as string | null,
      sortOrder: r.sortOrder as number,
      mandatory: r.mandatory === 1,
      variations: Number(r.variations),
      dataTypeId: r.dataTypeId as number,
    }));
}

export function listDataTypes(db: Database): DataTypeRecord[] {
  return db
    .all<R>('SELECT nodeId AS id, propertyEditorAlias AS editorAlias, dbType, config FROM umbracoDataType')
    .map((r) => ({
      id: r.id as number,
      editorAlias: r.editorAlias as string,
      dbType: r.dbType as string,
      gridAreas: r.editorAlias === 'Umbraco.BlockGrid' ? listGridAreas(r.config) : [],
    }));
}

/** `umbracoDataType.config` of a Block Grid (v10+): `{"blocks":[{…, "areas":[{"key", "alias", …}]}]}`. */
function listGridAreas(config: unknown): GridArea[] {
  let parsed: unknown;
  try {
    parsed = typeof config === 'string' ? JSON.parse(config) : undefined;
  } catch {
    return [];
  }
  const blocks = (parsed as { blocks?: unknown } | undefined)?.blocks;
  if (!Array.isArray(blocks)) return [];
  return blocks.flatMap((block: { areas?: unknown }) =>
    (Array.isArray(block?.areas) ? (block.areas as Array<Record<string, unknown>>) : []).flatMap((area) =>
      typeof area?.key === 'string' && typeof area.alias === 'string'
        ? [{ key: area.key.toLowerCase(), alias: area.alias }]
        : [],
    ),
  );
}

/** Compositions and inheritance are both rows here (child → parent). */
export function listCompositionLinks(db: Database): TypeLink[] {
  return db
    .all<R>('SELECT childContentTypeId AS fromId, parentContentTypeId AS toId FROM cmsContentType2ContentType')
    .map((r) => ({ fromId: r.fromId as number, toId: r.toId as number, sortOrder: 0 }));
}

export function listAllowedChildLinks(db: Database): TypeLink[] {
  return db
    .all<R>(
      'SELECT Id AS fromId, AllowedId AS toId, SortOrder AS sortOrder FROM cmsContentTypeAllowedContentType ' +
        'ORDER BY Id, SortOrder',
    )
    .map((r) => ({ fromId: r.fromId as number, toId: r.toId as number, sortOrder: r.sortOrder as number }));
}

export function listTypeTemplates(db: Database): TypeTemplate[] {
  return db
    .all<R>(
      'SELECT contentTypeNodeId AS contentTypeId, templateNodeId AS templateId, IsDefault AS isDefault FROM ' +
        'cmsDocumentType',
    )
    .map((r) => ({
      contentTypeId: r.contentTypeId as number,
      templateId: r.templateId as number,
      isDefault: r.isDefault === 1,
    }));
}
