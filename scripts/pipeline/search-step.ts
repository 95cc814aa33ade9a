/**
 * The Pagefind index in a process of its own (`node scripts/pipeline/search-step.ts <job JSON>`). Pagefind's Node API
 * talks to its service process and never settles a call when that process dies (it panics on a full disk): in a
 * child, such a death ends the child, and the build reports it and cleans up instead of hanging. The child prints its
 * summary as one JSON line.
 */
import path from 'node:path';
import type { Partition } from '../../src/lib/partition.ts';
import type { ChosenConfig, SearchEngineName } from './build-config.ts';
import { BUILD_EXIT_CODES } from './build-errors.ts';
import { childMain, released, runJsonChild } from './child-run.ts';
import { buildPartitionSearch } from './partition-search.ts';
import { buildSearchIndex, type SearchIndexSummary } from './search-index.ts';
import { buildWordIndex } from './word-index-build.ts';

interface SearchJob {
  records: string;
  workDir: string;
  outDir: string;
  base: string;
  shardSize: number;
  engine: SearchEngineName;
  partition?: Partition;
  /** Write no bundle before the build's release (`released`): `astro build` runs beside. */
  waitForRelease?: boolean;
}

const SELF = path.join(import.meta.dirname, 'search-step.ts');

export async function runSearchStep(
  config: ChosenConfig,
  records: string,
  outDir: string,
  env: Record<string, string>,
  log: (text: string) => void,
  signal?: AbortSignal,
  release?: Promise<unknown>,
): Promise<SearchIndexSummary> {
  const job: SearchJob = {
    records,
    workDir: config.cacheDir,
    outDir,
    base: config.base,
    shardSize: config.searchShardSize,
    engine: config.searchEngine,
    ...(config.partition ? { partition: config.partition } : {}),
    ...(release ? { waitForRelease: true } : {}),
  };
  return runJsonChild<SearchIndexSummary>({
    name: 'the search index',
    script: SELF,
    job,
    env,
    failCode: BUILD_EXIT_CODES.search,
    verbose: config.verbose,
    log,
    signal,
    release,
  });
}

function runJob(job: SearchJob): Promise<SearchIndexSummary> {
  const options = job.waitForRelease ? { beforeFirstWrite: released } : {};
  // The word index holds every word's pages until it writes them (1.3 GB at 1M items): beside `astro build` it
  // starts once Astro has ended, as Pagefind writes no bundle before, and runs beside the item page writer.
  if (job.engine === 'words')
    return (options.beforeFirstWrite?.() ?? Promise.resolve()).then(() =>
      buildWordIndex(job.records, job.outDir, job.base),
    );
  return job.partition
    ? buildPartitionSearch(job.records, job.workDir, job.outDir, job.base, job.shardSize, job.partition, options)
    : buildSearchIndex(job.records, job.outDir, job.base, job.shardSize, options);
}

if (import.meta.main) await childMain('search', runJob);
