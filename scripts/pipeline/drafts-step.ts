/** Writes what each pending draft changes (scripts/diff/draft-diff.ts) beside the other site data. */
import path from 'node:path';
import { DRAFT_CHANGES_FILE } from '../core/draft-changes.ts';
import { iterateDraftChanges } from '../diff/draft-diff.ts';
import { createLineWriter } from '../../src/lib/site-data/derive/line-writer.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';

/** Characters of JSON gathered before a write. */
const WRITE_CHARS = 1 << 16;

const compareFailed = (error: unknown): BuildError => {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  return new BuildError(BUILD_EXIT_CODES.siteData, `comparing the drafts failed: ${message}`, { cause: error });
};

/**
 * The drafts' changes, one JSON line a draft (core/draft-changes.ts), written a few thousand at a time. A failure to
 * compare is the site data's (exit 6); a failure to write (a full disk) is thrown as it is.
 */
export async function writeDraftChanges(snapshotDir: string, siteDataDir: string): Promise<number> {
  const changes = iterateDraftChanges(snapshotDir);
  const out = createLineWriter(path.join(siteDataDir, DRAFT_CHANGES_FILE));
  let count = 0;
  let gathered = '';
  try {
    for (;;) {
      const next = await changes.next().catch((error: unknown) => {
        throw compareFailed(error);
      });
      if (next.done === true) break;
      gathered += `${JSON.stringify(next.value)}\n`;
      count += 1;
      if (gathered.length >= WRITE_CHARS) {
        await out.write(gathered);
        gathered = '';
      }
    }
    await out.write(gathered);
  } finally {
    await changes.return(undefined);
    await out.close();
  }
  return count;
}
