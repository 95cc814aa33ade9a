/**
 * The full data behind each inventory page, as CSV (RFC 4180, formula-guarded) and JSON, written row by row.
 * File names are the contract with `src/pages/downloads/[file].ts` and the inventory pages (INVENTORY_FILES).
 */
import path from 'node:path';
import { csvRow, csvValue, type CsvCell } from '../../csv.ts';
import type { NodeLookup } from '../node-lookup.ts';
import type { BrokenReference, EditorUsage, OrphanMedia, SiteNode, TypeUsage } from '../site-data-format.ts';
import { listItemLanguages } from '../item-languages.ts';
import { FILL_RATE_COLUMNS, fillRateRows } from './fill-rate-rows.ts';
import { createJsonArrayWriter, createLineWriter } from './line-writer.ts';

type Row = Record<string, CsvCell | string[]>;

export async function writeTable(
  dir: string,
  name: string,
  columns: string[],
  rows: Iterable<Row> | AsyncIterable<Row>,
): Promise<number> {
  const csv = createLineWriter(path.join(dir, `${name}.csv`));
  const json = createJsonArrayWriter(path.join(dir, `${name}.json`));
  // A byte order mark tells Excel on Windows the file is UTF-8 (without it, accented names are garbled).
  await csv.write(`\uFEFF${csvRow(columns)}`);
  let count = 0;
  for await (const row of rows) {
    await csv.write(csvRow(columns.map((c) => csvValue(row[c]))));
    await json.add(row);
    count += 1;
  }
  await csv.close();
  await json.close();
  return count;
}

export const pathOf = (node: SiteNode, lookup: NodeLookup): string =>
  [...lookup.listAncestors(node), node].map((n) => n.name).join(' / ');

export const ITEM_COLUMNS = [
  'kind',
  'id',
  'key',
  'parentKey',
  'name',
  'type',
  'path',
  'language',
  'url',
  'createDate',
  'updateDate',
  'level',
  'sortOrder',
  'children',
  'cultures',
  'template',
  'complete',
];

/**
 * One row per item, and per language for culture-variant items with that language's name and URL (a redirect map's
 * seed); `path` names the ancestors in the default language.
 */
function* itemRows(lookup: NodeLookup): Generator<Row> {
  for (const n of lookup.nodes) {
    const row = {
      kind: n.kind,
      id: n.id,
      key: n.key,
      parentKey: n.parent ?? '',
      name: n.name,
      type: n.type,
      path: pathOf(n, lookup),
      language: '',
      url: n.url ?? '',
      createDate: n.createDate ?? '',
      updateDate: n.updateDate ?? '',
      level: n.level,
      sortOrder: n.sortOrder,
      children: n.childCount,
      cultures: n.cultures,
      template: n.template ?? '',
      complete: n.chunk !== null,
    };
    for (const language of listItemLanguages(n)) yield { ...row, ...language };
  }
}

function* coverageRows(lookup: NodeLookup, languages: string[]): Generator<Row> {
  for (const n of lookup.nodes) {
    if (n.kind !== 'content') continue;
    const row: Row = {
      key: n.key,
      name: n.name,
      type: n.type,
      path: pathOf(n, lookup),
      variant: n.cultures.length > 0,
      languages: n.cultures.length,
    };
    // Invariant items have no cultures of their own: Umbraco serves the same values in every language.
    for (const iso of languages)
      row[iso] = n.cultures.length === 0 ? 'invariant' : n.cultures.includes(iso) ? 'yes' : '';
    yield row;
  }
}

const TYPE_COLUMNS = [
  'kind',
  'key',
  'alias',
  'name',
  'defined',
  'items',
  'blockUses',
  'blockHolderItems',
  'composedInto',
  'parentOf',
  'allowedUnder',
  'itemsThroughCompositions',
  'unused',
  'properties',
];

/** `composedInto`/`parentOf`/`allowedUnder` are counts in the columns; the JSON also names the types. */
const typeRow = (t: TypeUsage): Row => ({
  kind: t.kind,
  key: t.key ?? '',
  alias: t.alias,
  name: t.name,
  defined: t.defined,
  items: t.itemCount,
  blockUses: t.blockUses,
  blockHolderItems: t.blockHolderItems,
  composedInto: t.composedInto.length,
  parentOf: t.parentOf.length,
  allowedUnder: t.allowedUnder.length,
  itemsThroughCompositions: t.itemsThroughCompositions,
  unused: t.unused,
  properties: Object.keys(t.fill).length,
  composedIntoTypes: t.composedInto,
  parentOfTypes: t.parentOf,
  allowedUnderTypes: t.allowedUnder,
});

export interface InventoryInput {
  lookup: NodeLookup;
  languages: string[];
  types: TypeUsage[];
  editors: EditorUsage[];
  broken: AsyncIterable<BrokenReference>;
  orphans: OrphanMedia[];
}

export async function writeInventoryDownloads(dir: string, input: InventoryInput): Promise<Record<string, number>> {
  const { lookup, languages } = input;
  return {
    items: await writeTable(dir, 'items', ITEM_COLUMNS, itemRows(lookup)),
    'content-types': await writeTable(dir, 'content-types', TYPE_COLUMNS, input.types.map(typeRow)),
    'fill-rates': await writeTable(dir, 'fill-rates', FILL_RATE_COLUMNS, fillRateRows(input.types)),
    editors: await writeTable(
      dir,
      'editors',
      ['editorAlias', 'items', 'values', 'blockValues', 'types', 'properties', 'blockProperties'],
      input.editors.map((e) => ({ ...e })),
    ),
    'broken-references': await writeTable(
      dir,
      'broken-references',
      ['fromKind', 'fromKey', 'fromName', 'property', 'cultures', 'raw', 'via', 'path'],
      (async function* () {
        for await (const b of input.broken) yield { ...b };
      })(),
    ),
    'orphan-media': await writeTable(
      dir,
      'orphan-media',
      ['id', 'key', 'name', 'type', 'path', 'file', 'extension', 'bytes'],
      input.orphans.map((o) => ({ ...o })),
    ),
    'culture-coverage': await writeTable(
      dir,
      'culture-coverage',
      ['key', 'name', 'type', 'path', 'variant', 'languages', ...languages],
      coverageRows(lookup, languages),
    ),
  };
}
