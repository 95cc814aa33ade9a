import type { APIRoute } from 'astro';
import { getTable, listTables } from '#site/lib/changes/change-pages.ts';
import { toDataTable } from '#site/lib/changes/change-data-tables.ts';
import { encodeTablePieces, streamedJson } from '#site/lib/tables/table-stream.ts';
import { viewFileNames, viewFileResponse } from '#site/lib/tables/table-view-files.ts';

export const getStaticPaths = async () =>
  (await listTables()).flatMap((t) =>
    [`${t.name}.json`, ...viewFileNames(t.name, toDataTable(t).spec)].map((file) => ({ params: { file } })),
  );

/**
 * Every row of a Changes table, by column, for `src/scripts/data-table.ts`, and the files a large one's page reads
 * first (its first view, each column's order: table-view-files.ts).
 */
export const GET: APIRoute = async ({ params }) => {
  const file = String(params.file);
  const at = file.indexOf('.');
  const { spec, rows } = toDataTable(await getTable(file.slice(0, at)));
  const part = file.slice(at + 1);
  if (part === 'json') return streamedJson(encodeTablePieces(spec, rows));
  return viewFileResponse(spec, rows, part) ?? new Response(`no table file ${file}`, { status: 404 });
};
