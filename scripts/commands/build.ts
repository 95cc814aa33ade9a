/** `npm run build`: snapshot → site data → astro build → Pagefind index → dist/. See run-build.ts. */
import { useCompileCache } from './compile-cache.ts';

useCompileCache();
const { runBuild } = await import('../build/run-build.ts');
const io = { stdout: process.stdout, stderr: process.stderr };
process.exitCode = await runBuild(process.argv.slice(2), process.env, io);
