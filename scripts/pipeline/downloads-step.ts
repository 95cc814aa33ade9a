/**
 * The inventories' downloads (`downloads/<inventory>.csv|json`, the model's diagram text, the orphaned decisions, the
 * mapping coverage and the estimate), copied from the site data into the site by the file system, not rendered by
 * Astro. An Astro endpoint's answer is held whole in memory before it is written: at 770,450 items these files are
 * 3.1 GB, up to 406 MB each (items.csv), and `astro build` of partition 1 grew to 4.8 GB with a 2.4 GB heap limit
 * while it passed them through. A copy (a reflink where the file system offers one) holds none of it.
 *
 * Partition 1 writes them for every partition (src/lib/partition.ts), as it does the tables' files.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { OPTIONAL_DOWNLOADS, REQUIRED_DOWNLOADS } from '../../src/lib/site-data/download-files.ts';
import { SITE_DATA_FILES } from '../../src/lib/site-data/site-data-format.ts';

export interface DownloadsSummary {
  files: number;
  bytes: number;
  millis: number;
}

/** Copies the downloads from `siteDataDir` into `outDir/downloads`; a required file that is missing is an error. */
export async function copyDownloads(siteDataDir: string, outDir: string): Promise<DownloadsSummary> {
  const started = performance.now();
  const from = path.join(siteDataDir, SITE_DATA_FILES.downloads);
  const to = path.join(outDir, 'downloads');
  await mkdir(to, { recursive: true });
  const sizeOf = (file: string) =>
    stat(path.join(from, file)).then(
      (s) => s.size,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      },
    );
  let [files, bytes] = [0, 0];
  for (const [file, required] of [
    ...REQUIRED_DOWNLOADS.map((f) => [f, true] as const),
    ...OPTIONAL_DOWNLOADS.map((f) => [f, false] as const),
  ]) {
    const size = await sizeOf(file);
    if (size === undefined) {
      if (required) throw new Error(`the site data at ${siteDataDir} has no ${SITE_DATA_FILES.downloads}/${file}`);
      continue;
    }
    await copyFile(path.join(from, file), path.join(to, file), constants.COPYFILE_FICLONE);
    files += 1;
    bytes += size;
  }
  return { files, bytes, millis: Math.round(performance.now() - started) };
}
