/**
 * A build's private working folder, `<cache>/work.tmp-<pid>`: its site data, Astro's cache and the site config live
 * there, so builds from one checkout (even with one `--cache`) never read each other's files. It is removed when the
 * build ends; a folder left by a build that was killed is removed by the next one. The site data of a build that
 * succeeded is kept as `<cache>/site-data`, swapped in whole.
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { recoverFolderSwap, swapIntoPlace } from '../core/folder-swap.ts';

export interface BuildWork {
  readonly dir: string;
  readonly siteDataDir: string;
}

const keptSiteData = (cacheDir: string): string => path.join(cacheDir, 'site-data');

export async function createBuildWork(cacheDir: string): Promise<BuildWork> {
  const base = path.join(cacheDir, 'work');
  await recoverFolderSwap(base);
  await recoverFolderSwap(keptSiteData(cacheDir));
  const dir = `${base}.tmp-${process.pid}`;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return { dir, siteDataDir: path.join(dir, 'site-data') };
}

export async function keepSiteData(work: BuildWork, cacheDir: string): Promise<void> {
  await swapIntoPlace(work.siteDataDir, keptSiteData(cacheDir));
}

/**
 * The item pages' inputs the writer recorded (item-page-reuse.ts), or the JSON twins' record (item-json-files.ts),
 * moved beside the snapshot once the site they describe is in place; none (the pages rendered by Astro, a build
 * without --take-unchanged): the last ones are removed, they describe no file now.
 */
export async function keepRecord(recorded: string, kept: string): Promise<void> {
  try {
    await rename(recorded, kept);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await rm(kept, { force: true });
  }
}

export async function removeBuildWork(work: BuildWork | undefined): Promise<void> {
  if (work !== undefined) await rm(work.dir, { recursive: true, force: true });
}
