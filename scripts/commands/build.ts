/** `npm run build`: snapshot → site data → astro build → Pagefind index → dist/. See run-build.ts. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBuild } from '../build/run-build.ts';

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runBuild(process.argv.slice(2), process.env, {
    stdout: process.stdout,
    stderr: process.stderr,
  });
}
