/**
 * The exact-lookup shards (`lookup/`, src/lib/site-data/derive/lookup-files.ts) written by a process of its own
 * (`node scripts/pipeline/lookup-step.ts <job JSON>`), with the item page writer's heap limit, within `--memory`. In
 * the build's own process they took it from 0.3 to 2.1 GB at 770,450 items, which it then kept while the SQLite export
 * ran beside it (3.4 GB together in a partition job under --memory 3G). The child prints its summary as one JSON line;
 * a failure is the search step's (exit 8), as the shards are the site's exact-lookup index.
 */
import path from 'node:path';
import { readSiteNodes } from '../../src/lib/site-data/site-nodes.ts';
import { readLookupTypes, writeLookupFiles, type LookupSummary } from '../../src/lib/site-data/derive/lookup-files.ts';
import { heapEnv, withinBudget, writerHeapMegabytes } from './astro-step.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES } from './build-errors.ts';
import { childMain, runJsonChild } from './child-run.ts';

interface LookupJob {
  siteDataDir: string;
  outDir: string;
}

const SELF = path.join(import.meta.dirname, 'lookup-step.ts');

export async function runLookupStep(
  config: BuildConfig,
  job: LookupJob,
  items: number,
  env: Readonly<Record<string, string | undefined>>,
  log: (text: string) => void,
  signal?: AbortSignal,
): Promise<LookupSummary> {
  return runJsonChild<LookupSummary>({
    name: 'the exact-lookup files',
    script: SELF,
    job,
    env: heapEnv(env, withinBudget(writerHeapMegabytes(items), config.memoryMegabytes)),
    failCode: BUILD_EXIT_CODES.search,
    verbose: config.verbose,
    log,
    signal,
  });
}

if (import.meta.main)
  await childMain('lookup', async (job: LookupJob) =>
    writeLookupFiles(await readSiteNodes(job.siteDataDir), job.outDir, await readLookupTypes(job.siteDataDir)),
  );
