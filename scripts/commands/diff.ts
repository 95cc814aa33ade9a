/** `npm run diff`: scripts/diff/diff-run.ts on this process's streams, with the comparisons a build keeps. */
import { runDiffCli } from '../diff/diff-run.ts';
import { diffCacheDir, openDiffCache } from '../pipeline/diff-cache.ts';

process.exitCode = await runDiffCli(
  process.argv.slice(2),
  { stdout: process.stdout, stderr: process.stderr },
  (cache) => openDiffCache(cache === undefined ? undefined : diffCacheDir(cache)).compare,
);
