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
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';
import { endWithParent, runChild } from './child-run.ts';

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
  const stdout = await runChild({
    name: 'the exact-lookup files',
    args: [SELF, JSON.stringify(job)],
    env: heapEnv(env, withinBudget(writerHeapMegabytes(items), config.memoryMegabytes)),
    failCode: BUILD_EXIT_CODES.search,
    verbose: config.verbose,
    log,
    ...(signal ? { signal } : {}),
  });
  try {
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as LookupSummary;
  } catch {
    throw new BuildError(BUILD_EXIT_CODES.search, 'the exact-lookup files ended without their summary');
  }
}

if (import.meta.main) {
  endWithParent();
  try {
    const job = JSON.parse(process.argv[2] ?? '') as LookupJob;
    const types = await readLookupTypes(job.siteDataDir);
    const summary = await writeLookupFiles(await readSiteNodes(job.siteDataDir), job.outDir, types);
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } catch (error) {
    process.stderr.write(`lookup: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
