import type { APIRoute } from 'astro';
import { INVENTORY_TABLES, getInventoryTable, listTableRows } from '../../lib/tables/inventory-tables.ts';
import { encodeDeferredColumn, encodeTable } from '../../lib/tables/table-model.ts';

export const getStaticPaths = () =>
  INVENTORY_TABLES.flatMap((t) => [
    { params: { file: `${t.name}.json` } },
    ...t.columns.filter((c) => c.deferred).map((c) => ({ params: { file: `${t.name}.${c.key}.json` } })),
  ]);

/**
 * Every row of an inventory table, by column, for `src/scripts/data-table.ts` (fetched when the page loads), and
 * each deferred column in a file of its own (`<table>.<column>.json`, fetched after the table is ready).
 */
export const GET: APIRoute = async ({ params }) => {
  const [name = '', column] = String(params.file)
    .replace(/\.json$/, '')
    .split('.');
  const table = getInventoryTable(name);
  const rows = await listTableRows(name);
  const body = column === undefined ? encodeTable(table, rows) : encodeDeferredColumn(rows, column);
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
};
