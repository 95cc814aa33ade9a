/**
 * The child side of measured-child.ts: one command in-process, then the most memory it kept live and its peak RSS as
 * the last stderr lines. Live memory is the V8 heap in use plus memory held by JavaScript objects outside it (buffers),
 * read just after each full garbage collection: what the command holds, whenever V8 chose to collect.
 */
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { runBuild } from '../../scripts/pipeline/run-build.ts';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';

let live = 0;
const isFull = (entry: PerformanceEntry): boolean =>
  (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
const collections = new PerformanceObserver((list) => {
  if (!list.getEntries().some(isFull)) return;
  const { heapUsed, external } = process.memoryUsage();
  live = Math.max(live, heapUsed + external);
});
collections.observe({ entryTypes: ['gc'] });

const [command, ...args] = process.argv.slice(2);
const io = { stdout: process.stdout, stderr: process.stderr };
const code = command === 'build' ? await runBuild(args, process.env, io) : await runSnapshotCli(args, process.env, io);
collections.disconnect();
process.stderr.write(`\nLIVE_BYTES ${live}\nPEAK_RSS_KIB ${process.resourceUsage().maxRSS}\n`);
process.exitCode = code;
