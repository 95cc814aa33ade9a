/**
 * What the Estimate page shows: the file's name and problems, and per scenario the hours in total, per type and per
 * root, each linked to the lines it sums (the page's table filtered), whose counts link to the items counted.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SCENARIOS, type EstimateTotal } from '../estimate/estimate-lines.ts';
import { ESTIMATE_META_FILE, type EstimateMeta } from '../site-data/derive/estimate-data.ts';
import { SITE_DATA_FILES } from '../site-data/site-data-format.ts';
import { getSiteEnv } from '../site-env.ts';
import { href } from '../site-paths.ts';
import { listTableRows } from '../tables/inventory-tables.ts';

export interface EstimateGroup {
  name: string;
  /** Hours per scenario, in SCENARIOS order. */
  hours: number[];
  /** The page's table filtered to the lines summed. */
  link: string;
}

export interface EstimatePage {
  meta: EstimateMeta | null;
  lines: number;
  scenarios: string[];
  total: EstimateGroup;
  byType: EstimateGroup[];
  byRoot: EstimateGroup[];
}

const filtered = (query: string) => href(`inventories/estimate/${query}`);

function groups(totals: EstimateTotal[], scope: 'type' | 'root'): EstimateGroup[] {
  const names = [...new Set(totals.filter((t) => t.scope === scope).map((t) => t.name))];
  return names.map((name) => ({
    name,
    hours: SCENARIOS.map(
      (s) => totals.find((t) => t.scope === scope && t.name === name && t.scenario === s.name)?.hours ?? 0,
    ),
    link: filtered(`?${scope}=${encodeURIComponent(name)}`),
  }));
}

let cached: Promise<EstimatePage> | undefined;

export function getEstimatePage(): Promise<EstimatePage> {
  cached ??= (async () => {
    const dir = getSiteEnv().siteDataDir;
    const metaFile = path.join(dir, ESTIMATE_META_FILE);
    const meta = existsSync(metaFile) ? (JSON.parse(await readFile(metaFile, 'utf8')) as EstimateMeta) : null;
    const totalsFile = path.join(dir, SITE_DATA_FILES.downloads, 'estimate-totals.json');
    const totals = meta ? (JSON.parse(await readFile(totalsFile, 'utf8')) as EstimateTotal[]) : [];
    const overall = SCENARIOS.map((s) => totals.find((t) => t.scope === 'total' && t.scenario === s.name)?.hours ?? 0);
    return {
      meta,
      lines: (await listTableRows('estimate')).length,
      scenarios: SCENARIOS.map((s) => s.name),
      total: { name: 'All', hours: overall, link: filtered('') },
      byType: groups(totals, 'type'),
      byRoot: groups(totals, 'root'),
    };
  })();
  return cached;
}
