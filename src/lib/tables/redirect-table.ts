/** The Redirects inventory's table: every row of the redirect map (site-data/derive/redirect-map.ts). */
import path from 'node:path';
import { SITE_DATA_FILES, tableRowSchema } from '../site-data/site-data-format.ts';
import { readSiteNdjson } from '../site-data/site-data-read.ts';
import type { SiteData } from '../site-data/load-site-data.ts';
import type { TableColumn, TableRow } from './table-model.ts';
import type { InventoryTable } from './inventory-tables.ts';

const col = (key: string, label: string, type: TableColumn['type'] = 'text', extra: Partial<TableColumn> = {}) => ({
  key,
  label,
  type,
  ...extra,
});

export async function listRedirects(data: SiteData): Promise<TableRow[]> {
  return readSiteNdjson(path.join(data.env.siteDataDir, SITE_DATA_FILES.redirects), tableRowSchema);
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
