/** What the Changes pages and their downloads need: the tables, their links, and the files to write. */
import { csvRow } from '../csv.ts';
import { listChangeTables, type ChangeTable } from './change-tables.ts';
import { loadChanges } from './site-changes.ts';

export const FULL_LIST_FILE = 'changes.json';

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
