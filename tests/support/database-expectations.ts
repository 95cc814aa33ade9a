/**
 * What a snapshot of an Umbraco database must hold, from SQL written here against the database, never from the
 * crawler's own output: the published documents and media the tree reaches, the content types they use, their
 * published cultures and stored values.
 */
import type { DatabaseSync } from 'node:sqlite';
import { openForOracle } from './shared-databases.ts';
import { DOCUMENT, DOCUMENT_TYPE, MEDIA } from './umbraco-object-types.ts';

/**
 * Published view (schema guide §2.1): not trashed, published, and for variant documents the default culture
 * published.
 */
const PUBLISHED_DOCUMENTS = `
  SELECT n.id, n.parentId, c.contentTypeId AS typeId, pv.id AS versionId
  FROM umbracoNode n
  JOIN umbracoDocument d ON d.nodeId = n.id AND d.published = 1
  JOIN umbracoContent c ON c.nodeId = n.id
  JOIN umbracoContentVersion pv ON pv.nodeId = n.id
  JOIN umbracoDocumentVersion dv ON dv.id = pv.id AND dv.published = 1
  WHERE n.nodeObjectType = '${DOCUMENT}' AND n.trashed = 0
    AND (NOT EXISTS (SELECT 1 FROM umbracoDocumentCultureVariation v WHERE v.nodeId = n.id)
      OR EXISTS (SELECT 1 FROM umbracoDocumentCultureVariation v JOIN umbracoLanguage l ON l.id = v.languageId
                 WHERE v.nodeId = n.id AND l.isDefaultVariantLang = 1 AND v.published = 1))
  ORDER BY n.level, n.sortOrder`;
/** Media have no published flag: the current version of every media item that is not in the bin. */
const MEDIA_ITEMS = `
  SELECT n.id, n.parentId, c.contentTypeId AS typeId, cv.id AS versionId
  FROM umbracoNode n
  JOIN umbracoContent c ON c.nodeId = n.id
  JOIN umbracoContentVersion cv ON cv.nodeId = n.id AND cv.current = 1
  WHERE n.nodeObjectType = '${MEDIA}' AND n.trashed = 0
  ORDER BY n.level, n.sortOrder`;
const DOCUMENT_TYPES =
  `SELECT n.id, lower(n.uniqueId) AS key, ct.alias FROM umbracoNode n JOIN cmsContentType ` +
  `ct ON ct.nodeId = n.id WHERE n.nodeObjectType = '${DOCUMENT_TYPE}'`;
/** Compositions and inheritance both live in cmsContentType2ContentType. */
const COMPOSITIONS =
  'SELECT childContentTypeId AS child, parentContentTypeId AS parent FROM cmsContentType2ContentType';
const ALLOWED_CHILDREN = 'SELECT Id AS parent, AllowedId AS child FROM cmsContentTypeAllowedContentType';
const PROPERTY_TYPES = 'SELECT contentTypeId, Alias AS alias FROM cmsPropertyType';
const PUBLISHED_CULTURES = `
  SELECT v.nodeId, l.languageISOCode AS iso FROM umbracoDocumentCultureVariation v
  JOIN umbracoLanguage l ON l.id = v.languageId WHERE v.published = 1`;
/** Umbraco writes no row for an empty value, so every row here is a value the item must carry. */
const STORED_VALUES = `
  SELECT pd.versionId, pt.Alias AS alias, l.languageISOCode AS culture, pd.textValue
  FROM umbracoPropertyData pd
  JOIN cmsPropertyType pt ON pt.id = pd.propertyTypeId
  LEFT JOIN umbracoLanguage l ON l.id = pd.languageId
  WHERE pd.segment IS NULL`;

interface ItemRow {
  id: number;
  parentId: number;
  typeId: number;
  versionId: number;
}
type Rows<T> = T[];

function all<T>(db: DatabaseSync, sql: string): Rows<T> {
  return db.prepare(sql).all() as unknown as Rows<T>;
}

/** Items the tree can reach: a published item under an unpublished parent is not routed, so not served. */
function reachable(rows: ItemRow[]): Map<number, ItemRow> {
  const kept = new Map<number, ItemRow>();
  for (const row of rows) if (row.parentId === -1 || kept.has(row.parentId)) kept.set(row.id, row);
  return kept;
}

function closure(start: Iterable<number>, edges: Array<{ from: number; to: number }>): Set<number> {
  const next = new Map<number, number[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const seen = new Set<number>();
  const queue = [...start];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(next.get(id) ?? []));
  }
  return seen;
}

export function readExpectations(file: string) {
  const db = openForOracle(file);
  try {
    const documents = reachable(all<ItemRow>(db, PUBLISHED_DOCUMENTS));
    const media = reachable(all<ItemRow>(db, MEDIA_ITEMS));
    const types = all<{ id: number; key: string; alias: string }>(db, DOCUMENT_TYPES);
    const compositions = all<{ child: number; parent: number }>(db, COMPOSITIONS).map(({ child, parent }) => ({
      from: child,
      to: parent,
    }));
    const allowed = all<{ parent: number; child: number }>(db, ALLOWED_CHILDREN).map(({ parent, child }) => ({
      from: parent,
      to: child,
    }));
    const propertyTypes = all<{ contentTypeId: number; alias: string }>(db, PROPERTY_TYPES);
    const values = all<{ versionId: number; alias: string; culture: string | null; textValue: string | null }>(
      db,
      STORED_VALUES,
    );
    const publishedVersions = new Set([...documents.values()].map((row) => row.versionId));
    const typeByKey = new Map(types.map((type) => [type.key, type.id]));
    const typeByAlias = new Map(types.map((type) => [type.alias.toLowerCase(), type.id]));
    const used = new Set([...documents.values()].map((row) => row.typeId));
    const unknownKeys = new Set<string>();
    for (const value of values) {
      if (!publishedVersions.has(value.versionId) || value.textValue === null) continue;
      for (const match of value.textValue.matchAll(/"contentTypeKey"\s*:\s*"([0-9a-fA-F-]{36})"/g)) {
        const key = (match[1] as string).toLowerCase();
        const id = typeByKey.get(key);
        if (id === undefined) unknownKeys.add(key);
        else used.add(id);
      }
      for (const match of value.textValue.matchAll(/"ncContentTypeAlias"\s*:\s*"([^"]+)"/g)) {
        const id = typeByAlias.get((match[1] as string).toLowerCase());
        if (id !== undefined) used.add(id);
      }
    }
    const docTypeIds = new Set(types.map((type) => type.id));
    const referencedTypes = new Set(
      [...closure(used, [...compositions, ...allowed])].filter((id) => docTypeIds.has(id)),
    );
    const aliasesOf = (typeId: number): Set<string> => {
      const own = closure([typeId], compositions);
      return new Set(propertyTypes.filter((row) => own.has(row.contentTypeId)).map((row) => row.alias.toLowerCase()));
    };
    const cultures = new Map<number, Set<string>>();
    for (const row of all<{ nodeId: number; iso: string }>(db, PUBLISHED_CULTURES)) {
      if (documents.has(row.nodeId))
        cultures.set(row.nodeId, (cultures.get(row.nodeId) ?? new Set()).add(row.iso.toLowerCase()));
    }
    return { documents, media, docTypeIds, referencedTypes, unknownKeys, aliasesOf, values, cultures };
  } finally {
    db.close();
  }
}
