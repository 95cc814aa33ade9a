import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { OPTIONAL_DOWNLOADS, REQUIRED_DOWNLOADS } from '../../lib/site-data/download-files.ts';
import { SITE_DATA_FILES } from '../../lib/site-data/site-data-format.ts';
import { getSiteEnv } from '../../lib/site-env.ts';

/**
 * A build copies these from the site data itself (scripts/pipeline/downloads-step.ts): an endpoint's answer is held
 * whole in Astro's memory, and at a million items they are 3.1 GB. `astro dev` serves them from here.
 */
export const getStaticPaths = async () =>
  !import.meta.env.DEV
    ? []
    : [
        ...REQUIRED_DOWNLOADS.map((file) => ({ params: { file } })),
        ...OPTIONAL_DOWNLOADS.filter((file) =>
          existsSync(path.join(getSiteEnv().siteDataDir, SITE_DATA_FILES.downloads, file)),
        ).map((file) => ({ params: { file } })),
      ];

/** The inventory files written by the site-data step (and the build's mapping step), as they are. */
export const GET: APIRoute = async ({ params }) => {
  const file = String(params.file);
  const body = await readFile(path.join(getSiteEnv().siteDataDir, SITE_DATA_FILES.downloads, file));
  const type = file.endsWith('.csv')
    ? 'text/csv; charset=utf-8'
    : file.endsWith('.json')
      ? 'application/json'
      : 'text/plain; charset=utf-8';
  return new Response(body, { headers: { 'content-type': type } });
};
