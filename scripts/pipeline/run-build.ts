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
import { recoverFolderSwap, stagingFolder, swapIntoPlace } from '../core/folder-swap.ts';
import { SnapshotDamagedError } from '../core/snapshot-verify.ts';
import { describeChangeCounts } from '../core/diff-format.ts';
import { writeChanges } from './changes-step.ts';
import { describeMapping, writeMapping } from './mapping-step.ts';
import { writeDraftChanges } from './drafts-step.ts';
import { loadBuildConfig, type BuildConfig } from './build-config.ts';
import { BUILD_FLAGS } from './build-flags.ts';
import { BUILD_EXIT_CODES, BuildError, classifyFailure } from './build-errors.ts';
import { createBuildWork, keepSiteData, removeBuildWork, type BuildWork } from './build-work.ts';
import { formatBytes, measureDir } from './dir-stats.ts';
import { applyDecisions, describeDecisions } from './decisions-step.ts';
import { applyEstimate, describeEstimate } from './estimate-step.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { writePartitionManifest } from './partition-search.ts';
import { renderAndIndex } from './render-step.ts';
import { obtainSnapshot } from './snapshot-step.ts';
import { openHint } from './open-hint.ts';
import { writeSnapshotSqlite } from './sqlite/sqlite-export.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;

/** Names in a terminal line: quoted, control and direction characters escaped (they could rewrite the line). */
const quoted = (text: string): string =>
  JSON.stringify(text).replace(
    /[\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** One warning per item shown without its properties (the first 20, then how many more). */
function warnUnshown(
  items: ReadonlyArray<{ kind: string; key: string; name?: string; reason?: string; unshown?: string }>,
  err: (line: string) => void,
): void {
  for (const item of items.slice(0, 20))
    err(
      `warning: ${item.kind} item ${item.key}${item.name === undefined ? '' : ` ${quoted(item.name)}`} is shown without its properties: it ${item.reason ?? item.unshown}`,
    );
  if (items.length > 20) err(`warning: ${items.length - 20} more items are shown without their properties`);
}

/** A snapshot that fails its checksums is a bad snapshot (exit 3), not a failure of the site data. */
function siteDataError(snapshotDir: string, error: unknown): BuildError {
  if (error instanceof SnapshotDamagedError)
    return new BuildError(
      BUILD_EXIT_CODES.snapshotInvalid,
      `the snapshot at ${snapshotDir} is damaged: ${error.message}`,
    );
  // A full disk under the cache is said as such (exit 10), not as a failure of the site data.
  const classified = classifyFailure(error);
  if (classified !== undefined) return classified;
  const message = (error as Error).message?.split('\n')[0];
  return new BuildError(BUILD_EXIT_CODES.siteData, `preparing the site data failed: ${message}`, { cause: error });
}

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

/** The build as `config` says: snapshot → site data → pages beside the search index → swapped into place. */
export async function buildSite(
  config: BuildConfig,
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
): Promise<number> {
  const out = (line: string) => io.stdout.write(`${line}\n`);
  const err = (line: string) => io.stderr.write(`build: ${line}\n`);
  const progress = (line: string) => {
    if (!config.quiet) io.stderr.write(`build: ${line}\n`);
  };
  if (config.verbose) progress(`heap cap ${Math.round(getHeapStatistics().heap_size_limit / 2 ** 20)} MB`);
  // The site is built beside dist/ (inside it when dist/ is a mount point) and swapped in whole: a failed build leaves
  // the previous site as it was.
  let staging: string | undefined;
  let work: BuildWork | undefined;
  try {
    await recoverFolderSwap(config.outDir);
    staging = await stagingFolder(config.outDir);
    work = await createBuildWork(config.cacheDir);
    const snapshot = await obtainSnapshot(config, env, io);
    progress(
      `snapshot ${snapshot.dir} (${snapshot.manifest.status}, ${snapshot.manifest.counts.content} content, ` +
        `${snapshot.manifest.counts.media} media)`,
    );
    io.signal?.throwIfAborted();
    const siteData = await prepareSiteData(snapshot.dir, work.siteDataDir, config).catch((error: unknown) => {
      throw siteDataError(snapshot.dir, error);
    });
    progress(`site data ready in ${seconds(siteData.millis)}`);
    warnUnshown(siteData.unshown, err);
    await writeDraftChanges(snapshot.dir, siteData.dir);
    const changes = await writeChanges(config, snapshot, siteData.dir);
    if (changes !== undefined) progress(`changes since ${changes.from.finishedAt}: ${describeChangeCounts(changes)}`);
    const mapping = await writeMapping(config, snapshot.dir, siteData.dir);
    if (mapping !== undefined) progress(describeMapping(mapping.coverage));
    const decisions = await applyDecisions(config, siteData.dir, err);
    if (config.decisionsFile !== undefined || config.rulesFile !== undefined) progress(describeDecisions(decisions));
    const estimate = await applyEstimate(config, snapshot.dir, siteData.dir, err);
    if (estimate !== undefined) progress(describeEstimate(estimate));
    await rm(staging, { recursive: true, force: true });
    io.signal?.throwIfAborted();
    const own = { ...config, cacheDir: work.dir };
    const rendered = await renderAndIndex(
      own,
      snapshot.dir,
      siteData.dir,
      staging,
      env,
      (t) => io.stderr.write(t),
      io.signal,
    );
    const { search, lookup, pages } = rendered;
    const written = pages.itemPages;
    warnUnshown(written?.unshown ?? [], err);
    progress(
      `pages done in ${seconds(pages.millis)}: astro ${seconds(pages.astroMillis)}` +
        (written ? `, then ${written.pages} item pages written in ${seconds(written.millis)}` : ''),
    );
    progress(
      `exact lookup: ${lookup.keys} keys in ${lookup.shards} shards (largest ${formatBytes(lookup.largestShardBytes)})`,
    );
    if (rendered.twins)
      progress(
        `item JSON: ${rendered.twins.files} files, ${formatBytes(rendered.twins.bytes)} in ${seconds(rendered.twins.millis)}`,
      );
    // Partitions share the site's downloads: the first one writes the SQLite file, so a merge finds one copy.
    if (config.sqlite && (config.partition === undefined || config.partition.index === 1)) {
      const sqlite = await writeSnapshotSqlite(snapshot.dir, siteData.dir, path.join(staging, 'downloads'), {
        title: config.title ?? 'CMS snapshot',
        snapshotAt: snapshot.manifest.finishedAt,
      });
      progress(`snapshot.sqlite: ${sqlite.items} items, ${formatBytes(sqlite.bytes)} in ${seconds(sqlite.millis)}`);
    }
    if (config.partition) await writePartitionManifest(staging, config.partition, search?.bundles ?? []);
    const size = await measureDir(staging);
    await swapIntoPlace(staging, config.outDir);
    await keepSiteData(work, config.cacheDir);
    const m = siteData.meta.counts;
    out(
      `build: ${size.pages} pages, ${size.files} files, ${formatBytes(size.bytes)} in ${config.outDir} ` +
        `(base ${config.base})`,
    );
    out(
      `build: ${m.content} content, ${m.media} media, ${m.contentTypes} types; ${m.references} references, ` +
        `${m.brokenReferences} broken; ${m.orphanMedia} orphan media; languages: ` +
        `${siteData.meta.languages.join(', ') || 'none'}`,
    );
    const bundles = search ? `${search.bundles.length} bundle${search.bundles.length === 1 ? '' : 's'}` : '';
    const searchTime = search ? `search ${seconds(search.millis)} (${search.records} records in ${bundles})` : '';
    out(
      `build: site data ${seconds(siteData.millis)}, pages ${seconds(pages.millis)}` +
        `${written ? ` (${written.pages} of them by the item page writer)` : ''}, ` +
        `${search ? searchTime : 'search skipped'}` +
        `${config.searchAfterAstro ? '' : `, side by side in ${seconds(rendered.millis)}`}`,
    );
    if (!config.partition) out(openHint(config.outDir, config.base, io.cwd ?? process.cwd()));
    return BUILD_EXIT_CODES.ok;
  } catch (error) {
    if (staging !== undefined) await rm(staging, { recursive: true, force: true });
    const failure = classifyFailure(error, io.signal);
    const cause = failure?.cause ?? error;
    err(failure?.message ?? `unexpected failure: ${(error as Error).message?.split('\n')[0]}`);
    if (config.verbose && cause instanceof Error) io.stderr.write(`${cause.stack}\n`);
    return failure?.exitCode ?? 1;
  } finally {
    await removeBuildWork(work);
  }
}
