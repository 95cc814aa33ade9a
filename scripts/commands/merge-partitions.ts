/** `npm run merge-partitions`: scripts/build/merge-run.ts on this process's streams. */
import { runMergePartitions } from '../build/merge-run.ts';

process.exitCode = await runMergePartitions(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
