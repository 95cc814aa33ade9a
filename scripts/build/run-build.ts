/**
 * The build pipeline behind `npm run build`:
 * snapshot → site data → astro build beside the Pagefind index → summary.
 * `runBuild` is what tests call in-process; it returns the exit code and writes one-line messages.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { CliIo } from '../commands/snapshot-cli.ts';
import { recoverFolderSwap, swapIntoPlace } from '../core/folder-swap.ts';
import { describeChangeCounts } from '../core/diff-format.ts';
import { writeChanges } from './changes-step.ts';
import { writeDraftChanges } from './drafts-step.ts';
import { BUILD_USAGE, loadBuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';
import { formatBytes, measureDir } from './dir-stats.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { writePartitionManifest } from './partition-search.ts';
import { renderAndIndex } from './render-step.ts';
import { obtainSnapshot } from './snapshot-step.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;

export async function runBuild(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
): Promise<number> {
  const out = (line: string) => io.stdout.write(`${line}\n`);
  const err = (line: string) => io.stderr.write(`build: ${line}\n`);
  if (argv.includes('--help')) {
    out(BUILD_USAGE);
    return BUILD_EXIT_CODES.ok;
  }
  const { config, problems } = loadBuildConfig(argv, env, io.cwd ?? process.cwd());
  if (config === undefined) {
    for (const problem of problems) err(problem);
    return BUILD_EXIT_CODES.usage;
  }
  const progress = (line: string) => {
    if (!config.quiet) io.stderr.write(`build: ${line}\n`);
  };
  // The site is built beside dist/ and swapped in whole: a failed build leaves the previous site as it was.
  const staging = `${config.outDir}.tmp-${process.pid}`;
  try {
    await recoverFolderSwap(config.outDir);
    const snapshot = await obtainSnapshot(config, env, io);
    progress(
      `snapshot ${snapshot.dir} (${snapshot.manifest.status}, ${snapshot.manifest.counts.content} content, ` +
        `${snapshot.manifest.counts.media} media)`,
    );
    const siteData = await prepareSiteData(snapshot.dir, path.join(config.cacheDir, 'site-data')).catch(
      (error: unknown) => {
        throw new BuildError(
          BUILD_EXIT_CODES.siteData,
          `preparing the site data failed: ${(error as Error).message?.split('\n')[0]}`,
          { cause: error },
        );
      },
    );
    progress(`site data ready in ${seconds(siteData.millis)}`);
    await writeDraftChanges(snapshot.dir, siteData.dir);
    const changes = await writeChanges(config, snapshot, siteData.dir);
    if (changes !== undefined) progress(`changes since ${changes.from.finishedAt}: ${describeChangeCounts(changes)}`);
    await rm(staging, { recursive: true, force: true });
    const rendered = await renderAndIndex(config, snapshot.dir, siteData.dir, staging, env, (text) =>
      io.stderr.write(text),
    );
    const { search, lookup, pages } = rendered;
    const written = pages.itemPages;
    progress(
      `pages done in ${seconds(pages.millis)}: astro ${seconds(pages.astroMillis)}` +
        (written ? `, then ${written.pages} item pages written in ${seconds(written.millis)}` : ''),
    );
    progress(
      `exact lookup: ${lookup.keys} keys in ${lookup.shards} shards (largest ${formatBytes(lookup.largestShardBytes)})`,
    );
    if (config.partition) await writePartitionManifest(staging, config.partition, search?.bundles ?? []);
    const size = await measureDir(staging);
    await swapIntoPlace(staging, config.outDir);
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
    return BUILD_EXIT_CODES.ok;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (error instanceof BuildError) {
      err(error.message);
      if (config.verbose && error.cause instanceof Error) io.stderr.write(`${error.cause.stack}\n`);
      return error.exitCode;
    }
    err(`unexpected failure: ${(error as Error).message?.split('\n')[0]}`);
    if (config.verbose && error instanceof Error) io.stderr.write(`${error.stack}\n`);
    return 1;
  }
}
