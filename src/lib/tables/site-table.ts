/** What the inventory table modules share: a column in one call, and a table's rows read from the site data. */
import path from 'node:path';
import type { z } from 'zod';
import type { SiteData } from '../site-data/load-site-data.ts';
import { tableRowCheck } from './table-row-check.ts';
import { readSiteNdjson } from '../site-data/site-data-read.ts';
import type { TableColumn, TableRow } from './table-model.ts';

export const col = (
  key: string,
  label: string,
  type: TableColumn['type'] = 'text',
  extra: Partial<TableColumn> = {},
): TableColumn => ({ key, label, type, ...extra });

/** Every line of the site-data file `file` (a name in SITE_DATA_FILES), table rows unless `schema` says otherwise. */
export function readSiteTable(data: SiteData, file: string): Promise<TableRow[]>;
export function readSiteTable<T>(data: SiteData, file: string, schema: z.ZodType<T>): Promise<T[]>;
export function readSiteTable<T>(data: SiteData, file: string, schema?: z.ZodType<T>): Promise<Array<T | TableRow>> {
  return readSiteNdjson<T | TableRow>(path.join(data.env.siteDataDir, file), schema ?? tableRowCheck);
}
