import type { APIRoute } from 'astro';
import { INVENTORY_TABLES, getInventoryTable, listTableRows } from '../../lib/tables/inventory-tables.ts';
import { encodeDeferredPieces, encodeTablePieces, streamedJson } from '../../lib/tables/table-stream.ts';
import { encodeFirstView } from '../../lib/tables/table-first-view.ts';
import { orderFile } from '../../lib/tables/table-orders.ts';

export const getStaticPaths = () =>
  INVENTORY_TABLES.flatMap((t) => [
    { params: { file: `${t.name}.json` } },
    { params: { file: `${t.name}.first-view.json` } },
    ...t.columns.filter((c) => c.deferred).map((c) => ({ params: { file: `${t.name}.${c.key}.json` } })),
    ...t.columns.map((c) => ({ params: { file: `${t.name}.order-${c.key}.bin` } })),
  ]);

/**
 * Every row of an inventory table, by column, for `src/scripts/data-table.ts` (fetched when the page loads), and
 * each deferred column in a file of its own (`<table>.<column>.json`, fetched after the table is ready); a large
 * table's first view (`<table>.first-view.json`, table-first-view.ts) is what its page fetches first, and each
 * column's sort order (`<table>.order-<column>.bin`, table-orders.ts) what its worker fetches to sort.
 */
export const GET: APIRoute = async ({ params }) => {
  const [name = '', column] = String(params.file)
    .replace(/\.(json|bin)$/, '')
    .split('.');
  const table = getInventoryTable(name);
  const rows = await listTableRows(name);
  if (column === 'first-view') return Response.json(encodeFirstView(table, rows));
  const sorted = table.columns.find((c) => column === `order-${c.key}`);
  if (sorted) return new Response(orderFile(rows, sorted), { headers: { 'content-type': 'application/octet-stream' } });
  // In pieces, never one string: the items table is 90 MB at a million items (table-stream.ts).
  return streamedJson(column === undefined ? encodeTablePieces(table, rows) : encodeDeferredPieces(rows, column));
};
