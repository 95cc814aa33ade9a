/**
 * The build pipeline behind `npm run build`:
 * snapshot → site data → astro build beside the Pagefind index → summary.
 * `runBuild` is what tests call in-process; it returns the exit code and writes one-line messages.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import type { CliIo } from '../core/cli/cli-io.ts';
import { formatHelp } from '../core/cli/flag-help.ts';
import { hasJournal, readKeptList } from '../core/commit-journal.ts';
import { findStat, recoverFolderSwap, stagingFolder, swapIntoPlace } from '../core/folder-swap.ts';
import { commitInPlace, listSiteOnThread, placeKept, worthUpdating } from './in-place-commit.ts';
import { describeChanges, keepUnchangedTimes, type SiteChanges } from './unchanged-files.ts';
import { chooseSearchEngine, loadBuildConfig, WORD_INDEX_FROM_PAGES, type BuildConfig } from './build-config.ts';
import { BUILD_FLAGS } from './build-flags.ts';
import { BUILD_EXIT_CODES, classifyFailure } from './build-errors.ts';
import { itemPageInputsFile, itemTwinsRecordFile } from './astro-step.ts';
import { createBuildWork, keepRecord, keepSiteData, removeBuildWork, type BuildWork } from './build-work.ts';
import type { ItemPagesSummary, Reuse } from './item-pages.ts';
import { formatBytes, measureDir } from './dir-stats.ts';
import { writePartitionManifest } from './partition-search.ts';
import { writesSharedFiles } from '../../src/lib/partition.ts';
import { renderAndIndex } from './render-step.ts';
import { obtainSnapshot } from './snapshot-step.ts';
import { openHint } from './open-hint.ts';
import { stampPrepared } from './prepared-site-data.ts';
import { deriveSiteData, readPreparedSiteData, seconds, warnUnshown } from './site-data-step.ts';
import { runSqliteStep } from './sqlite-step.ts';

export async function runBuild(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
): Promise<number> {
  const out = (line: string) => io.stdout.write(`${line}\n`);
  const err = (line: string) => io.stderr.write(`build: ${line}\n`);
  if (argv.includes('--help')) {
    out(formatHelp(BUILD_FLAGS.help));
    return BUILD_EXIT_CODES.ok;
  }
  const { config, problems } = loadBuildConfig(argv, env, io.cwd ?? process.cwd());
  if (config === undefined) {
    for (const problem of problems) err(problem);
    return BUILD_EXIT_CODES.usage;
  }
  return buildSite(config, env, io);
}

type Snapshot = Awaited<ReturnType<typeof obtainSnapshot>>;

/** What a build step sees: the build's writers, its staging folder and working folder, and the snapshot. */
interface StagedRun {
  out: (line: string) => void;
  err: (line: string) => void;
  progress: (line: string) => void;
  staging: string;
  work: BuildWork;
  snapshot: Snapshot;
}

/**
 * The frame of both kinds of build: `target` is written beside itself (or inside it when it is a mount point) and
 * `body` swaps it in whole, so a failed build leaves the previous one as it was; the snapshot is obtained first, and
 * the staging and working folders are removed however it ends.
 */
async function staged(
  config: BuildConfig,
  env: Env,
  io: CliIo,
  target: string,
  body: (run: StagedRun) => Promise<number>,
): Promise<number> {
  const out = (line: string) => io.stdout.write(`${line}\n`);
  const err = (line: string) => io.stderr.write(`build: ${line}\n`);
  const progress = (line: string) => {
    if (!config.quiet) io.stderr.write(`build: ${line}\n`);
  };
  if (config.verbose) progress(`heap cap ${Math.round(getHeapStatistics().heap_size_limit / 2 ** 20)} MB`);
  let staging: string | undefined;
  let work: BuildWork | undefined;
  try {
    await recoverFolderSwap(target);
    staging = await stagingFolder(target);
    work = await createBuildWork(config.cacheDir);
    const snapshot = await obtainSnapshot(config, env, io);
    progress(
      `snapshot ${snapshot.dir} (${snapshot.manifest.status}, ${snapshot.manifest.counts.content} content, ` +
        `${snapshot.manifest.counts.media} media)`,
    );
    io.signal?.throwIfAborted();
    return await body({ out, err, progress, staging, work, snapshot });
  } catch (error) {
    // A commit under way (in-place-commit.ts) is finished by the next run, not undone: its staging folder stays.
    const committing = staging !== undefined && (await hasJournal(staging));
    if (staging !== undefined && !committing) await rm(staging, { recursive: true, force: true });
    const code = reportFailure(config, error, io, err);
    if (committing)
      err(
        `the site in ${target} was being updated in place: the next build into it finishes the update ` +
          `(its files wait in ${staging})`,
      );
    return code;
  } finally {
    await removeBuildWork(work);
  }
}

/** `--site-data-out`: the snapshot → the site data, stamped and swapped into place; no pages. */
const prepareOnly = (config: BuildConfig & { siteDataOut: string }, env: Env, io: CliIo): Promise<number> =>
  staged(config, env, io, config.siteDataOut, async ({ out, err, progress, staging, snapshot }) => {
    const siteData = await deriveSiteData(config, snapshot, staging, err, progress);
    await stampPrepared(staging, snapshot.dir, snapshot.manifest.finishedAt);
    io.signal?.throwIfAborted();
    await swapIntoPlace(staging, config.siteDataOut);
    const m = siteData.meta.counts;
    out(
      `build: site data for ${m.content} content, ${m.media} media, ${m.contentTypes} types prepared in ` +
        `${config.siteDataOut} in ${seconds(siteData.millis)}`,
    );
    out(`build: render it with --snapshot ${snapshot.dir} --site-data ${config.siteDataOut} (and --partition I/K)`);
    return BUILD_EXIT_CODES.ok;
  });

/** Taken pages that a fresh rendering did not match: the build rendered every page, and says which to report. */
function warnDiffering(written: ItemPagesSummary | undefined, err: (line: string) => void): void {
  const differing = written?.differing ?? [];
  if (differing.length === 0) return;
  const named = differing.slice(0, 5).map((d) => `${d.kind}/${d.key}`);
  err(
    `warning: ${differing.length} of ${written?.checked} item pages checked differed from the page taken from the last site ` +
      `(${named.join(', ')}${differing.length > named.length ? ', …' : ''}): their recorded inputs missed something ` +
      'they show, so every item page was rendered again. The site is right; please report it with those pages.',
  );
}

function reportFailure(config: BuildConfig, error: unknown, io: CliIo, err: (line: string) => void): number {
  const failure = classifyFailure(error, io.signal);
  const cause = failure?.cause ?? error;
  err(failure?.message ?? `unexpected failure: ${(error as Error).message?.split('\n')[0]}`);
  if (config.verbose && cause instanceof Error) io.stderr.write(`${cause.stack}\n`);
  return failure?.exitCode ?? 1;
}

type Env = Readonly<Record<string, string | undefined>>;

/** Whether `--out` holds a site this build can update in place: a folder, with its pages' inputs recorded. */
async function updatable(config: BuildConfig, inputs: string): Promise<boolean> {
  const [site, recorded] = await Promise.all([findStat(config.outDir), findStat(inputs)]);
  return site?.isDirectory() === true && recorded?.isFile() === true;
}

/** The build as `config` says: snapshot → site data → pages beside the search index → swapped into place. */
export async function buildSite(config: BuildConfig, env: Env, io: CliIo): Promise<number> {
  if (config.siteDataOut !== undefined) return prepareOnly({ ...config, siteDataOut: config.siteDataOut }, env, io);
  // The site is built beside dist/ (inside it when dist/ is a mount point) and swapped in whole, or updated in place.
  return staged(config, env, io, config.outDir, async ({ out, err, progress, staging, work, snapshot }) => {
    // Without --take-unchanged nothing is recorded, and the inputs an earlier build recorded for --out are removed
    // with the site they describe (keepRecord).
    const inputs = itemPageInputsFile(config);
    // Over a site whose pages' inputs were recorded, only what changed is put into place (in-place-commit.ts): the
    // pages and twins that stay the same are listed, not placed in the staging folder. Its files are listed from now.
    const inPlace = config.takeUnchanged && !config.renderAll && !config.partition && (await updatable(config, inputs));
    const listing = inPlace ? listSiteOnThread(config.outDir) : undefined;
    const siteData =
      config.siteDataFrom === undefined
        ? await deriveSiteData(config, snapshot, work.siteDataDir, err, progress)
        : await readPreparedSiteData(config.siteDataFrom, snapshot.dir, progress);
    await rm(staging, { recursive: true, force: true });
    io.signal?.throwIfAborted();
    // `auto` chooses the search index by the pages the site will hold, said once when it chooses the word index.
    const own = chooseSearchEngine({ ...config, cacheDir: work.dir }, siteData.meta.counts.searchRecords);
    if (config.searchEngine === 'auto' && own.searchEngine === 'words' && config.search)
      progress(
        `search: the word index, for ${siteData.meta.counts.searchRecords} pages (from ${WORD_INDEX_FROM_PAGES} ` +
          'on; --search-engine pagefind for stemming, phrases and relevance)',
      );
    const recorded = path.join(work.dir, path.basename(inputs));
    const twinsRecord = itemTwinsRecordFile(config);
    const twinsRecorded = path.join(work.dir, path.basename(twinsRecord));
    const kept = { pages: path.join(work.dir, 'kept-pages.txt'), twins: path.join(work.dir, 'kept-twins.txt') };
    const reuse: Reuse | undefined = !config.takeUnchanged
      ? undefined
      : {
          inputsOut: recorded,
          ...(config.renderAll ? {} : { previous: { dir: config.outDir, inputs }, checkEvery: config.checkTaken }),
          ...(inPlace ? { keptOut: kept.pages } : {}),
        };
    // Partition 1 writes the SQLite file with the other large shared files (src/lib/partition.ts), as soon as the
    // pages are written (render-step.ts).
    const writeSqlite =
      config.sqlite && writesSharedFiles(config.partition)
        ? async (signal: AbortSignal) => {
            const job = {
              snapshotDir: snapshot.dir,
              siteDataDir: siteData.dir,
              outDir: path.join(staging, 'downloads'),
              meta: { title: config.title ?? 'CMS snapshot', snapshotAt: snapshot.manifest.finishedAt },
            };
            const items = siteData.meta.counts.content + siteData.meta.counts.media;
            return runSqliteStep(config, job, items, env, (t) => io.stderr.write(t), signal);
          }
        : undefined;
    const rendered = await renderAndIndex(
      own,
      snapshot.dir,
      siteData.dir,
      staging,
      env,
      (t) => io.stderr.write(t),
      io.signal,
      reuse,
      writeSqlite,
      inPlace ? { live: config.outDir, keptOut: kept.twins, recorded: twinsRecord } : undefined,
      config.takeUnchanged ? twinsRecorded : undefined,
    );
    const { search, lookup, pages, sqlite } = rendered;
    const written = pages.itemPages;
    warnUnshown(written?.unshown ?? [], err);
    warnDiffering(written, err);
    progress(
      `pages done in ${seconds(pages.millis)}: astro ${seconds(pages.astroMillis)}` +
        (written ? `, then ${written.pages} item pages written in ${seconds(written.millis)}` : '') +
        (written?.taken !== undefined
          ? ` (${written.taken} of all ${written.pages + (written.hiddenPages ?? 0)} taken from the last site)`
          : ''),
    );
    if (lookup)
      progress(
        `exact lookup: ${lookup.keys} keys in ${lookup.shards} shards (largest ${formatBytes(lookup.largestShardBytes)})`,
      );
    if (rendered.twins)
      progress(
        `item JSON: ${rendered.twins.files} files, ${formatBytes(rendered.twins.bytes)} in ${seconds(rendered.twins.millis)}`,
      );
    if (rendered.downloads)
      progress(
        `downloads: ${rendered.downloads.files} files, ${formatBytes(rendered.downloads.bytes)} copied in ${seconds(rendered.downloads.millis)}`,
      );
    if (sqlite)
      progress(`snapshot.sqlite: ${sqlite.items} items, ${formatBytes(sqlite.bytes)} in ${seconds(sqlite.millis)}`);
    if (config.partition) await writePartitionManifest(staging, config.partition, search?.bundles ?? []);
    let changes: SiteChanges | undefined;
    const keptFiles = inPlace ? [...readKeptList(kept.pages), ...readKeptList(kept.twins)] : [];
    const placed = (written?.pages ?? 0) + (written?.hiddenPages ?? 0) + (rendered.twins?.files ?? 0);
    const update = inPlace && worthUpdating(keptFiles.length, placed);
    if (update) changes = await commitInPlace(staging, config.outDir, keptFiles, io.signal, listing);
    else {
      // Most of the site was written again: the files kept join it, and it is swapped in whole.
      if (inPlace) await placeKept(config.outDir, staging, keptFiles, io.signal);
      // With --keep-times the comparison's walk counts the site too: one walk, not two (2.1M files at 1M items).
      changes = config.keepTimes
        ? await keepUnchangedTimes(staging, config.outDir, { skip: staging, signal: io.signal })
        : undefined;
    }
    const size = changes?.size ?? (await measureDir(staging));
    io.signal?.throwIfAborted();
    if (!update) await swapIntoPlace(staging, config.outDir);
    await keepRecord(recorded, inputs);
    await keepRecord(twinsRecorded, twinsRecord);
    if (config.siteDataFrom === undefined) await keepSiteData(work, config.cacheDir);
    const m = siteData.meta.counts;
    out(
      `build: ${size.pages} pages, ${size.files} files, ${formatBytes(size.bytes)} in ${config.outDir} ` +
        `(base ${config.base})`,
    );
    const since = changes && describeChanges(changes, update);
    if (since !== undefined) out(`build: ${since}`);
    out(
      `build: ${m.content} content, ${m.media} media, ${m.contentTypes} types; ${m.references} references, ` +
        `${m.brokenReferences} broken; ${m.orphanMedia} orphan media; languages: ` +
        `${siteData.meta.languages.join(', ') || 'none'}`,
    );
    const bundles = search ? `${search.bundles.length} bundle${search.bundles.length === 1 ? '' : 's'}` : '';
    const searchTime = search ? `search ${seconds(search.millis)} (${search.records} records in ${bundles})` : '';
    out(
      `build: site data ${config.siteDataFrom === undefined ? seconds(siteData.millis) : 'prepared'}, pages ${seconds(pages.millis)}` +
        `${written ? ` (${written.pages} of them by the item page writer)` : ''}, ` +
        `${search ? searchTime : 'search skipped'}` +
        `${config.searchAfterAstro || config.memoryMegabytes !== undefined ? '' : `, side by side in ${seconds(rendered.millis)}`}`,
    );
    if (!config.partition) out(openHint(config.outDir, config.base, io.cwd ?? process.cwd()));
    return BUILD_EXIT_CODES.ok;
  });
}
