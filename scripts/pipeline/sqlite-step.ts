/**
 * `downloads/snapshot.sqlite` in a process of its own (`node scripts/pipeline/sqlite-step.ts <job JSON>`), with a heap
 * limit sized like the item page writer's (it holds the node index and one item at a time) and within `--memory`.
 * Run in the build's own process, which by then had held the site data, the lookup shards and the item JSON files
 * under a heap limit of 60 % of the machine, the export of 770,450 items took that process to 3.7 GB (a partition
 * job under --memory 3G); on its own with a 2,000 MB limit it peaked at 1.3 GB. The child prints its summary as one
 * JSON line.
 */
import path from 'node:path';
import { heapEnv, withinBudget, writerHeapMegabytes } from './astro-step.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES } from './build-errors.ts';
import { childMain, runJsonChild } from './child-run.ts';
import { writeSnapshotSqlite, type SqliteSummary } from './sqlite/sqlite-export.ts';

interface SqliteJob {
  snapshotDir: string;
  siteDataDir: string;
  outDir: string;
  meta: { title: string; snapshotAt: string };
}

const SELF = path.join(import.meta.dirname, 'sqlite-step.ts');

export async function runSqliteStep(
  config: BuildConfig,
  job: SqliteJob,
  items: number,
  env: Readonly<Record<string, string | undefined>>,
  log: (text: string) => void,
  signal?: AbortSignal,
): Promise<SqliteSummary> {
  return runJsonChild<SqliteSummary>({
    name: 'the SQLite export',
    script: SELF,
    job,
    env: heapEnv(env, withinBudget(writerHeapMegabytes(items), config.memoryMegabytes)),
    failCode: BUILD_EXIT_CODES.sqlite,
    verbose: config.verbose,
    log,
    signal,
  });
}

if (import.meta.main)
  await childMain('sqlite', (job: SqliteJob) =>
    writeSnapshotSqlite(job.snapshotDir, job.siteDataDir, job.outDir, job.meta),
  );
