/**
 * The inputs of the redirect map that are not in the current snapshot's site data: the URLs each content item had
 * in the snapshots kept with `--history` (newest first, per language from the full items), and the map's files.
 */
import path from 'node:path';
import { listKeptSnapshots } from '#core/snapshot-history.ts';
import { getManifest, itemRecordSchema, iterateNdjson, type Manifest } from '#core/snapshot-format.ts';
import { listCultures } from '../../values/item-properties.ts';
import { SITE_DATA_FILES } from '../site-data-format.ts';
import { readSiteNdjson } from '../site-data-read.ts';
import { writeTable } from './inventory-downloads.ts';
import { createLineWriter } from './line-writer.ts';
import { readNodes } from './node-table.ts';
import {
  REDIRECT_COLUMNS,
  redirectRowSchema,
  urlsOfNode,
  type EarlierUrls,
  type ItemUrls,
  type RedirectRow,
} from './redirect-map.ts';

/** One kept snapshot's content items with their URLs per language. */
export async function readEarlierUrls(snapshotDir: string, manifest: Manifest): Promise<EarlierUrls> {
  const nodes = (await readNodes(snapshotDir)).filter((n) => n.kind === 'content');
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  const chunks = [...new Set(nodes.map((n) => n.chunk).filter((c): c is string => c !== null))].sort();
  for (const chunk of chunks) {
    for await (const record of iterateNdjson(path.join(snapshotDir, chunk), itemRecordSchema)) {
      const node = byKey.get(record.key);
      if (node === undefined || record.kind !== 'content') continue;
      const urls = listCultures(record.cultures).filter((c) => c.url !== null);
      if (urls.length > 0) node.urls = Object.fromEntries(urls.map((c) => [c.iso, c.url as string]));
    }
  }
  const items: ItemUrls[] = nodes.map((n) => ({ key: n.key, type: n.type, name: n.name, urls: urlsOfNode(n) }));
  return { finishedAt: manifest.finishedAt, items };
}

/** The snapshots kept in the history folder, newest first, leaving out the one being built. */
export async function readHistoryUrls(historyDir: string | undefined, current: Manifest): Promise<EarlierUrls[]> {
  if (historyDir === undefined) return [];
  const kept = (await listKeptSnapshots(historyDir)).filter(
    (k) => k.manifest.startedAt !== current.startedAt || k.manifest.finishedAt !== current.finishedAt,
  );
  return Promise.all(kept.map(async (k) => readEarlierUrls(k.dir, await getManifest(k.dir))));
}

/** The redirect map as written by `writeRedirectMap`. */
export const readRedirectMap = (outDir: string): Promise<RedirectRow[]> =>
  readSiteNdjson(path.join(outDir, SITE_DATA_FILES.redirects), redirectRowSchema);

/** `downloads/redirects.csv` and `.json`, and the rows the Redirects table reads. */
export async function writeRedirectMap(outDir: string, rows: RedirectRow[]): Promise<void> {
  await writeTable(path.join(outDir, SITE_DATA_FILES.downloads), 'redirects', REDIRECT_COLUMNS, rows);
  const out = createLineWriter(path.join(outDir, SITE_DATA_FILES.redirects));
  for (const row of rows) await out.write(`${JSON.stringify(row)}\n`);
  await out.close();
}
