/**
 * The build's child processes (`astro build`, the item page writer, the search index): output kept, the last lines
 * shown when one fails, stopped when the build is interrupted (the build's AbortSignal), and a full disk reported as
 * such in one line whichever child ran into it.
 */
import { spawn } from 'node:child_process';
import { fstatSync } from 'node:fs';
import path from 'node:path';
import { BUILD_EXIT_CODES, BuildError, type BuildExitCode } from './build-errors.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TAIL_LINES = 40;
/** How Node, Rust (Pagefind) and the C library word a full disk. */
// Node (ENOSPC), Pagefind (StorageFull) and SQLite ("database or disk is full") each say it their own way.
const DISK_FULL = /ENOSPC|No space left on device|StorageFull|database or disk is full/;

export interface ChildJob {
  /** Names the child in messages: "astro build", "the item page writer", "the search index". */
  name: string;
  args: string[];
  env: Record<string, string>;
  failCode: BuildExitCode;
  verbose: boolean;
  log: (text: string) => void;
  signal?: AbortSignal;
  /** Once it settles, the child is told to go on (one line on its stdin), which `released` waits for. */
  release?: Promise<unknown>;
}

const diskFullError = (what: string, cause?: unknown): BuildError =>
  new BuildError(BUILD_EXIT_CODES.diskFull, `no space left on device: ${what}`, { cause });

/** How long a child stopped by the build's signal has to end after SIGTERM before it gets SIGKILL. */
const KILL_AFTER_MS = 5000;

/**
 * Runs `node <args>` from the checkout; resolves with its stdout. Its stdin is a pipe the child may watch: it ends when
 * the build ends, however it ends. When the build's signal fires, the child gets SIGTERM and this settles only once
 * the child has exited, so the caller's clean-up never races a child still writing into the folders it removes.
 */
export async function runChild(job: ChildJob): Promise<string> {
  job.signal?.throwIfAborted();
  const child = spawn(process.execPath, job.args, {
    cwd: ROOT,
    env: job.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let killer: NodeJS.Timeout | undefined;
  const stop = () => {
    child.kill('SIGTERM');
    killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
  };
  job.signal?.addEventListener('abort', stop, { once: true });
  const tail: string[] = [];
  let stdout = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (job.verbose) job.log(text);
    tail.push(...text.split('\n').filter((l) => l.trim() !== ''));
    if (tail.length > TAIL_LINES * 4) tail.splice(0, tail.length - TAIL_LINES);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    if (stdout.length > 1 << 20) stdout = stdout.slice(-(1 << 16));
    keep(chunk);
  });
  child.stderr.on('data', keep);
  child.stdin.on('error', () => undefined);
  const goOn = () => {
    if (child.exitCode === null && child.signalCode === null) child.stdin.write(`${RELEASE_LINE}\n`);
  };
  job.release?.then(goOn, goOn);
  const code = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c) => resolve(c ?? 1));
  }).finally(() => {
    clearTimeout(killer);
    job.signal?.removeEventListener('abort', stop);
  });
  job.signal?.throwIfAborted();
  if (code === 0) return stdout;
  const full = tail.find((line) => DISK_FULL.test(line));
  if (full !== undefined) throw diskFullError(`${job.name} stopped (${full.trim().slice(0, 200)})`);
  if (!job.verbose) job.log(`${tail.slice(-TAIL_LINES).join('\n')}\n`);
  throw new BuildError(job.failCode, `${job.name} failed (exit ${code}); its last lines are above`);
}

const RELEASE_LINE = 'release';

const startedByBuild = (): boolean => {
  const stdin = fstatSync(0);
  return stdin.isFIFO() || stdin.isSocket();
};

/** In a child the build started (stdin a pipe): end when the build is gone, however it ended (the pipe closes). */
export function endWithParent(): void {
  if (!startedByBuild()) return;
  void heardRelease();
  process.stdin.on('end', () => process.exit(129));
  process.stdin.on('error', () => process.exit(129));
  process.stdin.resume();
  process.stdin.unref?.();
}

let release: Promise<void> | undefined;

/** Settles once the build's release line has come in on stdin, whenever this is first asked. */
function heardRelease(): Promise<void> {
  release ??= new Promise((resolve) => {
    let heard = '';
    const onData = (chunk: Buffer) => {
      heard = (heard + chunk.toString('utf8')).slice(-RELEASE_LINE.length - 1);
      if (!heard.includes(`${RELEASE_LINE}\n`)) return;
      process.stdin.off('data', onData);
      resolve();
    };
    process.stdin.on('data', onData);
  });
  return release;
}

/**
 * In a child started with a `release` (runChild): settles once the build tells it to go on, even if it did so before
 * this was called. A child run by hand (stdin not a pipe) goes on at once. While it waits, stdin keeps the child
 * alive; the build ending ends it (`endWithParent`).
 */
export async function released(): Promise<void> {
  if (!startedByBuild()) return;
  process.stdin.ref?.();
  try {
    await heardRelease();
  } finally {
    process.stdin.unref?.();
  }
}

/** A child step: its script, and the job `childMain` reads there from argv[2]. */
export interface JsonChildJob extends Omit<ChildJob, 'args' | 'signal' | 'release'> {
  script: string;
  job: unknown;
  signal?: AbortSignal | undefined;
  release?: Promise<unknown> | undefined;
}

/**
 * `runChild` for a child step (`childMain`): the job handed over as JSON in argv[2], its summary read back from the
 * last line it prints.
 */
export async function runJsonChild<T>({ script, job, signal, release, ...rest }: JsonChildJob): Promise<T> {
  const stdout = await runChild({
    ...rest,
    args: [script, JSON.stringify(job)],
    ...(signal ? { signal } : {}),
    ...(release ? { release } : {}),
  });
  try {
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as T;
  } catch {
    throw new BuildError(rest.failCode, `${rest.name} ended without its summary`);
  }
}

/**
 * A child step's side of `runJsonChild`: it ends with the build (`endWithParent`), runs `work` on the job given as
 * JSON in argv[2] and prints its summary as one JSON line; a failure is one line, `<prefix>: <message>`, and exit 1
 * (a BuildError's own code).
 */
export async function childMain<J, S>(prefix: string, work: (job: J) => Promise<S>): Promise<void> {
  endWithParent();
  try {
    const summary = await work(JSON.parse(process.argv[2] ?? '') as J);
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } catch (error) {
    process.stderr.write(`${prefix}: ${(error as Error).message}\n`);
    process.exitCode = error instanceof BuildError ? error.exitCode : 1;
  }
}
