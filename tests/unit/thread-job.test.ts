/**
 * One job on a thread (scripts/core/thread-job.ts): its answer comes back by structured clone (hostile keys and text
 * as they were), a failure keeps its errno code, exit code and name for the caller to raise its own kind again, and a
 * thread that exits, or is stopped, before answering rejects with a sentence naming the work.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runOnThread, type ThreadFailure } from '../../scripts/core/thread-job.ts';

const JOBS = new URL('../support/thread-jobs.ts', import.meta.url);

describe('a job on a thread', () => {
  it('answers with the clone of what the job returned', async () => {
    const job = JSON.parse('{"__proto__": {"x": 1}, "text": "a\\u202e\\u2028\\ud800b", "map": [1, 2]}') as unknown;
    const answer = await runOnThread<{ echoed: unknown }>(JOBS, 'echo', job, 'the echo').answer;
    assert.deepEqual(answer.echoed, job);
    assert.ok(Object.hasOwn(answer.echoed as object, '__proto__'), 'a key named __proto__ stays a key');
  });

  it('rejects with the message and errno code of a failure, and hands its fields to revive', async () => {
    await assert.rejects(runOnThread(JOBS, 'full disk', null, 'the writer').answer, {
      message: 'no space left on device, write',
      code: 'ENOSPC',
    });
    let seen: ThreadFailure | undefined;
    const revive = (failure: ThreadFailure) => ((seen = failure), new RangeError(`revived: ${failure.message}`));
    await assert.rejects(runOnThread(JOBS, 'full disk', null, 'the writer', { revive }).answer, {
      name: 'RangeError',
      message: 'revived: no space left on device, write',
    });
    assert.deepEqual(seen, {
      name: 'Error',
      message: 'no space left on device, write',
      code: 'ENOSPC',
      exitCode: 10,
    });
    await runOnThread(JOBS, 'named', null, 'the comparison', { revive }).answer.catch(() => {});
    assert.equal(seen?.name, 'SnapshotUnusableError');
  });

  it('says which work ended without its answer, and when it was stopped', async () => {
    await assert.rejects(runOnThread(JOBS, 'exit', null, 'the listing').answer, {
      message: "the listing's thread ended (exit 7) before its answer",
    });
    const never = runOnThread(JOBS, 'never', null, 'the comparison');
    await never.stop();
    await assert.rejects(never.answer, { message: "the comparison's thread was stopped before its answer" });
  });

  it('leaves a module that answers other jobs alone', async () => {
    // The thread runs the module, which answers no job of this name: the thread ends with nothing to do.
    await assert.rejects(runOnThread(JOBS, 'no such job', null, 'the work').answer, {
      message: "the work's thread ended (exit 0) before its answer",
    });
  });
});
