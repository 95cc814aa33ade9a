import type { Database } from '../db/database.ts';
import type { SchemaInfo } from './schema-reader.ts';

type R = Record<string, string | number | null>;

export interface DictionaryItem {
  key: string;
  name: string;
  parentKey: string | null;
}
export interface DictionaryText {
  itemKey: string;
  languageId: number;
  value: string;
}

/** `cmsDictionary.id` is the item's GUID and `key` its name; `parent` is the parent item's GUID. */
export function listDictionaryItems(db: Database): DictionaryItem[] {
  if (!db.listTables().has('cmsdictionary')) return [];
  return db.all<R>('SELECT id, parent, "key" AS name FROM cmsDictionary ORDER BY "key", pk').map((r) => ({
    key: (r.id as string).toLowerCase(),
    name: (r.name as string | null) ?? '',
    parentKey: r.parent === null ? null : (r.parent as string).toLowerCase(),
  }));
}

/** One translation per item and language; `UniqueId` is the item's GUID. */
export function listDictionaryTexts(db: Database): DictionaryText[] {
  if (!db.listTables().has('cmslanguagetext')) return [];
  return db.all<R>('SELECT UniqueId AS itemKey, languageId, value FROM cmsLanguageText ORDER BY pk').map((r) => ({
    itemKey: (r.itemKey as string).toLowerCase(),
    languageId: r.languageId as number,
    value: (r.value as string | null) ?? '',
  }));
}

export interface LanguageSettings {
  id: number;
  isoCode: string;
  name: string;
  isDefault: boolean;
  mandatory: boolean;
  fallbackLanguageId: number | null;
}

export function listLanguageSettings(db: Database): LanguageSettings[] {
  return db
    .all<R>(
      `SELECT id, languageISOCode AS iso, languageCultureName AS name, isDefaultVariantLang AS isDefault, mandatory,
              fallbackLanguageId
     FROM umbracoLanguage ORDER BY id`,
    )
    .map((r) => ({
      id: r.id as number,
      isoCode: (r.iso as string | null) ?? '',
      name: (r.name as string | null) ?? '',
      isDefault: r.isDefault === 1,
      mandatory: r.mandatory === 1,
      fallbackLanguageId: r.fallbackLanguageId as number | null,
    }));
}

export interface DomainRecord {
  id: number;
  name: string;
  rootId: number | null;
  languageId: number | null;
  sortOrder: number;
}

/** Every `umbracoDomain` row, wildcards (`*1206`) and orphans (no root) included: callers say which is which. */
export function listAllDomains(db: Database, schema: SchemaInfo): DomainRecord[] {
  const sortOrder = schema.hasDomainSortOrder ? 'sortOrder' : 'id';
  return db
    .all<R>(
      `SELECT id, domainName AS name, domainRootStructureID AS rootId, domainDefaultLanguage AS languageId,
              ${sortOrder} AS sortOrder
     FROM umbracoDomain ORDER BY ${sortOrder}, id`,
    )
    .map((r) => ({
      id: r.id as number,
      name: (r.name as string | null) ?? '',
      rootId: r.rootId as number | null,
      languageId: r.languageId as number | null,
      sortOrder: r.sortOrder as number,
    }));
}

export interface RedirectUrlRecord {
  id: string;
  url: string;
  culture: string | null;
  contentKey: string;
  createDateUtc: string;
}

/** Umbraco's redirect table: old routes (`/path` or `{rootId}/path` under a domain) of moved or renamed items. */
export function listRedirectUrls(db: Database): RedirectUrlRecord[] {
  if (!db.listTables().has('umbracoredirecturl')) return [];
  return db
    .all<R>('SELECT id, url, culture, contentKey, createDateUtc FROM umbracoRedirectUrl ORDER BY createDateUtc, id')
    .map((r) => ({
      id: (r.id as string).toLowerCase(),
      url: (r.url as string | null) ?? '',
      culture: r.culture as string | null,
      contentKey: (r.contentKey as string).toLowerCase(),
      createDateUtc: r.createDateUtc as string,
    }));
}
