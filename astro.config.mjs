// @ts-check
// The snapshot site: static output only. scripts/build/astro-step.ts passes the snapshot, site-data and output
// folders by env.
import { defineConfig } from 'astro/config';

/**
 * `/`, or `/path/` for hosting under a sub-path (env SITE_BASE).
 * @param {string | undefined} value
 */
function normalizeBase(value) {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

export default defineConfig({
  output: 'static',
  base: normalizeBase(process.env.SITE_BASE),
  outDir: process.env.SITE_OUT_DIR ?? './dist',
  cacheDir: process.env.SITE_ASTRO_CACHE_DIR ?? './node_modules/.astro',
  trailingSlash: 'ignore',
  compressHTML: true,
  devToolbar: { enabled: false },
  // One cached CSS file for every page instead of a copy inlined into each of 100k pages.
  build: { inlineStylesheets: 'never', format: 'directory', concurrency: 1 },
  server: { host: '127.0.0.1' },
  vite: { build: { assetsInlineLimit: 0 } },
});
