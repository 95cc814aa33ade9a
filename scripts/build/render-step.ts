/**
 * Rendering and indexing side by side: `astro build`, then the item page writer, render on one core while the Pagefind
 * index and the exact-lookup files are built from the site data on the other. The index goes to a folder of its own
 * beside the output (Astro owns its output folder while it runs) and is moved in once both are done.
 *
 * They overlap by default; `--search-after-astro` runs them one after the other, for machines where the memory of
 * both at once (at 100k items about 0.6 GB for the pages and up to 1.1 GB while Pagefind writes a bundle) does not
 * fit.
 */
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { readSiteNodes } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { writeLookupFiles, type LookupSummary } from '../../src/lib/site-data/derive/lookup-files.ts';
import { SITE_DATA_FILES } from '../../src/lib/site-data/site-data-format.ts';
import { runAstroBuild, type PagesSummary } from './astro-step.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';
import { buildPartitionSearch } from './partition-search.ts';
import { buildSearchIndex, type SearchIndexSummary } from './search-index.ts';

export interface RenderSummary {
  /** Astro, then the item page writer. */
  pages: PagesSummary;
  search?: SearchIndexSummary;
  lookup: LookupSummary;
  /** Wall time of the whole step: the longer of the two sides when they overlap. */
  millis: number;
}

async function indexSearch(config: BuildConfig, siteDataDir: string, outDir: string) {
  const records = path.join(siteDataDir, SITE_DATA_FILES.search);
  const search = config.search
    ? await (
        config.partition
          ? buildPartitionSearch(
              records,
              config.cacheDir,
              outDir,
              config.base,
              config.searchShardSize,
              config.partition,
            )
          : buildSearchIndex(records, outDir, config.base, config.searchShardSize)
      ).catch((error: unknown) => {
        if (error instanceof BuildError) throw error;
        throw new BuildError(
          BUILD_EXIT_CODES.search,
          `the search index failed: ${(error as Error).message?.split('\n')[0]}`,
          { cause: error },
        );
      })
    : undefined;
  const lookup = await writeLookupFiles(await readSiteNodes(siteDataDir), outDir);
  return { search, lookup };
}

/** Moves every entry of `from` into `to` (same file system) and removes `from`. */
async function moveInto(from: string, to: string): Promise<void> {
  for (const name of await readdir(from)) await rename(path.join(from, name), path.join(to, name));
  await rm(from, { recursive: true, force: true });
}

export async function renderAndIndex(
  config: BuildConfig,
  snapshotDir: string,
  siteDataDir: string,
  staging: string,
  env: Readonly<Record<string, string | undefined>>,
  log: (text: string) => void,
): Promise<RenderSummary> {
  const started = Date.now();
  const render = () => runAstroBuild({ ...config, outDir: staging }, snapshotDir, siteDataDir, env, log);
  if (config.searchAfterAstro) {
    const pages = await render();
    return { pages, ...(await indexSearch(config, siteDataDir, staging)), millis: Date.now() - started };
  }
  const side = `${staging}.search`;
  await rm(side, { recursive: true, force: true });
  try {
    const indexing = indexSearch(config, siteDataDir, side);
    // Both sides run to their end before either failure is reported, so no Pagefind process outlives the build.
    const [astro, index] = await Promise.allSettled([render(), indexing]);
    if (astro.status === 'rejected') throw astro.reason;
    if (index.status === 'rejected') throw index.reason;
    await moveInto(side, staging);
    return { pages: astro.value, ...index.value, millis: Date.now() - started };
  } finally {
    await rm(side, { recursive: true, force: true });
  }
}
