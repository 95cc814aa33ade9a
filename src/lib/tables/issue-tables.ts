/** The interactive tables of the issues overview and the external-links inventory, over their site-data rows. */
import { SITE_DATA_FILES } from '../site-data/site-data-format.ts';
import type { InventoryTable } from './inventory-tables.ts';
import { col, readSiteTable } from './site-table.ts';

export const ISSUE_TABLE: InventoryTable = {
  name: 'issues',
  title: 'Issues',
  columns: [
    col('severity', 'Severity', 'code', { facet: true, cellAttr: 'severity' }),
    col('problem', 'Problem', 'text', { facet: true }),
    col('subject', 'Where', 'code', { link: '{link}' }),
    col('count', 'Count', 'num'),
    col('detail', 'Detail'),
    col('why', 'Why it matters', 'text', { hidden: true }),
    col('link', 'Rows', 'code', { hidden: true }),
  ],
  listRows: (data) => readSiteTable(data, SITE_DATA_FILES.issues),
};

export const EXTERNAL_LINK_TABLE: InventoryTable = {
  name: 'external-links',
  title: 'External links',
  columns: [
    col('host', 'Host', 'code', { facet: true }),
    col('url', 'URL', 'code'),
    col('name', 'Item', 'text', { link: '{kind}/{key}/' }),
    col('type', 'Type', 'code', { facet: true }),
    col('property', 'Property', 'code', { facet: true }),
    col('languages', 'Languages', 'code', { facet: true }),
    col('kind', 'Kind', 'code', { hidden: true }),
    col('key', 'Key', 'code', { deferred: true }),
  ],
  listRows: (data) => readSiteTable(data, SITE_DATA_FILES.externalLinks),
};
