/**
 * Jobs for tests/unit/thread-job.test.ts, answered on the thread `runOnThread` starts with this module: each job is a
 * way a thread's work can end (an answer, a failure with an errno and an exit code, a thread that exits, one that never
 * answers).
 */
import { answerOnThread } from '../../scripts/core/thread-job.ts';

answerOnThread('echo', (job: unknown) => ({ echoed: job }));
answerOnThread('full disk', async () => {
  await Promise.resolve();
  throw Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC', exitCode: 10 });
});
answerOnThread('named', () => {
  throw Object.assign(new Error('the snapshot is damaged'), { name: 'SnapshotUnusableError' });
});
answerOnThread('exit', () => process.exit(7));
answerOnThread('never', () => new Promise(() => setInterval(() => {}, 1000)));
