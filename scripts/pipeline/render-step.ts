/**
 * Rendering and indexing side by side: `astro build`, then the item page writer, render on one core while the Pagefind
 * index and the exact-lookup files are built from the site data on the other. The index goes to a folder of its own
 * beside the output (Astro owns its output folder while it runs) and is moved in once both are done.
 *
 * They overlap by default, though Pagefind writes its first bundle only once `astro build` has ended (below), and
 * the SQLite file (`writeSqlite`) is started as soon as the pages are written, beside what is left of the index; on a
 * night that updates the last site in place (`keepTwins`: most pages are taken) with a quick index (the word index,
 * or none), as soon as `astro build` has ended, beside the item page writer.
 * `--search-after-astro` runs them one after the other, for machines where the memory of both at once (at 100k items
 * about 0.4–0.75 GB for the pages and up to 1 GB while Pagefind writes a bundle) does not fit. `--memory` does too,
 * and bounds each process's heap (astro-step.ts).
 */
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { writesSharedFiles } from '../../src/lib/partition.ts';
import {
  writeItemJsonFilesOnThread,
  type ItemJsonSummary,
  type KeepTwins,
} from '../../src/lib/site-data/derive/item-json-files.ts';
import type { LookupSummary } from '../../src/lib/site-data/derive/lookup-files.ts';
import { SITE_DATA_FILES } from '../../src/lib/site-data/site-data-format.ts';
import { childEnv, countItems, runAstroBuild, type PagesSummary } from './astro-step.ts';
import type { Reuse } from './item-pages.ts';
import { copyDownloads, type DownloadsSummary } from './downloads-step.ts';
import type { ChosenConfig } from './build-config.ts';
import type { SearchIndexSummary } from './search-index.ts';
import type { SqliteSummary } from './sqlite/sqlite-export.ts';
import { runLookupStep } from './lookup-step.ts';
import { runSearchStep } from './search-step.ts';

export interface RenderSummary {
  /** Astro, then the item page writer. */
  pages: PagesSummary;
  search?: SearchIndexSummary;
  /** Absent in partitions after the first, which leave the shards to it. */
  lookup?: LookupSummary;
  /** The `.json` twin beside each item page (src/lib/site-data/derive/item-json-files.ts), once the pages are there. */
  twins?: ItemJsonSummary & { millis: number };
  /** The downloads copied from the site data (downloads-step.ts); absent in partitions after the first. */
  downloads?: DownloadsSummary;
  /** `downloads/snapshot.sqlite`, when the build writes it (sqlite-step.ts). */
  sqlite?: SqliteSummary;
  /** Wall time of the whole step (the SQLite file included): the longer of the two sides when they overlap. */
  millis: number;
}

async function indexSearch(
  config: ChosenConfig,
  siteDataDir: string,
  outDir: string,
  env: Record<string, string>,
  log: (text: string) => void,
  signal?: AbortSignal,
  release?: Promise<unknown>,
) {
  const records = path.join(siteDataDir, SITE_DATA_FILES.search);
  const search = config.search ? await runSearchStep(config, records, outDir, env, log, signal, release) : undefined;
  // Partition 1 writes the exact-lookup shards for every partition (src/lib/partition.ts).
  const lookup = writesSharedFiles(config.partition)
    ? await runLookupStep(config, { siteDataDir, outDir }, await countItems(siteDataDir), env, log, signal)
    : undefined;
  return { search, lookup };
}

/** Moves every entry of `from` into `to` (same file system) and removes `from`. */
async function moveInto(from: string, to: string): Promise<void> {
  for (const name of await readdir(from)) await rename(path.join(from, name), path.join(to, name));
  await rm(from, { recursive: true, force: true });
}

export async function renderAndIndex(
  config: ChosenConfig,
  snapshotDir: string,
  siteDataDir: string,
  staging: string,
  env: Readonly<Record<string, string | undefined>>,
  log: (text: string) => void,
  signal?: AbortSignal,
  reuse?: Reuse,
  writeSqlite?: (signal: AbortSignal) => Promise<SqliteSummary>,
  keepTwins?: KeepTwins,
  recordTwins?: string,
): Promise<RenderSummary> {
  const started = Date.now();
  // A failure on one side stops the other: no child outlives the build, and a full disk is reported at once.
  const sides = new AbortController();
  const stop = signal === undefined ? sides.signal : AbortSignal.any([signal, sides.signal]);
  let twins: RenderSummary['twins'];
  let downloads: RenderSummary['downloads'];
  // Side by side, Pagefind writes no bundle while `astro build` runs: at 100k items Astro holds about 0.75 GB and
  // Pagefind about 1 GB while it writes one, and the two at once made the step's peak.
  let astroEnded = () => {};
  const release = new Promise<void>((resolve) => (astroEnded = resolve));
  // Beside the item page writer, once Astro's output is in place: file writes, mostly waiting on the disk.
  const besideWriter = async () => {
    astroEnded();
    const twinsStarted = Date.now();
    const written = await writeItemJsonFilesOnThread(
      snapshotDir,
      siteDataDir,
      staging,
      config.partition,
      keepTwins,
      recordTwins,
    );
    twins = { ...written, millis: Date.now() - twinsStarted };
    if (writesSharedFiles(config.partition)) downloads = await copyDownloads(siteDataDir, staging);
  };
  const render = () =>
    runAstroBuild({ ...config, outDir: staging }, snapshotDir, siteDataDir, env, log, stop, besideWriter, reuse);
  const searchEnv = childEnv(env);
  if (config.searchAfterAstro || config.memoryMegabytes !== undefined) {
    const pages = await render();
    const indexed = await indexSearch(config, siteDataDir, staging, searchEnv, log, stop);
    const sqlite = await writeSqlite?.(stop);
    return { pages, ...indexed, twins, downloads, sqlite, millis: Date.now() - started };
  }
  const side = `${staging}.search`;
  await rm(side, { recursive: true, force: true });
  try {
    const stopOther = <T>(work: Promise<T>): Promise<T> =>
      work.catch((error: unknown) => {
        sides.abort(error);
        throw error;
      });
    const index = indexSearch(config, siteDataDir, side, searchEnv, log, stop, release);
    // On a night that updates the last site in place the item page writer takes most pages, and unless Pagefind's
    // bundles make the longer side anyway (then the file fits after the pages, with less memory at once: at 100k
    // items the night's peak was 2.7 GB with it beside the writer), the SQLite file is written beside the writer, once
    // `astro build` has ended.
    const pagefindLonger = config.search && config.searchEngine === 'pagefind';
    const pagesThenSqlite = async () => {
      if (keepTwins === undefined || writeSqlite === undefined || pagefindLonger) {
        const pages = await render();
        return { pages, sqlite: await writeSqlite?.(stop) };
      }
      // A failure of the pages stops the SQLite file at once (stopOther), before or after Astro has ended.
      const rendering = stopOther(render());
      const sqlite = Promise.race([release, rendering]).then(() => writeSqlite(stop));
      const [pages, written] = await Promise.allSettled([rendering, sqlite]);
      if (pages.status === 'rejected') throw pages.reason;
      if (written.status === 'rejected') throw written.reason;
      return { pages: pages.value, sqlite: written.value };
    };
    const [written, indexed] = await Promise.allSettled([stopOther(pagesThenSqlite()), stopOther(index)]);
    if (written.status === 'rejected' || indexed.status === 'rejected') throw firstFailure(written, indexed);
    await moveInto(side, staging);
    return { ...written.value, ...indexed.value, twins, downloads, millis: Date.now() - started };
  } finally {
    await rm(side, { recursive: true, force: true });
  }
}

/** The first failure of its own (astro's before the index's), not a side stopped because the other failed. */
function firstFailure(...sides: PromiseSettledResult<unknown>[]): unknown {
  const reasons = sides.flatMap((side) => (side.status === 'rejected' ? [side.reason as unknown] : []));
  return reasons.find((reason) => !(reason instanceof Error && reason.name === 'AbortError')) ?? reasons[0];
}
