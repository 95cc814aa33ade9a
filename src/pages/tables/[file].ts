import type { APIRoute } from 'astro';
import { INVENTORY_TABLES, getInventoryTable, listTableRows } from '../../lib/tables/inventory-tables.ts';
import { encodeTable } from '../../lib/tables/table-model.ts';

export const getStaticPaths = () => INVENTORY_TABLES.map((t) => ({ params: { file: `${t.name}.json` } }));

/** Every row of an inventory table, by column, for `public/scripts/data-table.js` (fetched on first use). */
export const GET: APIRoute = async ({ params }) => {
  const name = String(params.file).replace(/\.json$/, '');
  const table = encodeTable(getInventoryTable(name), await listTableRows(name));
  return new Response(JSON.stringify(table), { headers: { 'content-type': 'application/json' } });
};
