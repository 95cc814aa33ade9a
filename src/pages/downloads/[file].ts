import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { MAPPING_COVERAGE_FILE } from '#core/mapping-format.ts';
import { DOWNLOAD_FORMATS, INVENTORIES } from '../../lib/pages/inventory-list.ts';
import { loadMapping } from '../../lib/mapping/site-mapping.ts';
import { SITE_DATA_FILES } from '../../lib/site-data/site-data-format.ts';
import { getSiteEnv } from '../../lib/site-env.ts';
import { findActivePartition, writesSharedFiles } from '../../lib/partition.ts';

/** Beside the inventories: the content model as Graphviz and Mermaid text (site-data/derive/model-diagrams.ts). */
const MODEL_FILES = ['model.dot', 'model.mmd'];

// Partition 1 writes these for every partition (src/lib/partition.ts).
export const getStaticPaths = async () =>
  !writesSharedFiles(findActivePartition())
    ? []
    : [
        ...INVENTORIES.flatMap((i) => DOWNLOAD_FORMATS.map((ext) => ({ params: { file: `${i.name}.${ext}` } }))),
        ...MODEL_FILES.map((file) => ({ params: { file } })),
        ...DOWNLOAD_FORMATS.map((ext) => ({ params: { file: `decisions-orphaned.${ext}` } })),
        ...((await loadMapping()) ? [{ params: { file: MAPPING_COVERAGE_FILE } }] : []),
        // Written by the build's estimate step, with --estimate only.
        ...['estimate', 'estimate-totals'].flatMap((name) =>
          DOWNLOAD_FORMATS.map((ext) => `${name}.${ext}`)
            .filter((file) => existsSync(path.join(getSiteEnv().siteDataDir, SITE_DATA_FILES.downloads, file)))
            .map((file) => ({ params: { file } })),
        ),
      ];

/** The inventory files written by the site-data step (and the build's mapping step), copied as they are. */
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
