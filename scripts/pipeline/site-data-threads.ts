/**
 * Work of the site-data step that needs nothing of the site data, run on threads of their own so it goes side by side
 * with the pass over the items (one thread's work) instead of after it: tonight's comparison with the last snapshot
 * (`diffSnapshots`) and the pending drafts' changes (`writeDraftChanges`). Each is the code the step ran before,
 * unchanged: a comparison's answer is cloned back whole, and errors keep their kind (a snapshot that cannot be
 * compared is still exit 3, a draft that cannot be compared exit 6, a full disk exit 10).
 */
import { answerOnThread, plainError, runOnThread, type ThreadFailure, type ThreadRun } from '../core/thread-job.ts';
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

const COMPARE = 'site-data compare';
const DRAFTS = 'site-data drafts';

/** A failure as the error of its kind: exit 3 for a snapshot that cannot be compared, a build error's own code. */
function revive(failure: ThreadFailure): Error {
  if (failure.name === 'SnapshotUnusableError') return new SnapshotUnusableError(failure.message);
  if (failure.exitCode === undefined) return plainError(failure);
  const error = new BuildError(failure.exitCode as BuildExitCode, failure.message);
  return failure.code === undefined ? error : Object.assign(error, { code: failure.code });
}

export function startSiteDataThreads(): SiteDataThreads {
  const running = new Set<ThreadRun<unknown>>();
  const run = <T>(name: string, job: unknown, what: string): Promise<T> => {
    const thread = runOnThread<T>(import.meta.url, name, job, what, { revive });
    running.add(thread);
    const forget = () => running.delete(thread);
    thread.answer.then(forget, forget);
    return thread.answer;
  };
  return {
    compare: (fromDir, toDir) => run<SnapshotDiff>(COMPARE, { fromDir, toDir }, 'the comparison'),
    draftChanges: (snapshotDir, dir) => run<number>(DRAFTS, { snapshotDir, dir }, "the drafts' comparison"),
    async stop() {
      await Promise.all([...running].map((thread) => thread.stop()));
    },
  };
}

answerOnThread(COMPARE, (job: { fromDir: string; toDir: string }) => diffSnapshots(job.fromDir, job.toDir));
answerOnThread(DRAFTS, (job: { snapshotDir: string; dir: string }) => writeDraftChanges(job.snapshotDir, job.dir));
