/**
 * The Changes tables as the inventories' interactive tables (`src/scripts/data-table.ts`): each column keyed by its
 * label, the descriptive columns (kind, type, property, language, change, editor) offered as facets, columns of numbers
 * sorted as numbers, and the first column linked to the item or type through a hidden `link` column (none for a
 * summary row). The cells are the same as in the CSV and JSON.
 */
import type { TableColumn, TableRow, TableSpec } from '../tables/table-model.ts';
import type { ChangeRow, ChangeTable } from './change-tables.ts';

const FACETS = new Set(['Kind', 'Type', 'Property', 'Language', 'Change', 'Editor', 'Element']);
const CODES = new Set(['Key', 'Alias', 'Kind', 'Type', 'Property', 'Language', 'Change', 'Editor', 'Element']);

/** `From path` → `fromPath`; an unnamed column is `value`. Unique within a table. */
const keyOf = (label: string): string =>
  label === ''
    ? 'value'
    : label
        .toLowerCase()
        .replace(/[^a-z0-9]+(.)/g, (_, next: string) => next.toUpperCase())
        .replace(/[^A-Za-z0-9]/g, '');

const linkOf = ({ link }: ChangeRow): string | null =>
  link === undefined ? null : link.kind === 'type' ? `types/${link.key}/` : `${link.kind}/${link.key}/`;

export function toDataTable(table: ChangeTable): { spec: TableSpec; rows: TableRow[] } {
  const keys = table.columns.map(keyOf);
  const columns: TableColumn[] = table.columns.map((label, index) => ({
    key: keys[index] as string,
    label: label === '' ? 'Value' : label,
    type:
      table.rows.length > 0 && table.rows.every((row) => typeof row.cells[index] === 'number')
        ? 'num'
        : CODES.has(label)
          ? 'code'
          : 'text',
    ...(FACETS.has(label) ? { facet: true } : {}),
    ...(index === 0 ? { link: '{link}' } : {}),
  }));
  columns.push({ key: 'link', label: 'Link', type: 'code', hidden: true });
  const rows = table.rows.map((row) => {
    const cells: TableRow = { link: linkOf(row) };
    row.cells.forEach((cell, index) => (cells[keys[index] as string] = cell ?? null));
    return cells;
  });
  return { spec: { name: `changes-${table.name}`, columns }, rows };
}
