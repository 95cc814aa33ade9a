/** Where the pages read their data from: set by scripts/build/astro-step.ts for the `astro build` child process. */
import path from 'node:path';

export interface SiteEnv {
  snapshotDir: string;
  siteDataDir: string;
  mediaOrigin: string | undefined;
  title: string | undefined;
}

export function getSiteEnv(env: Readonly<Record<string, string | undefined>> = process.env): SiteEnv {
  const origin = env.SITE_MEDIA_ORIGIN?.trim();
  return {
    snapshotDir: path.resolve(env.SNAPSHOT_DIR ?? path.join(process.cwd(), '.cache', 'snapshot')),
    siteDataDir: path.resolve(env.SITE_DATA_DIR ?? path.join(process.cwd(), '.cache', 'site-data')),
    mediaOrigin: origin ? new URL(origin).origin : undefined,
    title: env.SITE_TITLE?.trim() || undefined,
  };
}
