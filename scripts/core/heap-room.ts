/**
 * Heap room for a command that holds a whole site's index in its own process (the build). V8 caps its heap near
 * 4 GB whatever the machine has (less on a small one), and the build of a million-item demo needs more than that in
 * its own process: the site data of 770,450 items ran out of it. So before anything loads, the command starts itself
 * again in place (`process.execve`: the same pid, so signals, pid-named temporary folders and a parent's wait are
 * untouched) with a cap of 60 % of the memory it may use (the machine's, or its container's limit), at most 16 GB,
 * when that is more than V8's own. A `--max-old-space-size` given in NODE_OPTIONS or to node itself is left as it is;
 * so is a system without execve.
 * V8 grows the heap with what is live, and with what the cap lets it leave uncollected: under V8's own 4.3 GB cap the
 * site-data step of 300k items ended with 1.2 GB of heap in its draft comparison, which run alone peaks at 270 MB.
 * Under `--memory SIZE` the cap is SIZE less what the process holds beside its heap (`BESIDE_HEAP_MEGABYTES`: its
 * worker threads, code and buffers), lowered if it must be, so a job given SIZE keeps its own process within it too.
 */
import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';

const MB = 1 << 20;
const MAX_MB = 16 * 1024;
const SHARE = 0.6;

/**
 * The memory this process may use: the machine's, or less where a control group caps it (a container with a memory
 * limit, a CI job's cgroup), which `totalmem()` does not see; Node reports the cap (or a huge number for none) through
 * `process.constrainedMemory()`.
 */
export function usableMemoryBytes(total = totalmem(), constrained = process.constrainedMemory()): number {
  return constrained > 0 && constrained < total ? constrained : total;
}

/** The heap cap the command wants on a machine of `totalBytes`, in MB. */
export const wantedHeapMegabytes = (totalBytes: number): number =>
  Math.min(MAX_MB, Math.floor((totalBytes * SHARE) / MB));

const HEAP_FLAG = /--max-old-space-size/;

/** What a process holds beside its V8 heap, in MB, under `--memory` (measured: scripts/pipeline/astro-step.ts). */
export const BESIDE_HEAP_MEGABYTES = 768;
/** The smallest heap cap `--memory` sets. */
const MIN_BUDGET_HEAP_MB = 512;

/** A size such as 3G, 2500M, 2.5g or 3GiB (no unit: MB), in whole MB; undefined when it is none. */
export function megabytesOf(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:([mg])i?b?)?\s*$/i.exec(text);
  if (match === null) return undefined;
  return Math.floor(Number(match[1]) * (match[2]?.toLowerCase() === 'g' ? 1024 : 1));
}

/**
 * `--memory SIZE` among the command's arguments, in MB; undefined when absent or not a size (the command's own flag
 * parsing, build-config.ts, reports that with the same `megabytesOf`).
 */
export function memoryFlagMegabytes(argv: readonly string[]): number | undefined {
  const at = argv.findIndex((a) => a === '--memory' || a.startsWith('--memory='));
  if (at < 0) return undefined;
  const arg = argv[at] as string;
  return megabytesOf((arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[at + 1]) ?? '');
}

/**
 * The heap cap the command runs with, in MB: `wanted` for the machine, or within `--memory` (less what the process
 * holds beside its heap) when given; undefined when V8's own cap (`current`) is already right.
 */
export function chooseHeapMegabytes(argv: readonly string[], usableBytes: number, current: number): number | undefined {
  const budget = memoryFlagMegabytes(argv);
  const wanted = wantedHeapMegabytes(usableBytes);
  if (budget === undefined) return current >= wanted ? undefined : wanted;
  const bounded = Math.min(wanted, Math.max(MIN_BUDGET_HEAP_MB, budget - BESIDE_HEAP_MEGABYTES));
  return Math.abs(current - bounded) < 64 ? undefined : bounded;
}

export function makeHeapRoom(): void {
  if (typeof process.execve !== 'function') return;
  if (HEAP_FLAG.test(process.env.NODE_OPTIONS ?? '') || process.execArgv.some((a) => HEAP_FLAG.test(a))) return;
  const wanted = chooseHeapMegabytes(
    process.argv.slice(2),
    usableMemoryBytes(),
    getHeapStatistics().heap_size_limit / MB,
  );
  if (wanted === undefined) return;
  const [node, ...rest] = process.argv;
  process.execve(process.execPath, [
    node ?? process.execPath,
    `--max-old-space-size=${wanted}`,
    ...process.execArgv,
    ...rest,
  ]);
}
