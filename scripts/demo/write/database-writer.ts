import { readFileSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';

/**
 * The database seam of the generator: creates the 17.0 tables, hands out one prepared INSERT per
 * table, and writes everything in a single transaction with journaling off. Indexes are built after
 * the rows are in, then the file is switched to WAL (as every real Umbraco SQLite file is) and
 * checkpointed so that no -wal or -shm file is left beside it.
 */
const COLUMNS = {
  umbracoUser: [
    'id',
    'userDisabled',
    'key',
    'userNoConsole',
    'userName',
    'userLogin',
    'userPassword',
    'passwordConfig',
    'userEmail',
    'userLanguage',
    'createDate',
    'updateDate',
    'kind',
  ],
  umbracoNode: [
    'id',
    'uniqueId',
    'parentId',
    'level',
    'path',
    'sortOrder',
    'trashed',
    'nodeUser',
    'text',
    'nodeObjectType',
    'createDate',
  ],
  umbracoDataType: ['nodeId', 'propertyEditorAlias', 'dbType', 'config', 'propertyEditorUiAlias'],
  cmsContentType: [
    'pk',
    'nodeId',
    'alias',
    'icon',
    'thumbnail',
    'description',
    'listView',
    'isElement',
    'allowAtRoot',
    'variations',
  ],
  cmsPropertyTypeGroup: ['id', 'uniqueID', 'contenttypeNodeId', 'type', 'text', 'alias', 'sortorder'],
  cmsPropertyType: [
    'id',
    'dataTypeId',
    'contentTypeId',
    'propertyTypeGroupId',
    'Alias',
    'Name',
    'sortOrder',
    'mandatory',
    'Description',
    'labelOnTop',
    'variations',
    'UniqueID',
  ],
  cmsContentType2ContentType: ['parentContentTypeId', 'childContentTypeId'],
  cmsContentTypeAllowedContentType: ['Id', 'AllowedId', 'SortOrder'],
  cmsTemplate: ['pk', 'nodeId', 'alias'],
  cmsDocumentType: ['contentTypeNodeId', 'templateNodeId', 'IsDefault'],
  umbracoLanguage: [
    'id',
    'languageISOCode',
    'languageCultureName',
    'isDefaultVariantLang',
    'mandatory',
    'fallbackLanguageId',
  ],
  umbracoDomain: ['id', 'domainDefaultLanguage', 'domainRootStructureID', 'domainName', 'sortOrder'],
  umbracoKeyValue: ['key', 'value', 'updated'],
  umbracoContent: ['nodeId', 'contentTypeId'],
  umbracoContentVersion: ['id', 'nodeId', 'versionDate', 'userId', 'current', 'text', 'preventCleanup'],
  umbracoDocument: ['nodeId', 'published', 'edited'],
  umbracoDocumentVersion: ['id', 'templateId', 'published'],
  umbracoMediaVersion: ['id', 'path'],
  umbracoPropertyData: [
    'versionId',
    'propertyTypeId',
    'languageId',
    'segment',
    'intValue',
    'decimalValue',
    'dateValue',
    'varcharValue',
    'textValue',
  ],
  umbracoContentVersionCultureVariation: ['versionId', 'languageId', 'name', 'date', 'availableUserId'],
  umbracoDocumentCultureVariation: ['nodeId', 'languageId', 'edited', 'available', 'published', 'name'],
  umbracoDocumentUrl: ['uniqueId', 'isDraft', 'languageId', 'urlSegment', 'isPrimary'],
  cmsTags: ['id', 'group', 'languageId', 'tag'],
  cmsTagRelationship: ['nodeId', 'tagId', 'propertyTypeId'],
} as const;

export type TableName = keyof typeof COLUMNS;
export type Insert = (...values: SQLInputValue[]) => void;
export type Inserts = Record<TableName, Insert>;

export interface DemoDatabase {
  insert: Inserts;
  finish(): void;
  close(): void;
}

const sqlFile = (name: string): string => readFileSync(new URL(name, import.meta.url), 'utf8');

export function openDemoDatabase(path: string): DemoDatabase {
  // Umbraco's foreign keys point at columns that are only unique through indexes made later (and
  // SQLite databases written by Umbraco never enforce them), so enforcement stays off.
  const db = new DatabaseSync(path, { enableForeignKeyConstraints: false });
  db.exec('PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA cache_size=-131072; PRAGMA temp_store=MEMORY;');
  db.exec(sqlFile('./schema-tables.sql'));
  db.exec('BEGIN');
  const tables = (Object.keys(COLUMNS) as TableName[]).map(
    (table) => [table, batchedInserter(db, table, COLUMNS[table])] as const,
  );
  return {
    insert: Object.fromEntries(tables.map(([table, inserter]) => [table, inserter.insert])) as Inserts,
    finish() {
      for (const [, inserter] of tables) inserter.flush();
      db.exec('COMMIT');
      db.exec(sqlFile('./schema-indexes.sql'));
      db.exec('PRAGMA journal_mode=WAL');
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      db.close();
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}

/**
 * Rows are buffered and written 64 at a time with one multi-row INSERT: per-statement overhead, not
 * SQLite, dominates single-row inserts. Row order (and so the file) is the same either way.
 */
function batchedInserter(
  db: DatabaseSync,
  table: string,
  columns: readonly string[],
): { insert: Insert; flush(): void } {
  const BATCH = 64;
  const names = columns.map((c) => `"${c}"`).join(', ');
  const row = `(${columns.map(() => '?').join(', ')})`;
  const single = db.prepare(`INSERT INTO "${table}" (${names}) VALUES ${row}`);
  const many = db.prepare(`INSERT INTO "${table}" (${names}) VALUES ${Array(BATCH).fill(row).join(', ')}`);
  let buffer: SQLInputValue[] = [];
  return {
    insert(...values) {
      for (const value of values) buffer.push(value);
      if (buffer.length === BATCH * columns.length) {
        many.run(...buffer);
        buffer = [];
      }
    },
    flush() {
      for (let i = 0; i < buffer.length; i += columns.length) single.run(...buffer.slice(i, i + columns.length));
      buffer = [];
    },
  };
}
