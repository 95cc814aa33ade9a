/** The extras' site data (extras-format.ts): the summary read once per build process, an inventory's rows on demand. */
import path from 'node:path';
import type { ExtraName } from '#core/snapshot-extras.ts';
import { getSiteEnv } from '../site-env.ts';
import { DRAFT_CHANGES_FILE, openDraftChanges, type DraftChangesByKey } from '#core/draft-changes.ts';
import { tableRowCheck } from '../tables/table-row-check.ts';
import { EXTRAS_FILE, extraRowsFile, extrasSummarySchema, type ExtraRow, type ExtrasSummary } from './extras-format.ts';
import { iterateSiteNdjson, readSiteJson, readSiteNdjson } from './site-data-read.ts';

let summary: Promise<ExtrasSummary> | undefined;

/** Which extras the source offered, their row counts and the dictionary's languages. */
export function loadExtras(): Promise<ExtrasSummary> {
  summary ??= readSiteJson(path.join(getSiteEnv().siteDataDir, EXTRAS_FILE), extrasSummarySchema);
  return summary;
}

/** One inventory's rows, a line at a time, each checked (a stale or edited file fails with its line). */
export function iterateExtraRows(name: ExtraName, siteDataDir = getSiteEnv().siteDataDir): AsyncGenerator<ExtraRow> {
  return iterateSiteNdjson(path.join(siteDataDir, extraRowsFile(name)), tableRowCheck);
}

/** One inventory's rows, read whole: each caller holds them only while it needs them. */
export const loadExtraRows = (name: ExtraName): Promise<ExtraRow[]> =>
  readSiteNdjson(path.join(getSiteEnv().siteDataDir, extraRowsFile(name)), tableRowCheck);

let drafts: DraftChangesByKey | undefined;

/**
 * What each draft changes, by item key, read a draft at a time (core/draft-changes.ts); none when the build wrote no
 * file (no drafts, or a site built without them).
 */
export function loadDraftChanges(): DraftChangesByKey {
  drafts ??= openDraftChanges(path.join(getSiteEnv().siteDataDir, DRAFT_CHANGES_FILE));
  return drafts;
}
