import type { Database } from '../db/database.ts';
import { OBJECT_TYPE } from './object-types.ts';
import type { SchemaInfo } from './schema-reader.ts';

/** The published state of a document: `umbracoDocument.published` and its published version row. */
export interface DocumentState {
  nodeId: number;
  published: boolean;
  versionId: number;
  versionDate: string;
  versionName: string;
  templateId: number | null;
}
export interface CultureState {
  nodeId: number;
  languageId: number;
  published: boolean;
}
export interface CultureName {
  versionId: number;
  languageId: number;
  name: string;
  date: string;
}
export interface StoredSegment {
  key: string;
  languageId: number | null;
  segment: string;
}
export interface UrlNameValue {
  versionId: number;
  languageId: number | null;
  value: string;
}

type R = Record<string, string | number | null>;

/**
 * Unpublishing does not clear `umbracoDocumentVersion.published`, so the document flag decides;
 * at most one version per document carries the published flag.
 */
export function listDocumentStates(db: Database): DocumentState[] {
  return db
    .all<R>(
      `SELECT d.nodeId, d.published, v.id AS versionId, v.versionDate, v.text, dv.templateId
     FROM umbracoDocument d
     JOIN umbracoContentVersion v ON v.nodeId = d.nodeId
     JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published = 1`,
    )
    .map((r) => ({
      nodeId: r.nodeId as number,
      published: r.published === 1,
      versionId: r.versionId as number,
      versionDate: r.versionDate as string,
      versionName: (r.text as string | null) ?? '',
      templateId: r.templateId as number | null,
    }));
}

export function listCultureStates(db: Database): CultureState[] {
  return db
    .all<R>('SELECT nodeId, languageId, published FROM umbracoDocumentCultureVariation')
    .map((r) => ({ nodeId: r.nodeId as number, languageId: r.languageId as number, published: r.published === 1 }));
}

/** A row of `selectCultureNames`, typed. */
export const toCultureName = (r: Record<string, string | number | null>): CultureName => ({
  versionId: r.versionId as number,
  languageId: r.languageId as number,
  name: r.name as string,
  date: r.date as string,
});

/**
 * Culture names of the versions `join` keeps (`umbracoContentVersionCultureVariation` holds every version's), with
 * `columns` of the joined tables before them.
 */
export function selectCultureNames(db: Database, join: string, columns = ''): R[] {
  return db.all<R>(
    `SELECT ${columns}cvcv.versionId, cvcv.languageId, cvcv.name, cvcv.date
     FROM umbracoContentVersionCultureVariation cvcv ${join}`,
  );
}

/** Culture names of published versions only. */
export function listPublishedCultureNames(db: Database): CultureName[] {
  return selectCultureNames(db, 'JOIN umbracoDocumentVersion dv ON dv.id = cvcv.versionId AND dv.published = 1').map(
    toCultureName,
  );
}

/** v15+: the published (isDraft = 0) segment Umbraco persisted; `isPrimary` (15.4+) picks among alternatives. */
export function listStoredSegments(db: Database, schema: SchemaInfo): StoredSegment[] {
  if (!schema.hasDocumentUrl) return [];
  const primary = schema.hasDocumentUrlIsPrimary ? 'AND u.isPrimary = 1' : '';
  return db
    .all<R>(
      `SELECT u.uniqueId AS key, u.languageId, u.urlSegment
     FROM umbracoDocumentUrl u JOIN umbracoNode n ON n.uniqueId = u.uniqueId
     WHERE u.isDraft = 0 AND n.trashed = 0 ${primary}
     ORDER BY u.id`,
    )
    .map((r) => ({
      key: (r.key as string).toLowerCase(),
      languageId: r.languageId as number | null,
      segment: r.urlSegment as string,
    }));
}

/** Published `umbracoUrlName` values, which pin a document's segment. */
export function listPublishedUrlNames(db: Database): UrlNameValue[] {
  return db
    .all<R>(
      `SELECT pd.versionId, pd.languageId, COALESCE(pd.varcharValue, pd.textValue) AS value
     FROM umbracoPropertyData pd
     JOIN cmsPropertyType pt ON pt.id = pd.propertyTypeId AND pt.Alias = 'umbracoUrlName'
     JOIN umbracoDocumentVersion dv ON dv.id = pd.versionId AND dv.published = 1
     WHERE pd.segment IS NULL`,
    )
    .flatMap((r) =>
      typeof r.value === 'string' && r.value.trim() !== ''
        ? [{ versionId: r.versionId as number, languageId: r.languageId as number | null, value: r.value.trim() }]
        : [],
    );
}

export interface TemplateInfo {
  id: number;
  key: string;
  alias: string;
  name: string;
  path: string;
}

export function listTemplates(db: Database): TemplateInfo[] {
  return db
    .all<R>(
      `SELECT t.nodeId AS id, n.uniqueId AS key, t.alias, n.text AS name, n.path
     FROM cmsTemplate t JOIN umbracoNode n ON n.id = t.nodeId AND n.nodeObjectType = ?`,
      [OBJECT_TYPE.template],
    )
    .map((r) => ({
      id: r.id as number,
      key: (r.key as string).toLowerCase(),
      alias: (r.alias as string | null) ?? '',
      name: (r.name as string | null) ?? '',
      path: r.path as string,
    }));
}
