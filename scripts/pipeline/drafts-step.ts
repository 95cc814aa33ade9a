/** Writes what each pending draft changes (scripts/diff/draft-diff.ts) beside the other site data. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DRAFT_CHANGES_FILE } from '../core/draft-changes.ts';
import { listDraftChanges } from '../diff/draft-diff.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';

export async function writeDraftChanges(snapshotDir: string, siteDataDir: string): Promise<number> {
  const changes = await listDraftChanges(snapshotDir).catch((error: unknown) => {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new BuildError(BUILD_EXIT_CODES.siteData, `comparing the drafts failed: ${message}`, { cause: error });
  });
  await writeFile(path.join(siteDataDir, DRAFT_CHANGES_FILE), JSON.stringify(changes));
  return changes.length;
}
