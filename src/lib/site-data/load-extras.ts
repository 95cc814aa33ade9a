/** The extras' site data, read once per build process (see extras-format.ts). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getSiteEnv } from '../site-env.ts';
import { DRAFT_CHANGES_FILE, openDraftChanges, type DraftChangesByKey } from '#core/draft-changes.ts';
import { EXTRAS_FILE, type ExtrasData } from './extras-format.ts';

let cached: Promise<ExtrasData> | undefined;

export function loadExtras(): Promise<ExtrasData> {
  cached ??= readFile(path.join(getSiteEnv().siteDataDir, EXTRAS_FILE), 'utf8').then(
    (text) => JSON.parse(text) as ExtrasData,
  );
  return cached;
}

let drafts: DraftChangesByKey | undefined;

/**
 * What each draft changes, by item key, read a draft at a time (core/draft-changes.ts); none when the build wrote no
 * file (no drafts, or a site built without them).
 */
export function loadDraftChanges(): DraftChangesByKey {
  drafts ??= openDraftChanges(path.join(getSiteEnv().siteDataDir, DRAFT_CHANGES_FILE));
  return drafts;
}
