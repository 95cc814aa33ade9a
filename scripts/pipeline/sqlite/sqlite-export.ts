/**
 * Writes `snapshot.sqlite` for SQL tools (Datasette, sqlite3, DuckDB) from the snapshot's item chunks and the site
 * data's item nodes, streaming one item at a time: prepared statements inside transactions of a few thousand items,
 * so memory stays that of the node list whatever the size.
 */
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { getContentTypes, iterateNdjson, itemRecordSchema, type ItemRecord } from '../../core/snapshot-format.ts';
import { createTypeIndex, type TypeIndex } from '#site/lib/content-types/type-index.ts';
import { createNodeLookup, type NodeLookup } from '#site/lib/site-data/node-lookup.ts';
import { readSiteNodes } from '#site/lib/site-data/site-nodes.ts';
import { pathOf } from '#site/lib/site-data/derive/inventory-downloads.ts';
import { listCultures, listPropertyEntries, type PropertyEntry } from '#site/lib/values/item-properties.ts';
import { extractReferences } from '#site/lib/values/references.ts';
import { resolveReference } from '#site/lib/values/reference-target.ts';
import type { SiteNode } from '#site/lib/site-data/site-data-format.ts';
import {
  DATASETTE_METADATA_FILE,
  SQLITE_FILE,
  SQLITE_INDEXES,
  SQLITE_TABLES,
  datasetteMetadata,
} from './sqlite-schema.ts';

export interface SqliteSummary {
  file: string;
  bytes: number;
  items: number;
  millis: number;
}

/** Items per transaction: large enough to amortise the commit, small enough to keep the journal small. */
const BATCH = 2000;

type Statements = Record<'item' | 'culture' | 'property' | 'reference' | 'text', StatementSync>;

function prepare(db: DatabaseSync): Statements {
  const insert = (table: string, n: number) => db.prepare(`INSERT INTO ${table} VALUES (${'?, '.repeat(n - 1)}?)`);
  return {
    item: insert('items', 17),
    culture: insert('item_cultures', 5),
    property: insert('properties', 6),
    reference: insert('item_references', 7),
    text: insert('item_text', 4),
  };
}

/** A value as text (strings, numbers, booleans) or as JSON (objects, arrays); both null for null. */
function valueColumns(value: unknown): [string | null, string | null] {
  if (value === null || value === undefined) return [null, null];
  if (typeof value === 'string') return [value, null];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value), null];
  return [null, JSON.stringify(value)];
}

const textOf = (entries: PropertyEntry[]): string =>
  entries
    .map((p) => p.value)
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '' && !v.trimStart().startsWith('{'))
    .join('\n');

/** An item's row, then (when the snapshot holds the item) its languages, values, references and text. */
function writeItem(
  s: Statements,
  record: ItemRecord | undefined,
  node: SiteNode,
  lookup: NodeLookup,
  types: TypeIndex,
) {
  s.item.run(
    ...[node.key, node.kind, node.id, node.name, node.type, node.parent, pathOf(node, lookup), node.level],
    ...[node.sortOrder, node.childCount, node.url, node.createDate, node.updateDate, node.template ?? null],
    ...[node.file?.path ?? null, node.file?.bytes ?? null, node.unshown ?? null],
  );
  if (record === undefined) return;
  const properties = listPropertyEntries(record.properties);
  const cultures = listCultures(record.cultures);
  const editorOf: Parameters<typeof extractReferences>[2] = (element, alias) =>
    types.elementType(element)?.editorOf(alias);
  // As the site reads them: a culture-variant item's values are those of each language (the source repeats its
  // invariant values there); the top-level set stands in for a language that sends none.
  const sets: Array<[string | null, PropertyEntry[]]> =
    cultures.length > 0
      ? cultures.map((c) => [c.iso, c.properties.length > 0 ? c.properties : properties])
      : [[null, properties]];
  for (const c of cultures) s.culture.run(node.key, c.iso, c.name, c.url, c.urlSegment);
  for (const [culture, entries] of sets) {
    for (const p of entries) {
      s.property.run(node.key, p.alias, culture, p.editorAlias, ...valueColumns(p.value));
      if (node.unshown !== undefined) continue;
      for (const ref of extractReferences(p.value, p.editorAlias, editorOf)) {
        const target = resolveReference(ref, lookup);
        s.reference.run(node.key, p.alias, culture, ref.raw, ref.via, target?.key ?? null, target?.kind ?? null);
      }
    }
  }
  const nameOf = new Map(cultures.map((c) => [c.iso, c.name || node.name]));
  for (const [culture, entries] of sets)
    s.text.run(node.key, culture, culture === null ? node.name : (nameOf.get(culture) ?? node.name), textOf(entries));
}

function writeTypes(db: DatabaseSync, types: TypeIndex): void {
  const type = db.prepare('INSERT OR IGNORE INTO types VALUES (?, ?, ?, ?, ?)');
  const property = db.prepare('INSERT INTO property_types VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const composition = db.prepare('INSERT OR IGNORE INTO compositions VALUES (?, ?)');
  for (const t of types.list) {
    type.run(t.key, t.id, t.alias, t.name, t.element === true ? 1 : 0);
    for (const p of types.listProperties(t))
      property.run(
        ...[t.key, t.alias, p.alias, p.name, p.editorAlias, p.group, Number(p.mandatory)],
        ...[Number(p.variesByCulture), p.dataTypeId ?? null, p.inheritedFrom ?? null],
      );
    for (const c of t.compositions) composition.run(t.key, c.key.toLowerCase());
  }
}

/** The items of the snapshot, each once, in chunk order; items the site could not read keep their node row. */
async function writeItems(db: DatabaseSync, snapshotDir: string, lookup: NodeLookup, types: TypeIndex) {
  const s = prepare(db);
  const done = new Set<string>();
  const chunks = [...new Set(lookup.nodes.map((n) => n.chunk).filter((c): c is string => c !== null))].sort();
  db.exec('BEGIN');
  for (const chunk of chunks) {
    for await (const record of iterateNdjson(path.join(snapshotDir, chunk), itemRecordSchema)) {
      const node = lookup.findNode(record.key);
      if (node === undefined || node.kind !== record.kind || done.has(node.key)) continue;
      done.add(node.key);
      writeItem(s, record, node, lookup, types);
      if (done.size % BATCH === 0) db.exec('COMMIT; BEGIN');
    }
  }
  for (const node of lookup.nodes) if (!done.has(node.key)) writeItem(s, undefined, node, lookup, types);
  db.exec('COMMIT');
  return lookup.nodes.length;
}

export async function writeSnapshotSqlite(
  snapshotDir: string,
  siteDataDir: string,
  outDir: string,
  meta: { title: string; snapshotAt: string },
): Promise<SqliteSummary> {
  const started = performance.now();
  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, SQLITE_FILE);
  await rm(file, { force: true });
  const lookup = createNodeLookup(await readSiteNodes(siteDataDir));
  const types = createTypeIndex((await getContentTypes(snapshotDir)).contentTypes);
  const db = new DatabaseSync(file);
  let items: number;
  try {
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 8192;');
    for (const table of Object.values(SQLITE_TABLES)) db.exec(table.ddl);
    db.exec('BEGIN');
    writeTypes(db, types);
    db.exec('COMMIT');
    items = await writeItems(db, snapshotDir, lookup, types);
    for (const index of SQLITE_INDEXES) db.exec(index);
    db.exec("INSERT INTO item_text (item_text) VALUES ('optimize')");
  } finally {
    db.close();
  }
  const metadata = datasetteMetadata(meta.title, meta.snapshotAt);
  await writeFile(path.join(outDir, DATASETTE_METADATA_FILE), `${JSON.stringify(metadata, null, 2)}\n`);
  const { size } = await stat(file);
  return { file, bytes: size, items, millis: Math.round(performance.now() - started) };
}
