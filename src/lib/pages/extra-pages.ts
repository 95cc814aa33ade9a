/** What the extras inventory pages show above their tables: the source's status, counts, dictionary coverage. */
import type { ExtraName } from '#core/snapshot-extras.ts';
import { loadExtraRows, loadExtras } from '../site-data/load-extras.ts';
import { EXTRA_INVENTORIES, type ExtraInventoryInfo } from './extra-inventories.ts';

export interface ExtraPage {
  info: ExtraInventoryInfo;
  status: 'offered' | 'not-offered' | 'failed';
  rows: number;
  /** Dictionary only: per language, the items translated and the items missing a translation. */
  coverage?: Array<{ iso: string; translated: number; missing: number }>;
}

export async function getExtraPage(name: ExtraName): Promise<ExtraPage> {
  const extras = await loadExtras();
  const info = EXTRA_INVENTORIES.find((i) => i.name === name)!;
  const page: ExtraPage = { info, status: extras.status[name], rows: extras.counts[name] };
  if (name === 'dictionary') {
    const rows = await loadExtraRows('dictionary');
    page.coverage = extras.dictionaryLanguages.map((iso) => {
      const missing = rows.filter((r) => String(r[`value:${iso}`] ?? '').trim() === '').length;
      return { iso, translated: rows.length - missing, missing };
    });
  }
  return page;
}

/** Counts for the home page: each extra's entries, or undefined when the source did not offer it. */
export async function listExtraCounts(): Promise<Array<{ info: ExtraInventoryInfo; count: number | undefined }>> {
  const extras = await loadExtras();
  return EXTRA_INVENTORIES.map((info) => ({
    info,
    count: extras.status[info.name] === 'offered' ? extras.counts[info.name] : undefined,
  }));
}
