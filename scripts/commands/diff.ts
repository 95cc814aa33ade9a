/** `npm run diff`: scripts/diff/diff-run.ts on this process's streams. */
import { runDiffCli } from '../diff/diff-run.ts';

process.exitCode = await runDiffCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
