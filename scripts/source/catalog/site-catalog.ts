import type { Database } from '../db/database.ts';
import {
  listPublishedUrlNames,
  listStoredSegments,
  listTemplates,
  type TemplateInfo,
} from '../readers/document-reader.ts';
import { listDomains, listLanguages, type Language } from '../readers/language-reader.ts';
import { readSchemaInfo, type SchemaInfo } from '../readers/schema-reader.ts';
import { createDateConverter, type DateConverter, type DatePrecision } from './dates.ts';
import { loadPublishedDocuments } from './document-catalog.ts';
import { loadMedia } from './media-catalog.ts';
import { linkTree, type TreeNode } from './tree.ts';
import { loadTypeCatalog, type TypeCatalog } from './type-catalog.ts';
import { UrlBuilder } from './url-builder.ts';

export interface CatalogOptions {
  /** Zone of naive dates: system dates before v17 and property dates in every version. */
  timeZone: string;
  hideTopLevelNodeFromPath: boolean;
  addTrailingSlash: boolean;
  /** System dates: seconds, or as a plugin generation sends them. Default seconds. */
  datePrecision?: DatePrecision;
  /** Property dates; default as system dates. */
  propertyDatePrecision?: DatePrecision;
}

export const DEFAULT_CATALOG_OPTIONS: CatalogOptions = {
  timeZone: 'UTC',
  hideTopLevelNodeFromPath: true,
  addTrailingSlash: true,
};

/**
 * Everything the service answers from, loaded once: the database is opened read-only and immutable,
 * so the tree, names, states and URLs cannot change under it. Property values are read per request.
 */
export interface SiteCatalog {
  db: Database;
  schema: SchemaInfo;
  languages: Language[];
  defaultLanguage: Language | undefined;
  types: TypeCatalog;
  templates: Map<number, TemplateInfo>;
  documents: Map<number, TreeNode>;
  media: Map<number, TreeNode>;
  documentRoots: TreeNode[];
  mediaRoots: TreeNode[];
  documentsByKey: Map<string, TreeNode>;
  mediaByKey: Map<string, TreeNode>;
  urls: UrlBuilder;
  /** System dates (node, version): UTC from v17, else the configured zone. */
  systemDate: DateConverter;
  /** Property dates: editor data, never converted by Umbraco's v17 migration. */
  propertyDate: DateConverter;
}

export function loadSiteCatalog(db: Database, options: CatalogOptions = DEFAULT_CATALOG_OPTIONS): SiteCatalog {
  const schema = readSchemaInfo(db);
  const languages = listLanguages(db);
  const types = loadTypeCatalog(db, schema);
  const documents = loadPublishedDocuments(db, types, languages);
  const media = loadMedia(db, types);
  const propertyDate = createDateConverter(options.timeZone, options.propertyDatePrecision ?? options.datePrecision);
  const urls = new UrlBuilder(
    documents,
    languages,
    listDomains(db, schema),
    listStoredSegments(db, schema),
    listPublishedUrlNames(db),
    {
      hideTopLevelNodeFromPath: options.hideTopLevelNodeFromPath,
      addTrailingSlash: options.addTrailingSlash,
      domainMustMatchCulture: schema.major >= 15,
    },
  );
  return {
    db,
    schema,
    languages,
    types,
    documents,
    media,
    urls,
    propertyDate,
    defaultLanguage: languages.find((l) => l.isDefault),
    templates: new Map(listTemplates(db).map((t) => [t.id, t])),
    documentRoots: linkTree(documents),
    mediaRoots: linkTree(media),
    documentsByKey: new Map([...documents.values()].map((d) => [d.key, d])),
    mediaByKey: new Map([...media.values()].map((m) => [m.key, m])),
    systemDate: createDateConverter(schema.systemDatesUtc ? 'UTC' : options.timeZone, options.datePrecision),
  };
}
