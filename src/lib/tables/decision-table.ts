/** The Decisions inventory's table: every item with its effective disposition (site-data/derive/decision-rows.ts). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SITE_DATA_FILES } from '../site-data/site-data-format.ts';
import { tableRowCheck } from './table-row-check.ts';
import { iterateSiteNdjson } from '../site-data/site-data-read.ts';
import type { SiteData } from '../site-data/load-site-data.ts';
import type { TableRow } from './table-model.ts';
import { col } from './site-table.ts';
import type { InventoryTable } from './inventory-tables.ts';

/** Every item's decision row, streamed; none when the site data was prepared without the build's decisions step. */
export async function* iterateDecisionRows(siteDataDir: string): AsyncGenerator<TableRow> {
  const file = path.join(siteDataDir, SITE_DATA_FILES.decisions);
  if (existsSync(file)) yield* iterateSiteNdjson(file, tableRowCheck);
}

async function listDecisionRows(data: SiteData): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  for await (const row of iterateDecisionRows(data.env.siteDataDir)) rows.push(row);
  return rows;
}

/** Each item's effective disposition (the items table's column and facet: "this view" exports a worklist). */
export async function readDispositions(data: SiteData): Promise<Map<string, string>> {
  const dispositions = new Map<string, string>();
  for await (const r of iterateDecisionRows(data.env.siteDataDir))
    dispositions.set(String(r.key), String(r.disposition));
  return dispositions;
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
