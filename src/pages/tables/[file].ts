import type { APIRoute } from 'astro';
import { INVENTORY_TABLES, getInventoryTable, listTableRows } from '../../lib/tables/inventory-tables.ts';
import { encodeDeferredPieces, encodeTablePieces, streamedJson } from '../../lib/tables/table-stream.ts';
import { viewFileNames, viewFileResponse } from '../../lib/tables/table-view-files.ts';
import { findActivePartition, writesSharedFiles } from '../../lib/partition.ts';

// Partition 1 writes these for every partition (src/lib/partition.ts).
export const getStaticPaths = () =>
  !writesSharedFiles(findActivePartition())
    ? []
    : INVENTORY_TABLES.flatMap((t) => [
        { params: { file: `${t.name}.json` } },
        ...t.columns.filter((c) => c.deferred).map((c) => ({ params: { file: `${t.name}.${c.key}.json` } })),
        ...viewFileNames(t.name, t).map((file) => ({ params: { file } })),
      ]);

/**
 * Every row of an inventory table, by column, for `src/scripts/data-table.ts` (fetched when the page loads), and
 * each deferred column in a file of its own (`<table>.<column>.json`, fetched after the table is ready); a large
 * table's page reads its first view and each column's sort order first (table-view-files.ts).
 */
export const GET: APIRoute = async ({ params }) => {
  const file = String(params.file);
  const [name = '', column] = file.replace(/\.json$/, '').split('.');
  const table = getInventoryTable(name);
  const rows = await listTableRows(name);
  const viewFile = viewFileResponse(table, rows, file.slice(name.length + 1));
  if (viewFile) return viewFile;
  // In pieces, never one string: the items table is 90 MB at a million items (table-stream.ts).
  return streamedJson(column === undefined ? encodeTablePieces(table, rows) : encodeDeferredPieces(rows, column));
};
