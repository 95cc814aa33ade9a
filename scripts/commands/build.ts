/** `npm run build`: snapshot → site data → astro build → Pagefind index → dist/. See run-build.ts. */
import { useCompileCache } from './compile-cache.ts';
import { makeHeapRoom } from '../core/heap-room.ts';

makeHeapRoom();
useCompileCache();
const { runBuild } = await import('../pipeline/run-build.ts');
// SIGINT and SIGTERM stop the build's children and remove its temporary folders before it exits (130 or 143).
const controller = new AbortController();
for (const name of ['SIGINT', 'SIGTERM'] as const)
  process.once(name, () => controller.abort(new DOMException(name, 'AbortError')));
const io = { stdout: process.stdout, stderr: process.stderr, signal: controller.signal };
process.exitCode = await runBuild(process.argv.slice(2), process.env, io);
