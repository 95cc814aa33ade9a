/** The Estimate page's table: one line per rate × count (src/lib/estimate/estimate-lines.ts), each count linked. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SITE_DATA_FILES } from '../site-data/site-data-format.ts';
import type { TableRow } from './table-model.ts';
import { col } from './site-table.ts';
import type { InventoryTable } from './inventory-tables.ts';

export const ESTIMATE_TABLE: InventoryTable = {
  name: 'estimate',
  title: 'Estimate',
  columns: [
    col('type', 'Type', 'code', { facet: true }),
    col('root', 'Root', 'text', { facet: true }),
    col('disposition', 'Disposition', 'code', { facet: true }),
    col('language', 'Language version', 'code', { facet: true }),
    col('count', 'Count', 'num', { link: '{countLink}' }),
    col('rate', 'Minutes each', 'num'),
    col('rateFrom', 'Rate from', 'text'),
    col('minutes', 'Minutes', 'num'),
    col('hours', 'Hours', 'num'),
    col('kind', 'Kind', 'code', { facet: true }),
    col('countLink', 'Count link', 'code', { hidden: true }),
  ],
  listRows: async (data) => {
    const file = path.join(data.env.siteDataDir, SITE_DATA_FILES.downloads, 'estimate.json');
    if (!existsSync(file)) return []; // built without --estimate
    return JSON.parse(await readFile(file, 'utf8')) as TableRow[];
  },
};
