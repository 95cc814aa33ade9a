/**
 * One job on a thread of its own, and its one answer: the module that starts it (`runOnThread`) is the module the
 * thread runs, which answers through `answerOnThread` under the same name. A failure crosses back as its name,
 * message, errno `code` and `exitCode`, so the caller can raise the error of its own kind again (`revive`): a full disk
 * still exits 10, a snapshot that cannot be compared still exits 3. A thread that ends without answering, is stopped,
 * or throws outside the job rejects with a sentence that names the work.
 */
import { isMainThread, parentPort, Worker, workerData, type ResourceLimits } from 'node:worker_threads';

/** What crosses back from a failed job. */
export interface ThreadFailure {
  name: string;
  message: string;
  code?: string;
  exitCode?: number;
}

export interface ThreadRun<T> {
  answer: Promise<T>;
  /** Ends the thread; an answer not yet given rejects ("was stopped"). */
  stop(): Promise<void>;
}

export interface ThreadOptions {
  resourceLimits?: ResourceLimits;
  /** The error a failure becomes; by default an Error with its message and `code`. */
  revive?: (failure: ThreadFailure) => Error;
}

interface Envelope {
  threadJob: string;
  job: unknown;
}

type Answer = { done: unknown } | { failed: ThreadFailure };

/** The error a failure becomes when the caller has no kind of its own for it. */
export function plainError(failure: ThreadFailure): Error {
  const error = new Error(failure.message);
  return failure.code === undefined ? error : Object.assign(error, { code: failure.code });
}

/** Runs the job `name` of the module at `module` (its `import.meta.url`) on a thread; `what` names it in errors. */
export function runOnThread<T>(
  module: string | URL,
  name: string,
  job: unknown,
  what: string,
  options: ThreadOptions = {},
): ThreadRun<T> {
  const worker = new Worker(new URL(module), {
    workerData: { threadJob: name, job } satisfies Envelope,
    ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
  });
  const revive = options.revive ?? plainError;
  let stopped = false;
  const answer = new Promise<T>((resolve, reject) => {
    let answered = false;
    worker.once('message', (message: Answer) => {
      answered = true;
      if ('done' in message) resolve(message.done as T);
      else reject(revive(message.failed));
    });
    worker.once('error', (error) => {
      answered = true;
      reject(new Error(`${what}'s thread failed: ${error.message.split('\n')[0]}`, { cause: error }));
    });
    worker.once('exit', (code) => {
      if (!answered)
        reject(new Error(`${what}'s thread ${stopped ? 'was stopped' : `ended (exit ${code})`} before its answer`));
    });
  });
  return {
    answer,
    async stop() {
      stopped = true;
      await worker.terminate();
    },
  };
}

function failureOf(error: unknown): ThreadFailure {
  const fields = (error ?? {}) as { name?: unknown; code?: unknown; exitCode?: unknown };
  return {
    name: typeof fields.name === 'string' ? fields.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof fields.exitCode === 'number' ? { exitCode: fields.exitCode } : {}),
  };
}

/** On the thread `runOnThread` started for `name`: runs `work` on its job and answers once. Elsewhere does nothing. */
export function answerOnThread<J>(name: string, work: (job: J) => unknown): void {
  const envelope = workerData as Partial<Envelope> | null;
  if (isMainThread || parentPort === null || envelope?.threadJob !== name) return;
  const port = parentPort;
  Promise.resolve()
    .then(() => work(envelope.job as J))
    .then(
      (done) => port.postMessage({ done } satisfies Answer),
      (error: unknown) => port.postMessage({ failed: failureOf(error) } satisfies Answer),
    );
}
