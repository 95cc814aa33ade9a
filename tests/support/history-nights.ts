/**
 * Simulated nights over a copy of a shared database: a crawl kept with `--history --keep N`, as a nightly job runs
 * it, and edits made with SQL between nights. The schema guide (§2) places a document's published values in the rows
 * of its published version.
 */
import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';

/** The published version of the document whose node id is the parameter. */
export const PUBLISHED_VERSION = `SELECT v.id FROM umbracoContentVersion v
  JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published = 1 WHERE v.nodeId = ?`;
/** Appends the first parameter to the published, invariant bodyText of the document whose node id is the second. */
export const APPEND_TO_BODY = `UPDATE umbracoPropertyData SET textValue = textValue || ?
  WHERE versionId IN (${PUBLISHED_VERSION}) AND languageId IS NULL
  AND propertyTypeId IN (SELECT id FROM cmsPropertyType WHERE Alias = 'bodyText')`;

export interface Nights {
  /** The database to crawl; edit it between nights. */
  db: string;
  out: string;
  history: string;
  keep: number;
}

/** One night's crawl of `source` (the nights' database unless a red night names another); its exit code. */
export async function crawlNight(nights: Nights, source = nights.db): Promise<number> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const args = ['--quiet', '--db', source, '--out', nights.out, '--history', nights.history];
  const code = await runSnapshotCli([...args, '--keep', String(nights.keep)], {}, { stdout: sink, stderr: sink });
  if (source === nights.db) assert.equal(code, 0, output);
  return code;
}

/** Edits the nights' database with SQL, closed afterwards. */
export function editDatabase(nights: Nights, change: (db: DatabaseSync) => void): void {
  const db = new DatabaseSync(nights.db);
  try {
    change(db);
  } finally {
    db.close();
  }
}
