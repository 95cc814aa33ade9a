// @ts-check
// The snapshot site: static output only. Folders, base and the rest come from the build's site config
// (src/lib/site-config.ts), which scripts/pipeline/astro-step.ts writes and names in env SITE_CONFIG.
import { defineConfig } from 'astro/config';
import { readSiteConfig } from './src/lib/site-config.ts';

const site = readSiteConfig();

export default defineConfig({
  output: 'static',
  base: site.base,
  outDir: site.outDir,
  cacheDir: site.astroCacheDir,
  trailingSlash: 'ignore',
  compressHTML: true,
  devToolbar: { enabled: false },
  // One cached CSS file for every page instead of a copy inlined into each of 100k pages. Four pages in flight keep
  // rendering while earlier ones are written: at 100k items one at a time left Astro idle 28 % of its run, waiting on
  // mkdir and writes, and took 145 s where four took 101 s (two: 118 s).
  build: { inlineStylesheets: 'never', format: 'directory', concurrency: 4 },
  server: { host: '127.0.0.1' },
  vite: { build: { assetsInlineLimit: 0 } },
});
