/**
 * The mapping workbook's type targets that are URLs (`--mapping`, its Types sheet): a type whose `target` is a path on
 * the new site or an http(s) URL sends the old URLs of its items there (a listing page taking a retired type's items).
 * A target that is a type name, as most are, is no URL and is left to the Mapping section.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAPPING_FILE } from '#core/mapping-format.ts';
import { TARGET_URL } from '../../decisions/decisions-file.ts';
import type { SiteMapping } from '../../mapping/site-mapping.ts';
import { SITE_DATA_FILES, type TypeUsage } from '../site-data-format.ts';

/** Target URL by type alias; empty without a mapping. */
export async function readTypeTargets(siteDataDir: string): Promise<Map<string, string>> {
  const text = await readFile(path.join(siteDataDir, MAPPING_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  const targets = new Map<string, string>();
  if (text === undefined) return targets;
  const mapping = JSON.parse(text) as SiteMapping;
  const types = JSON.parse(await readFile(path.join(siteDataDir, SITE_DATA_FILES.types), 'utf8')) as TypeUsage[];
  const aliasOf = new Map(types.filter((t) => t.key !== undefined).map((t) => [t.key?.toLowerCase(), t.alias]));
  for (const t of mapping.types) {
    const target = (t.answers.target ?? '').trim();
    const alias = aliasOf.get(t.key.toLowerCase());
    if (alias !== undefined && TARGET_URL.test(target)) targets.set(alias, target);
  }
  return targets;
}
