/** `npm run merge-partitions`: scripts/pipeline/merge-run.ts on this process's streams. */
import { runMergePartitions } from '../pipeline/merge-run.ts';

process.exitCode = await runMergePartitions(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
