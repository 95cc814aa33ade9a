import type { APIRoute } from 'astro';
import { getTable, listTables } from '#site/lib/changes/change-pages.ts';
import { toDataTable } from '#site/lib/changes/change-data-tables.ts';
import { encodeTablePieces, streamedJson } from '#site/lib/tables/table-stream.ts';

export const getStaticPaths = async () => (await listTables()).map((t) => ({ params: { file: `${t.name}.json` } }));

/** Every row of a Changes table, by column, for `src/scripts/data-table.ts`. */
export const GET: APIRoute = async ({ params }) => {
  const { spec, rows } = toDataTable(await getTable(String(params.file).replace(/\.json$/, '')));
  return streamedJson(encodeTablePieces(spec, rows));
};
