/** The extras' site data, read once per build process (see extras-format.ts). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getSiteEnv } from '../site-env.ts';
import { DRAFT_CHANGES_FILE, type DraftChanges } from '#core/draft-changes.ts';
import { EXTRAS_FILE, type ExtrasData } from './extras-format.ts';

let cached: Promise<ExtrasData> | undefined;

export function loadExtras(): Promise<ExtrasData> {
  cached ??= readFile(path.join(getSiteEnv().siteDataDir, EXTRAS_FILE), 'utf8').then(
    (text) => JSON.parse(text) as ExtrasData,
  );
  return cached;
}

let drafts: Promise<Map<string, DraftChanges>> | undefined;

/** What each draft changes, by item key; empty when the build wrote none (no drafts, or a site built without it). */
export function loadDraftChanges(): Promise<Map<string, DraftChanges>> {
  drafts ??= readFile(path.join(getSiteEnv().siteDataDir, DRAFT_CHANGES_FILE), 'utf8').then(
    (text) => new Map((JSON.parse(text) as DraftChanges[]).map((d) => [d.key, d])),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return new Map<string, DraftChanges>();
      throw error;
    },
  );
  return drafts;
}
