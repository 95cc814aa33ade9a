/** The Decisions inventory's table: every item with its effective disposition (site-data/derive/decision-rows.ts). */
import { existsSync } from 'node:fs';
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

async function listDecisionRows(data: SiteData): Promise<TableRow[]> {
  const file = path.join(data.env.siteDataDir, SITE_DATA_FILES.decisions);
  if (!existsSync(file)) return []; // site data prepared without the build's decisions step
  return readSiteNdjson(file, tableRowSchema);
}

/** Each item's effective disposition (the items table's column and facet: "this view" exports a worklist). */
export async function readDispositions(data: SiteData): Promise<Map<string, string>> {
  return new Map((await listDecisionRows(data)).map((r) => [String(r.key), String(r.disposition)]));
}

export const DECISION_TABLE: InventoryTable = {
  name: 'decisions',
  title: 'Decisions',
  columns: [
    col('name', 'Item', 'text', { link: '{kind}/{key}/' }),
    col('kind', 'Kind', 'code', { facet: true }),
    col('type', 'Type', 'code', { facet: true }),
    col('root', 'Root', 'text', { facet: true }),
    col('disposition', 'Disposition', 'code', { facet: true }),
    col('languages', 'Languages', 'code', { facet: true }),
    col('mergeIntoName', 'Merge into', 'text', { link: 'content/{mergeIntoKey}/' }),
    col('targetType', 'Target type', 'code', { facet: true }),
    col('targetUrl', 'Target URL', 'code'),
    col('owner', 'Owner', 'text', { facet: true }),
    col('priority', 'Priority', 'text', { facet: true }),
    col('decidedAt', 'Decided', 'code'),
    col('changedSinceDecided', 'Changed since decided', 'code', { facet: true }),
    col('changedProperties', 'What changed', 'code'),
    col('changedAt', 'Seen changed', 'code'),
    col('note', 'Note'),
    col('origin', 'From', 'text'),
    col('url', 'URL', 'code'),
    col('mergeIntoKey', 'Merge into key', 'code', { hidden: true }),
    col('key', 'Key', 'code', { deferred: true }),
  ],
  listRows: listDecisionRows,
};
