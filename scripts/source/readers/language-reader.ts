import type { Database } from '../db/database.ts';
import type { SchemaInfo } from './schema-reader.ts';

export interface Language {
  id: number;
  isoCode: string;
  name: string;
  isDefault: boolean;
}
export interface Domain {
  id: number;
  rootId: number;
  languageId: number | null;
  name: string;
  sortOrder: number;
}

interface LanguageRow {
  [k: string]: string | number | null;
  id: number;
  iso: string;
  name: string | null;
  isDefault: number;
}

export function listLanguages(db: Database): Language[] {
  const rows = db.all<LanguageRow>(
    'SELECT id, languageISOCode AS iso, languageCultureName AS name, isDefaultVariantLang AS isDefault FROM ' +
      'umbracoLanguage ORDER BY id',
  );
  const languages = rows.map((r) => ({
    id: r.id,
    isoCode: r.iso,
    name: r.name ?? r.iso,
    isDefault: r.isDefault === 1,
  }));
  // A database always has a default language; if the flag is missing, Umbraco falls back to the first one.
  if (languages.length > 0 && !languages.some((l) => l.isDefault)) languages[0]!.isDefault = true;
  return languages;
}

interface DomainRow {
  [k: string]: string | number | null;
  id: number;
  rootId: number | null;
  languageId: number | null;
  name: string;
  sortOrder: number;
}

/** Routing domains: wildcard domains (`*1206`) only assign a culture, and rows without a root are orphans. */
export function listDomains(db: Database, schema: SchemaInfo): Domain[] {
  const sortOrder = schema.hasDomainSortOrder ? 'sortOrder' : 'id';
  const rows = db.all<DomainRow>(
    `SELECT id, domainRootStructureID AS rootId, domainDefaultLanguage AS languageId, ` +
      `domainName AS name, ${sortOrder} AS sortOrder
     FROM umbracoDomain ORDER BY ${sortOrder}, id`,
  );
  return rows
    .filter((r): r is DomainRow & { rootId: number } => r.rootId !== null && !r.name.startsWith('*'))
    .map((r) => ({ id: r.id, rootId: r.rootId, languageId: r.languageId, name: r.name, sortOrder: r.sortOrder }));
}
