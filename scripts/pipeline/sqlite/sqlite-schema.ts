/**
 * The tables of `downloads/snapshot.sqlite` (docs/sqlite.md) and the Datasette `metadata.json` that describes them.
 * The column lists are the contract with the docs' questions: rename one and the documented SQL breaks.
 */
export const SQLITE_FILE = 'snapshot.sqlite';
export const DATASETTE_METADATA_FILE = 'metadata.json';

interface TableDoc {
  description: string;
  columns: Record<string, string>;
}

export const SQLITE_TABLES: Record<string, TableDoc & { ddl: string }> = {
  items: {
    description: 'One row per content and media item of the snapshot.',
    ddl: `CREATE TABLE items (key TEXT PRIMARY KEY, kind TEXT NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL,
      type TEXT NOT NULL, parent_key TEXT, path TEXT NOT NULL, level INTEGER, sort_order INTEGER, child_count INTEGER,
      url TEXT, create_date TEXT, update_date TEXT, template TEXT, file_path TEXT, file_bytes INTEGER,
      unshown TEXT) WITHOUT ROWID`,
    columns: {
      key: 'The item key (GUID, lower case)',
      kind: 'content or media',
      path: 'Names from the root down, joined by " / "',
      url: 'The URL in the default language (null for media and items without one)',
      file_path: 'A media item: its file path',
      unshown: 'Why the site shows the item without its properties (null when it shows them)',
    },
  },
  item_cultures: {
    description: 'One row per culture-variant item and language: that language’s name and URL.',
    ddl: `CREATE TABLE item_cultures (item_key TEXT NOT NULL, culture TEXT NOT NULL, name TEXT NOT NULL, url TEXT,
      url_segment TEXT, PRIMARY KEY (item_key, culture)) WITHOUT ROWID`,
    columns: { culture: 'ISO code of the language', url: 'Null when the item has no URL in that language' },
  },
  properties: {
    description:
      'Property values in long form: one row per item, property and language (culture null: an invariant item).',
    ddl: `CREATE TABLE properties (item_key TEXT NOT NULL, alias TEXT NOT NULL, culture TEXT, editor TEXT NOT NULL,
      text_value TEXT, json_value TEXT)`,
    columns: {
      text_value: 'A string, number or boolean value as text (null for objects and arrays)',
      json_value: 'An object or array value as JSON (query it with json_extract)',
    },
  },
  item_references: {
    description: 'Every reference a property value holds, with the item it points at (null: broken).',
    ddl: `CREATE TABLE item_references (item_key TEXT NOT NULL, alias TEXT NOT NULL, culture TEXT, raw TEXT NOT NULL,
      via TEXT NOT NULL, target_key TEXT, target_kind TEXT)`,
    columns: { raw: 'The reference as stored (UDI, GUID, id)', target_key: 'Null when the reference is broken' },
  },
  types: {
    description: 'Content types (document types and element types) as the source sent them.',
    ddl: `CREATE TABLE types (key TEXT PRIMARY KEY, id INTEGER, alias TEXT NOT NULL, name TEXT NOT NULL,
      element INTEGER NOT NULL) WITHOUT ROWID`,
    columns: { element: '1 for an element type (used in blocks), 0 for a document type' },
  },
  property_types: {
    description: 'The properties of each type, those from compositions included (inherited_from names the source).',
    ddl: `CREATE TABLE property_types (type_key TEXT NOT NULL, type_alias TEXT NOT NULL, alias TEXT NOT NULL,
      name TEXT NOT NULL, editor TEXT NOT NULL, group_name TEXT, mandatory INTEGER NOT NULL,
      varies_by_culture INTEGER NOT NULL, data_type_id INTEGER, inherited_from TEXT)`,
    columns: { inherited_from: 'The composition the property comes from (null: the type’s own)' },
  },
  compositions: {
    description: 'Which types compose which (one row per type and composition).',
    ddl: `CREATE TABLE compositions (type_key TEXT NOT NULL, composition_key TEXT NOT NULL,
      PRIMARY KEY (type_key, composition_key)) WITHOUT ROWID`,
    columns: {},
  },
  item_text: {
    description: 'Full-text index (FTS5) over each item’s name and text values, per language.',
    ddl: `CREATE VIRTUAL TABLE item_text USING fts5(item_key UNINDEXED, culture UNINDEXED, name, body)`,
    columns: { culture: 'The language (null: an invariant item)', body: 'The item’s text values in that language' },
  },
};

/** Indexes for the joins analysts make (by item, by target); one on alias would add a tenth of the file. */
export const SQLITE_INDEXES = [
  'CREATE INDEX items_type ON items (type)',
  'CREATE INDEX properties_item ON properties (item_key)',
  'CREATE INDEX references_item ON item_references (item_key)',
  'CREATE INDEX references_target ON item_references (target_key)',
];

/** Datasette's metadata file: a title, where the data comes from, and each table and column described. */
export function datasetteMetadata(title: string, snapshotAt: string): object {
  const tables = Object.fromEntries(
    Object.entries(SQLITE_TABLES).map(([name, t]) => [name, { description: t.description, columns: t.columns }]),
  );
  return {
    title,
    description: `A snapshot of the CMS taken ${snapshotAt}. See docs/sqlite.md for the tables and example questions.`,
    databases: { snapshot: { tables } },
  };
}
