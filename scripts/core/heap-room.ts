/**
 * Heap room for a command that holds a whole site's index in its own process (the build). V8 caps its heap near
 * 4 GB whatever the machine has (less on a small one), and the build of a million-item demo needs more than that in
 * its own process: the site data of 770,450 items ran out of it. So before anything loads, the command starts itself
 * again in place (`process.execve`: the same pid, so signals, pid-named temporary folders and a parent's wait are
 * untouched) with a cap of 60 % of the memory it may use (the machine's, or its container's limit), at most 16 GB,
 * when that is more than V8's own. A `--max-old-space-size` given in NODE_OPTIONS or to node itself is left as it is;
 * so is a system without execve.
 * V8 grows the heap with what is live, not with the cap, so a small build uses what it did.
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

export function makeHeapRoom(): void {
  if (typeof process.execve !== 'function') return;
  if (HEAP_FLAG.test(process.env.NODE_OPTIONS ?? '') || process.execArgv.some((a) => HEAP_FLAG.test(a))) return;
  const wanted = wantedHeapMegabytes(usableMemoryBytes());
  if (getHeapStatistics().heap_size_limit / MB >= wanted) return;
  const [node, ...rest] = process.argv;
  process.execve(process.execPath, [
    node ?? process.execPath,
    `--max-old-space-size=${wanted}`,
    ...process.execArgv,
    ...rest,
  ]);
}
