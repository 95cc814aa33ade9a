/** `npm run mapping`: scripts/pipeline/mapping-run.ts on this process's streams. */
import { runMappingCli } from '../pipeline/mapping-run.ts';

process.exitCode = await runMappingCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
