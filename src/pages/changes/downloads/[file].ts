import type { APIRoute } from 'astro';
import { FULL_LIST_FILE, getTable, listTables, tableCsv, tableJson } from '#site/lib/changes/change-pages.ts';
import { loadChanges } from '#site/lib/changes/site-changes.ts';
import { loadArchive, nightFileOf } from '#site/lib/changes/change-archive.ts';

export const getStaticPaths = async () => {
  const tables = await listTables();
  if (tables.length === 0) return [];
  const files = tables.flatMap((t) => [`${t.name}.csv`, `${t.name}.json`]);
  const nights = (await loadArchive()).map(nightFileOf);
  return [...files, FULL_LIST_FILE, ...nights].map((file) => ({ params: { file } }));
};

/** Each Changes table as CSV and JSON, the whole change list as the diff wrote it, and each earlier night's. */
export const GET: APIRoute = async ({ params }) => {
  const file = String(params.file);
  const night = (await loadArchive()).find((n) => nightFileOf(n) === file);
  if (night !== undefined)
    return new Response(JSON.stringify(night), { headers: { 'content-type': 'application/json' } });
  if (file === FULL_LIST_FILE)
    return new Response(JSON.stringify(await loadChanges()), { headers: { 'content-type': 'application/json' } });
  const table = await getTable(file.replace(/\.(csv|json)$/, ''));
  if (file.endsWith('.csv'))
    return new Response(tableCsv(table), { headers: { 'content-type': 'text/csv; charset=utf-8' } });
  return new Response(tableJson(table), { headers: { 'content-type': 'application/json' } });
};
