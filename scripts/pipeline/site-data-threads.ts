/**
 * Work of the site-data step that needs nothing of the site data, run on threads of their own so it goes side by side
 * with the pass over the items (one thread's work) instead of after it: tonight's comparison with the last snapshot
 * (`diffSnapshots`) and the pending drafts' changes (`writeDraftChanges`). Each is the code the step ran before,
 * unchanged: a comparison's answer is cloned back whole, and errors keep their kind (a snapshot that cannot be
 * compared is still exit 3, a draft that cannot be compared exit 6, a full disk exit 10).
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { SnapshotDiff } from '../core/diff-format.ts';
import { diffSnapshots, SnapshotUnusableError, type CompareSnapshots } from '../diff/diff-snapshots.ts';
import { BuildError, type BuildExitCode } from './build-errors.ts';
import { writeDraftChanges } from './drafts-step.ts';

export interface SiteDataThreads {
  /** `diffSnapshots(fromDir, toDir)`, on a thread of its own. */
  compare: CompareSnapshots;
  /** `writeDraftChanges(snapshotDir, dir)`, on a thread of its own: the drafts' changes written into `dir`. */
  draftChanges(snapshotDir: string, dir: string): Promise<number>;
  /** Ends the work still under way (the build failed, or no longer needs it): its promises reject. */
  stop(): Promise<void>;
}

type Job =
  | { siteDataThread: true; compare: { fromDir: string; toDir: string } }
  | { siteDataThread: true; drafts: { snapshotDir: string; dir: string } };

interface Failure {
  message: string;
  unusable?: true;
  exitCode?: BuildExitCode;
  code?: string;
}

type Answer = { done: unknown } | { failed: Failure };

function errorOf(failed: Failure): Error {
  const error = failed.unusable
    ? new SnapshotUnusableError(failed.message)
    : failed.exitCode !== undefined
      ? new BuildError(failed.exitCode, failed.message)
      : new Error(failed.message);
  return failed.code === undefined ? error : Object.assign(error, { code: failed.code });
}

export function startSiteDataThreads(): SiteDataThreads {
  const running = new Set<Worker>();
  const stopped = new WeakSet<Worker>();
  const run = <T>(job: Job, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: job });
      running.add(worker);
      let answered = false;
      worker.once('message', (message: Answer) => {
        answered = true;
        if ('done' in message) resolve(message.done as T);
        else reject(errorOf(message.failed));
      });
      worker.once('error', (error) => {
        answered = true;
        reject(new Error(`${what}'s thread failed: ${error.message.split('\n')[0]}`, { cause: error }));
      });
      worker.once('exit', (code) => {
        running.delete(worker);
        if (answered) return;
        const why = stopped.has(worker) ? 'was stopped' : `ended (exit ${code})`;
        reject(new Error(`${what}'s thread ${why} before its answer`));
      });
    });
  return {
    compare: (fromDir, toDir) =>
      run<SnapshotDiff>({ siteDataThread: true, compare: { fromDir, toDir } }, 'the comparison'),
    draftChanges: (snapshotDir, dir) =>
      run<number>({ siteDataThread: true, drafts: { snapshotDir, dir } }, "the drafts' comparison"),
    async stop() {
      for (const worker of running) stopped.add(worker);
      await Promise.all([...running].map((worker) => worker.terminate()));
    },
  };
}

const isJob = (data: unknown): data is Job =>
  typeof data === 'object' && data !== null && (data as Partial<Job>).siteDataThread === true;

function failureOf(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return {
    message,
    ...(error instanceof SnapshotUnusableError ? { unusable: true as const } : {}),
    ...(error instanceof BuildError ? { exitCode: error.exitCode } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

if (!isMainThread && parentPort !== null && isJob(workerData)) {
  const port = parentPort;
  const job = workerData;
  const work: Promise<unknown> =
    'compare' in job
      ? diffSnapshots(job.compare.fromDir, job.compare.toDir)
      : writeDraftChanges(job.drafts.snapshotDir, job.drafts.dir);
  work.then(
    (done) => port.postMessage({ done } satisfies Answer),
    (error: unknown) => port.postMessage({ failed: failureOf(error) } satisfies Answer),
  );
}
