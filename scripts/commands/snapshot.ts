/** `npm run snapshot`: the compile cache on, then scripts/pipeline/snapshot-run.ts on this process. */
import { useCompileCache } from './compile-cache.ts';

useCompileCache();
const { runSnapshotCli } = await import('../pipeline/snapshot-run.ts');
// SIGINT and SIGTERM stop the crawl; its temporary folder is removed and nothing is replaced (130 or 143).
const controller = new AbortController();
for (const name of ['SIGINT', 'SIGTERM'] as const)
  process.once(name, () => controller.abort(new DOMException(name, 'AbortError')));
const io = { stdout: process.stdout, stderr: process.stderr, signal: controller.signal };
process.exitCode = await runSnapshotCli(process.argv.slice(2), process.env, io);
