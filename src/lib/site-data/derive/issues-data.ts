/**
 * Writes the issues overview (`issues.ndjson`, `downloads/issues.csv|json`) and the external-links downloads (from
 * `external-links.ndjson`, streamed) after the pass. The exact copies are counted from the content audit's rows.
 */
import path from 'node:path';
import { z } from 'zod';
import { iterateNdjson } from '#core/snapshot-format.ts';
import { SITE_DATA_FILES } from '../site-data-format.ts';
import { EXTERNAL_LINK_COLUMNS, externalLinkRowSchema } from './external-links.ts';
import { writeTable } from './inventory-downloads.ts';
import { ISSUE_COLUMNS, listIssues, type IssueInput } from './issue-rows.ts';
import { createLineWriter } from './line-writer.ts';

const anyRow = z.record(z.string(), z.unknown());

async function countExactCopies(auditFile: string): Promise<number> {
  let count = 0;
  for await (const row of iterateNdjson(auditFile, anyRow)) if (typeof row.duplicateOf === 'string') count += 1;
  return count;
}

export async function writeIssues(outDir: string, input: Omit<IssueInput, 'exactCopies'>): Promise<number> {
  const file = (name: string) => path.join(outDir, name);
  const downloads = file(SITE_DATA_FILES.downloads);
  const links = iterateNdjson(file(SITE_DATA_FILES.externalLinks), externalLinkRowSchema);
  await writeTable(downloads, 'external-links', EXTERNAL_LINK_COLUMNS, links);
  const rows = await listIssues({ ...input, exactCopies: await countExactCopies(file(SITE_DATA_FILES.audit)) });
  const out = createLineWriter(file(SITE_DATA_FILES.issues));
  for (const row of rows) await out.write(`${JSON.stringify(row)}\n`);
  await out.close();
  return writeTable(downloads, 'issues', ISSUE_COLUMNS, rows);
}
