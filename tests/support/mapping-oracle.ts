/**
 * What the mapping workbook of a database must list, from SQL written here (schema guide §4): every document,
 * element and media type; one row per type and property of the type's full property set (cmsContentType2ContentType
 * walked transitively, aliases compared case-insensitively); every editor alias of those properties; and the block
 * elements inside published values, parsed here from the stored JSON (Block List/Grid, Nested Content).
 */
import type { DatabaseSync } from 'node:sqlite';
import { DOCUMENT, DOCUMENT_TYPE, MEDIA } from './umbraco-object-types.ts';

const MEDIA_TYPE = '4EA4382B-2F5A-4C2B-9587-AE9B3CF3602E';
type Row = Record<string, string | number | null>;
const all = (db: DatabaseSync, sql: string): Row[] => db.prepare(sql).all() as Row[];

export interface OracleType {
  id: number;
  key: string;
  alias: string;
  element: boolean;
  kind: 'document' | 'media';
}

export function listOracleTypes(db: DatabaseSync): OracleType[] {
  return all(
    db,
    `SELECT n.id, lower(n.uniqueId) AS key, ct.alias, ct.isElement, n.nodeObjectType AS objectType FROM umbracoNode n
     JOIN cmsContentType ct ON ct.nodeId = n.id WHERE n.nodeObjectType IN ('${DOCUMENT_TYPE}', '${MEDIA_TYPE}')`,
  ).map((r) => ({
    id: Number(r.id),
    key: String(r.key),
    alias: String(r.alias),
    element: Number(r.isElement) === 1,
    kind: String(r.objectType).toUpperCase() === MEDIA_TYPE ? ('media' as const) : ('document' as const),
  }));
}

/** `<type key> <lower-case property alias>` for every property of every type, compositions resolved. */
export function listOracleProperties(db: DatabaseSync): string[] {
  const rows = all(
    db,
    `WITH RECURSIVE closure(typeId, ancestorId) AS (
       SELECT ct.nodeId, ct.nodeId FROM cmsContentType ct
       UNION SELECT c.typeId, r.parentContentTypeId FROM closure c
       JOIN cmsContentType2ContentType r ON r.childContentTypeId = c.ancestorId)
     SELECT DISTINCT lower(n.uniqueId) AS typeKey, lower(pt.Alias) AS alias FROM closure c
     JOIN umbracoNode n ON n.id = c.typeId AND n.nodeObjectType IN ('${DOCUMENT_TYPE}', '${MEDIA_TYPE}')
     JOIN cmsPropertyType pt ON pt.contentTypeId = c.ancestorId`,
  );
  return rows.map((r) => `${String(r.typeKey)} ${String(r.alias)}`).sort();
}

export function listOracleEditors(db: DatabaseSync): string[] {
  return all(
    db,
    `SELECT DISTINCT d.propertyEditorAlias AS alias FROM cmsPropertyType pt
     JOIN umbracoDataType d ON d.nodeId = pt.dataTypeId
     JOIN umbracoNode n ON n.id = pt.contentTypeId AND n.nodeObjectType IN ('${DOCUMENT_TYPE}', '${MEDIA_TYPE}')`,
  )
    .map((r) => String(r.alias))
    .sort();
}

const VALUES = `
  SELECT lower(tn.uniqueId) AS typeKey, pt.Alias AS alias, pd.textValue FROM umbracoPropertyData pd
  JOIN cmsPropertyType pt ON pt.id = pd.propertyTypeId
  JOIN umbracoContentVersion v ON v.id = pd.versionId
  JOIN umbracoNode n ON n.id = v.nodeId AND n.trashed = 0
  JOIN umbracoContent c ON c.nodeId = n.id JOIN umbracoNode tn ON tn.id = c.contentTypeId
  LEFT JOIN umbracoDocumentVersion dv ON dv.id = v.id
  WHERE (pd.textValue LIKE '%contentData%' OR pd.textValue LIKE '%ncContentTypeAlias%') AND pd.segment IS NULL
    AND ((n.nodeObjectType = '${DOCUMENT}' AND dv.published = 1) OR (n.nodeObjectType = '${MEDIA}' AND v.current = 1))`;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const parsed = (v: unknown): unknown => {
  if (typeof v !== 'string' || !/^\s*[[{]/.test(v)) return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
};

/** Nested Content (≤ v12): an array of objects naming their element type by alias in `ncContentTypeAlias`. */
function collectNestedContent(
  host: string,
  alias: string,
  json: unknown[],
  keys: Map<string, string>,
  out: Set<string>,
) {
  for (const element of json.filter(isObject)) {
    const type = keys.get(String(element.ncContentTypeAlias).toLowerCase()) ?? '';
    out.add(`${host} ${alias.toLowerCase()} ${type}`);
    for (const [inner, v] of Object.entries(element)) collectBlocks(type, inner, v, keys, out);
  }
}

/** Block JSON of any Umbraco version: elements in contentData/settingsData, values inline (≤ v14) or in `values`. */
function collectBlocks(host: string, alias: string, value: unknown, keys: Map<string, string>, out: Set<string>): void {
  const json = parsed(value);
  if (Array.isArray(json) && json.some((e) => isObject(e) && typeof e.ncContentTypeAlias === 'string'))
    return collectNestedContent(host, alias, json, keys, out);
  if (!isObject(json) || !Array.isArray(json.contentData)) return;
  const elements = [...json.contentData, ...(Array.isArray(json.settingsData) ? json.settingsData : [])];
  for (const element of elements.filter(isObject)) {
    const type = String(element.contentTypeKey).toLowerCase();
    out.add(`${host} ${alias.toLowerCase()} ${type}`);
    const values: Array<[string, unknown]> = Array.isArray(element.values)
      ? element.values.filter(isObject).map((v) => [String(v.alias), v.value])
      : Object.entries(element);
    for (const [inner, v] of values) collectBlocks(type, inner, v, keys, out);
  }
}

/** `<host type key> <lower-case property alias> <element type key>` for every block element in a published value. */
export function listOracleBlocks(db: DatabaseSync): string[] {
  const out = new Set<string>();
  const keys = new Map(listOracleTypes(db).map((t) => [t.alias.toLowerCase(), t.key]));
  for (const row of all(db, VALUES)) collectBlocks(String(row.typeKey), String(row.alias), row.textValue, keys, out);
  return [...out].sort();
}
