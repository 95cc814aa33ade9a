/**
 * The one hand-off from the build to `astro build`: a JSON file that scripts/pipeline/astro-step.ts writes and names in
 * env SITE_CONFIG. Every setting the pages and astro.config.mjs need is here, typed and checked once; without the
 * variable (`astro dev`, `astro check`) the defaults below apply.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const SITE_CONFIG_ENV = 'SITE_CONFIG';

const siteConfigSchema = z
  .object({
    snapshotDir: z.string().min(1),
    siteDataDir: z.string().min(1),
    outDir: z.string().min(1),
    /** `/` or `/path/`, already normalised by the build. */
    base: z.string().regex(/^\/(?:.+\/)?$/, 'must be / or /path/'),
    astroCacheDir: z.string().min(1),
    mediaOrigin: z.string().url().optional(),
    title: z.string().min(1).optional(),
    partition: z.object({ index: z.number().int().min(1), count: z.number().int().min(1) }).optional(),
    /**
     * Item pages are written by scripts/pipeline/item-pages.ts around the layout of pages/item-shell, not rendered one
     * by one by Astro (see src/lib/pages/item-shell.ts). Off: Astro renders them all.
     */
    itemPageWriter: z.boolean().optional(),
  })
  .strict();

export type SiteConfig = z.infer<typeof siteConfigSchema>;

function defaults(cwd: string): SiteConfig {
  return {
    snapshotDir: path.join(cwd, '.cache', 'snapshot'),
    siteDataDir: path.join(cwd, '.cache', 'site-data'),
    outDir: path.join(cwd, 'dist'),
    base: '/',
    astroCacheDir: path.join(cwd, 'node_modules', '.astro'),
  };
}

let cached: { file: string | undefined; config: SiteConfig } | undefined;

export function readSiteConfig(env: Readonly<Record<string, string | undefined>> = process.env): SiteConfig {
  const file = env[SITE_CONFIG_ENV] || undefined;
  if (cached !== undefined && cached.file === file) return cached.config;
  const config = file === undefined ? defaults(process.cwd()) : parseSiteConfig(readFileSync(file, 'utf8'), file);
  cached = { file, config };
  return config;
}

export function parseSiteConfig(text: string, file: string): SiteConfig {
  const parsed = siteConfigSchema.safeParse(JSON.parse(text));
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new Error(`${file} is not a site config: ${issues}`);
}
