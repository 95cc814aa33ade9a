/** What the Changes pages and their downloads need: the tables, their links, and the files to write. */
import { itemHref, typeHref } from '../site-paths.ts';
import { csvRow } from '../csv.ts';
import { listChangeTables, type ChangeRow, type ChangeTable } from './change-tables.ts';
import { loadChanges } from './site-changes.ts';

/** Rows shown on a table's page; the downloads hold all of them. */
export const PAGE_ROWS = 500;
export const FULL_LIST_FILE = 'changes.json';

export const rowHref = ({ link }: ChangeRow): string =>
  link.kind === 'type' ? typeHref(link.key) : itemHref(link.kind, link.key);

export async function listTables(): Promise<ChangeTable[]> {
  const diff = await loadChanges();
  return diff === undefined ? [] : listChangeTables(diff);
}

export async function getTable(name: string): Promise<ChangeTable> {
  const table = (await listTables()).find((t) => t.name === name);
  if (table === undefined) throw new Error(`no change table ${name}`);
  return table;
}

export function tableCsv(table: ChangeTable): string {
  return `\uFEFF${csvRow(table.columns)}${table.rows.map((row) => csvRow(row.cells)).join('')}`;
}

export function tableJson(table: ChangeTable): string {
  const named = table.rows.map((row) =>
    Object.fromEntries(table.columns.map((column, i) => [column || 'value', row.cells[i] ?? null])),
  );
  return JSON.stringify(named, null, 1);
}
