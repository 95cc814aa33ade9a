/**
 * The build's last line: how to open the site. `npm run preview` (astro preview with no site config) serves the
 * project's `dist/` at `/` on port 4321; a site built elsewhere or under another base needs a static server there.
 */
import path from 'node:path';

export function openHint(outDir: string, base: string, projectDir: string): string {
  if (path.resolve(outDir) === path.resolve(projectDir, 'dist') && base === '/')
    return 'build: open it with `npm run preview` (then http://127.0.0.1:4321/)';
  return (
    `build: open it with any static web server serving ${outDir} at ${base} ` +
    '(`npm run preview` serves only dist/ at /)'
  );
}
