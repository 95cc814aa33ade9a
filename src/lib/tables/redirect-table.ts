/** The Redirects inventory's table: every row of the redirect map (site-data/derive/redirect-map.ts). */
import { SITE_DATA_FILES } from '../site-data/site-data-format.ts';
import type { SiteData } from '../site-data/load-site-data.ts';
import type { TableRow } from './table-model.ts';
import { col, readSiteTable } from './site-table.ts';
import type { InventoryTable } from './inventory-tables.ts';

export async function listRedirects(data: SiteData): Promise<TableRow[]> {
  return readSiteTable(data, SITE_DATA_FILES.redirects);
}

export const REDIRECT_TABLE: InventoryTable = {
  name: 'redirects',
  title: 'Redirect map',
  columns: [
    col('old_url', 'Old URL', 'code'),
    col('culture', 'Language', 'code', { facet: true }),
    col('source', 'Source', 'code', { facet: true }),
    col('status', 'Status', 'num', { facet: true }),
    col('name', 'Item', 'text', { link: '{itemLink}' }),
    col('type', 'Type', 'code', { facet: true }),
    col('current_url', 'URL now', 'code'),
    col('target_url', 'Target', 'code'),
    col('note', 'Note'),
    col('key', 'Key', 'code', { deferred: true }),
    col('itemLink', 'Item page', 'code', { hidden: true }),
  ],
  listRows: async (data) =>
    (await listRedirects(data)).map((r) => ({ ...r, itemLink: r.status === 301 ? `content/${String(r.key)}/` : '' })),
};
