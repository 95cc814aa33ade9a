/** Where the pages read their data from: the build's site config (src/lib/site-config.ts). */
import path from 'node:path';
import { readSiteConfig } from './site-config.ts';

export interface SiteEnv {
  snapshotDir: string;
  siteDataDir: string;
  mediaOrigin: string | undefined;
  title: string | undefined;
}

export function getSiteEnv(env: Readonly<Record<string, string | undefined>> = process.env): SiteEnv {
  const config = readSiteConfig(env);
  return {
    snapshotDir: path.resolve(config.snapshotDir),
    siteDataDir: path.resolve(config.siteDataDir),
    mediaOrigin: config.mediaOrigin ? new URL(config.mediaOrigin).origin : undefined,
    title: config.title?.trim() || undefined,
  };
}
