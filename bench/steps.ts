/**
 * One build step per process, so the benchmark can time each and account its peak memory on its own:
 *   node bench/steps.ts site-data <snapshotDir> <siteDataDir>
 *   node bench/steps.ts astro <snapshotDir> <siteDataDir> <outDir> <cacheDir>
 *   node bench/steps.ts search <siteDataDir> <outDir> [shardSize]   (the Pagefind index and the exact-lookup shards)
 *   node bench/steps.ts render <snapshotDir> <siteDataDir> <outDir> <cacheDir> [search-after-astro|side-by-side]
 *     [astro-item-pages] [engine=pagefind|words]   (both side by side, as the build runs them, or one after the
 *     other; item pages by the item page writer, or all through Astro; the search index of --search-engine)
 *   node bench/steps.ts sqlite <snapshotDir> <siteDataDir> <outDir>   (downloads/snapshot.sqlite, docs/sqlite.md)
 * The same functions `npm run build` calls; each prints one JSON line with its own figures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runAstroBuild } from '../scripts/pipeline/astro-step.ts';
import { chooseSearchEngine, loadBuildConfig } from '../scripts/pipeline/build-config.ts';
import { writeLookupFiles } from '../src/lib/site-data/derive/lookup-files.ts';
import { prepareSiteData } from '../src/lib/site-data/derive/prepare-site-data.ts';
import { readSiteNodes } from '../src/lib/site-data/site-nodes.ts';
import { writeDecisions } from '../src/lib/site-data/derive/decisions-data.ts';
import { buildSearchIndex } from '../scripts/pipeline/search-index.ts';
import { renderAndIndex } from '../scripts/pipeline/render-step.ts';
import { writeSnapshotSqlite } from '../scripts/pipeline/sqlite/sqlite-export.ts';
import { writeDraftChanges } from '../scripts/pipeline/drafts-step.ts';
import { SITE_DATA_FILES, type SiteDataMeta } from '../src/lib/site-data/site-data-format.ts';

const [step, ...args] = process.argv.slice(2);

async function run(): Promise<unknown> {
  switch (step) {
    case 'site-data': {
      const [snapshotDir, siteDataDir] = args as [string, string];
      const summary = await prepareSiteData(snapshotDir, siteDataDir);
      // As the build does: each pending draft against its published item, which the drafts' pages show.
      const draftsStarted = Date.now();
      const drafts = await writeDraftChanges(snapshotDir, siteDataDir);
      const draftsMillis = Date.now() - draftsStarted;
      // As the build does without --decisions: every item undecided, so the Decisions pages and downloads exist.
      await writeDecisions(siteDataDir);
      return {
        millis: summary.millis,
        drafts,
        draftsMillis,
        auditMillis: summary.auditMillis,
        diagramsMillis: summary.diagrams.millis,
        counts: summary.meta.counts,
      };
    }
    case 'astro': {
      const [snapshotDir, siteDataDir, outDir, cacheDir] = args as [string, string, string, string];
      const { config, problems } = loadBuildConfig(
        ['--snapshot', snapshotDir, '--out', outDir, '--cache', cacheDir, '--quiet'],
        process.env,
        process.cwd(),
      );
      if (!config) throw new Error(problems.join('; '));
      return await runAstroBuild(config, snapshotDir, siteDataDir, process.env, (t) => process.stderr.write(t));
    }
    case 'render': {
      const [snapshotDir, siteDataDir, outDir, cacheDir, ...options] = args as [
        string,
        string,
        string,
        string,
        ...string[],
      ];
      const engine = options.find((o) => o.startsWith('engine='))?.slice('engine='.length) ?? 'auto';
      const { config, problems } = loadBuildConfig(
        [
          ...['--snapshot', snapshotDir, '--out', outDir, '--cache', cacheDir, '--quiet'],
          ...(options.includes('search-after-astro') ? ['--search-after-astro'] : []),
          ...(options.includes('astro-item-pages') ? ['--astro-item-pages'] : []),
          ...['--search-engine', engine],
        ],
        process.env,
        process.cwd(),
      );
      if (!config) throw new Error(problems.join('; '));
      // As the build renders by default: every item page, no inputs recorded (--take-unchanged: incremental-bench.ts).
      const meta = JSON.parse(readFileSync(path.join(siteDataDir, SITE_DATA_FILES.meta), 'utf8')) as SiteDataMeta;
      const chosen = chooseSearchEngine(config, meta.counts.searchRecords);
      const summary = await renderAndIndex(chosen, snapshotDir, siteDataDir, outDir, process.env, (t) =>
        process.stderr.write(t),
      );
      return {
        millis: summary.millis,
        engine: chosen.searchEngine,
        pagesMillis: summary.pages.millis,
        astroMillis: summary.pages.astroMillis,
        itemPages: summary.pages.itemPages,
        searchMillis: summary.search?.millis,
        records: summary.search?.records,
        bundles: summary.search?.bundles.length,
        lookupShards: summary.lookup?.shards,
      };
    }
    case 'search': {
      const [siteDataDir, outDir, shardSize] = args as [string, string, string | undefined];
      const summary = await buildSearchIndex(
        path.join(siteDataDir, SITE_DATA_FILES.search),
        outDir,
        '/',
        Number(shardSize ?? 30000),
      );
      const lookup = await writeLookupFiles(await readSiteNodes(siteDataDir), outDir);
      return {
        millis: summary.millis,
        records: summary.records,
        bundles: summary.bundles.length,
        lookupShards: lookup.shards,
        largestLookupShardBytes: lookup.largestShardBytes,
      };
    }
    case 'sqlite': {
      const [snapshotDir, siteDataDir, outDir] = args as [string, string, string];
      return await writeSnapshotSqlite(snapshotDir, siteDataDir, outDir, { title: 'bench', snapshotAt: 'bench' });
    }
    default:
      throw new Error(`unknown step '${step}': site-data, astro, search, render or sqlite`);
  }
}

try {
  process.stdout.write(`${JSON.stringify(await run())}\n`);
} catch (error) {
  process.stderr.write(`bench step ${step}: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
