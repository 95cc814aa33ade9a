/** The child side of measured-child.ts: one command in-process, then its peak RSS as the last stderr line. */
import { runBuild } from '../../scripts/pipeline/run-build.ts';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';

const [command, ...args] = process.argv.slice(2);
const io = { stdout: process.stdout, stderr: process.stderr };
const code = command === 'build' ? await runBuild(args, process.env, io) : await runSnapshotCli(args, process.env, io);
process.stderr.write(`\nPEAK_RSS_KIB ${process.resourceUsage().maxRSS}\n`);
process.exitCode = code;
