/**
 * The interactive tables of the inventory pages: their columns and every row, read from the site data once per build.
 * The page renders the first page of rows as HTML; `pages/tables/[file].ts` ships all rows for the browser.
 */
import { fillRateRows } from '../site-data/derive/fill-rate-rows.ts';
import { loadSiteData, type SiteData } from '../site-data/load-site-data.ts';
import { SITE_DATA_FILES, type SiteNode } from '../site-data/site-data-format.ts';
import { pathOf } from '../site-data/derive/inventory-downloads.ts';
import { listItemLanguages } from '../site-data/item-languages.ts';
import { editorPagePath } from '../site-paths.ts';
import type { TableRow, TableSpec } from './table-model.ts';
import { col, readSiteTable } from './site-table.ts';
import { EXTRA_TABLES } from './extra-tables.ts';
import { REDIRECT_TABLE } from './redirect-table.ts';
import { DECISION_TABLE, readDispositions } from './decision-table.ts';
import { ESTIMATE_TABLE } from './estimate-table.ts';
import { UNDECIDED } from '../site-data/derive/decision-rows.ts';
import { EXTERNAL_LINK_TABLE, ISSUE_TABLE } from './issue-tables.ts';

export interface InventoryTable extends TableSpec {
  title: string;
  listRows(data: SiteData): Promise<TableRow[]>;
}

/**
 * One row per item, and per language for culture-variant items with that language's name and URL, so a language
 * filter gives that language's redirect map; invariant items once, with no language.
 */
const items: InventoryTable = {
  name: 'items',
  title: 'Items',
  columns: [
    col('kind', 'Kind', 'code', { facet: true }),
    col('id', 'Id', 'num'),
    col('name', 'Name', 'text', { link: '{kind}/{key}/' }),
    col('language', 'Language', 'code', { facet: true }),
    col('type', 'Type', 'code', { facet: true }),
    col('level', 'Level', 'num', { facet: true }),
    col('url', 'URL'),
    col('updateDate', 'Updated', 'code'),
    col('disposition', 'Disposition', 'code', { facet: true }),
    col('key', 'Key', 'code', { deferred: true }),
    // Not shown until chosen: in the table data for the column chooser, filters and "this view" downloads.
    col('parentKey', 'Parent key', 'code', { hidden: true, deferred: true }),
    col('path', 'Path', 'text', { hidden: true, deferred: true }),
    col('createDate', 'Created', 'code', { hidden: true, deferred: true }),
    col('sortOrder', 'Sort order', 'num', { hidden: true, deferred: true }),
    col('template', 'Template', 'code', { hidden: true, facet: true }),
  ],
  listRows: async (data) => {
    const disposition = await readDispositions(data);
    return data.lookup.nodes.flatMap((n) => {
      const hidden = hiddenItemCells(n, data);
      return listItemLanguages(n).map(({ language, name, url }) => ({
        ...hidden,
        kind: n.kind,
        id: n.id,
        name,
        language,
        type: n.type,
        level: n.level,
        url,
        updateDate: n.updateDate,
        disposition: disposition.get(n.key) ?? UNDECIDED,
        key: n.key,
      }));
    });
  },
};

const hiddenItemCells = (n: SiteNode, data: SiteData): TableRow => ({
  parentKey: n.parent,
  path: pathOf(n, data.lookup),
  createDate: n.createDate,
  sortOrder: n.sortOrder,
  template: n.template ?? null,
});

const contentTypes: InventoryTable = {
  name: 'content-types',
  title: 'Content types by usage',
  rowAttr: { name: 'type', column: 'alias' },
  columns: [
    col('name', 'Type', 'text', { link: 'types/{key}/' }),
    col('alias', 'Alias', 'code'),
    col('kind', 'Kind', 'code', { facet: true }),
    col('items', 'Items', 'num'),
    col('blockUses', 'Block uses', 'num'),
    col('composedInto', 'Composed into', 'num'),
    col('parentOf', 'Parent of', 'num'),
    col('allowedUnder', 'Allowed under', 'num'),
    col('itemsThroughCompositions', 'Items via compositions', 'num'),
    col('properties', 'Properties', 'num'),
    col('notes', 'Notes', 'text', { facet: true, cellAttr: 'notes' }),
    col('key', 'Key', 'code', { hidden: true }),
  ],
  listRows: async (data) =>
    data.typeUsage.map((t) => ({
      name: t.name,
      key: t.key && t.defined ? t.key : null,
      alias: t.alias,
      kind: t.kind,
      items: t.itemCount,
      blockUses: t.blockUses,
      composedInto: t.composedInto.length,
      parentOf: t.parentOf.length,
      allowedUnder: t.allowedUnder.length,
      itemsThroughCompositions: t.itemsThroughCompositions,
      properties: Object.keys(t.fill).length,
      notes: [!t.defined && 'no definition in the snapshot', t.unused && 'unused'].filter(Boolean).join('; '),
    })),
};

const fillRates: InventoryTable = {
  name: 'fill-rates',
  title: 'Fill rates',
  columns: [
    col('typeName', 'Type'),
    col('typeAlias', 'Alias', 'code', { facet: true }),
    col('scope', 'Scope', 'text', { facet: true }),
    col('property', 'Property', 'code'),
    col('language', 'Language', 'code', { facet: true }),
    col('filled', 'Filled', 'num'),
    col('total', 'Total', 'num'),
    col('missing', 'Missing', 'num', { link: '{missingPage}' }),
    col('rate', 'Rate %', 'num'),
    col('missingPage', 'Missing page', 'code', { hidden: true }),
  ],
  listRows: async (data) =>
    [...fillRateRows(data.typeUsage)].map((r) => ({ ...r, missingPage: r.missing ? r.missingPage : '' }) as TableRow),
};

/** One line per editor: counts only; the types and properties using it are listed on the editor's own page. */
const editors: InventoryTable = {
  name: 'editors',
  title: 'Property editor census',
  columns: [
    col('editorAlias', 'Editor alias', 'code', { link: '{page}' }),
    col('items', 'Items', 'num'),
    col('values', 'Values', 'num'),
    col('blockValues', 'Values in blocks', 'num'),
    col('types', 'Types', 'num'),
    col('properties', 'Properties', 'num'),
    col('blockProperties', 'Block properties', 'num'),
    col('page', 'Editor page', 'code', { hidden: true }),
  ],
  listRows: async (data) =>
    data.editors.map((e) => ({
      editorAlias: e.editorAlias,
      items: e.items,
      values: e.values,
      blockValues: e.blockValues,
      types: e.types.length,
      properties: e.properties.length,
      blockProperties: e.blockProperties.length,
      page: editorPagePath(e.editorAlias),
    })),
};

const broken: InventoryTable = {
  name: 'broken-references',
  title: 'Broken references',
  columns: [
    col('fromName', 'Item', 'text', { link: '{fromKind}/{fromKey}/' }),
    col('property', 'Property', 'code', { facet: true }),
    col('cultures', 'Languages', 'code', { facet: true }),
    col('raw', 'Reference', 'code'),
    col('via', 'Form', 'text', { facet: true }),
    col('path', 'Where in the value', 'code'),
    col('fromKind', 'Item kind', 'code', { hidden: true }),
    col('fromKey', 'Item key', 'code', { hidden: true }),
  ],
  listRows: (data) => readSiteTable(data, SITE_DATA_FILES.broken),
};

const orphans: InventoryTable = {
  name: 'orphan-media',
  title: 'Orphan media',
  columns: [
    col('id', 'Id', 'num'),
    col('name', 'Media item', 'text', { link: 'media/{key}/' }),
    col('type', 'Type', 'code', { facet: true }),
    col('path', 'Tree path'),
    col('file', 'File', 'code'),
    col('extension', 'Extension', 'code', { facet: true }),
    col('bytes', 'Bytes', 'num'),
    col('key', 'Key', 'code'),
  ],
  listRows: (data) => readSiteTable(data, SITE_DATA_FILES.orphans),
};

const coverage: InventoryTable = {
  name: 'culture-coverage',
  title: 'Culture coverage',
  columns: [
    col('name', 'Item', 'text', { link: 'content/{key}/' }),
    col('type', 'Type', 'code', { facet: true }),
    col('variant', 'Variant', 'text', { facet: true }),
    col('languages', 'Languages', 'code', { facet: true }),
    col('missing', 'Lacks', 'code', { facet: true }),
    col('key', 'Key', 'code', { deferred: true }),
  ],
  listRows: async (data) =>
    data.lookup.nodes
      .filter((n) => n.kind === 'content')
      .map((n) => ({
        name: n.name,
        type: n.type,
        variant: n.cultures.length > 0 ? 'variant' : 'invariant',
        languages: n.cultures,
        missing: n.cultures.length === 0 ? [] : data.meta.languages.filter((iso) => !n.cultures.includes(iso)),
        key: n.key,
      })),
};

const duplicateKind = (row: TableRow): string =>
  row.duplicateOf ? 'exact copy' : row.nearDuplicateGroup !== null ? 'near duplicate group' : 'none';

const audit: InventoryTable = {
  name: 'audit',
  title: 'Content audit',
  columns: [
    col('name', 'Item', 'text', { link: 'content/{key}/' }),
    col('type', 'Type', 'code', { facet: true }),
    col('age', 'Age', 'text', { facet: true }),
    col('ageDays', 'Days', 'num'),
    col('words', 'Words', 'num'),
    col('thin', 'Thin', 'text', { facet: true }),
    col('emptyMandatory', 'Empty mandatory', 'num'),
    col('filled', 'Filled %', 'num'),
    col('inboundReferences', 'Used by', 'num'),
    col('referenced', 'Referenced', 'text', { facet: true }),
    col('outboundBroken', 'Broken links', 'num'),
    col('duplicate', 'Duplicate', 'text', { facet: true }),
    col('nearDuplicateGroup', 'Group', 'num'),
    col('duplicateOf', 'Copy of', 'code', { link: 'content/{duplicateOf}/' }),
    col('updated', 'Updated', 'code'),
    col('key', 'Key', 'code', { deferred: true }),
  ],
  listRows: async (data) =>
    (await readSiteTable(data, SITE_DATA_FILES.audit)).map((row) => ({
      ...row,
      referenced: row.inboundReferences === 0 ? 'no' : 'yes',
      thin: row.thin === true ? 'yes' : 'no',
      duplicate: duplicateKind(row),
    })),
};

export const INVENTORY_TABLES: readonly InventoryTable[] = [
  items,
  contentTypes,
  fillRates,
  editors,
  broken,
  orphans,
  coverage,
  audit,
  REDIRECT_TABLE,
  DECISION_TABLE,
  ISSUE_TABLE,
  EXTERNAL_LINK_TABLE,
  ...EXTRA_TABLES,
  ESTIMATE_TABLE,
];

export function getInventoryTable(name: string): InventoryTable {
  const table = INVENTORY_TABLES.find((t) => t.name === name);
  if (table === undefined) throw new Error(`no inventory table '${name}'`);
  return table;
}

/**
 * Tables whose rows are kept, the most recently used last. Astro asks for a table's rows several times in a row (the
 * table file, then each deferred column's file), and again for its page; keeping every table's rows for the whole
 * build held about 250 MB at 79,000 items and left astro build collecting garbage near its heap limit.
 */
const KEPT_TABLES = 2;
const cache = new Map<string, Promise<TableRow[]>>();

/** Every row of a table, shared by the uses that follow one another (the table file, its columns, its page). */
export async function listTableRows(name: string): Promise<TableRow[]> {
  let rows = cache.get(name);
  if (rows === undefined) rows = loadSiteData().then((data) => getInventoryTable(name).listRows(data));
  cache.delete(name);
  cache.set(name, rows);
  for (const oldest of cache.keys()) {
    if (cache.size <= KEPT_TABLES) break;
    cache.delete(oldest);
  }
  return rows;
}
