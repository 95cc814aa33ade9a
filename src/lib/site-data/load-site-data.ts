/**
 * Loads the snapshot's small files and the derived site data once per build process (module-level cache); pages
 * then read their own full item with one positioned read (`openItemReader`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  getContentTypes,
  getManifest,
  openItemReader,
  type ItemReader,
  type ItemRecord,
  type Manifest,
} from '#core/snapshot-format.ts';
import { createTypeIndex, type TypeIndex } from '../content-types/type-index.ts';
import { getSiteEnv, type SiteEnv } from '../site-env.ts';
import { noteRead } from './page-reads.ts';
import { createNodeLookup, type NodeLookup } from './node-lookup.ts';
import {
  editorUsageSchema,
  SITE_DATA_FILES,
  SITE_DATA_VERSION,
  siteDataMetaSchema,
  typeUsageSchema,
  type EditorUsage,
  type SiteDataMeta,
  type SiteNode,
  type TypeUsage,
} from './site-data-format.ts';
import { readSiteJson } from './site-data-read.ts';
import { readSiteNodes } from './site-nodes.ts';
import { openUsedByIndex, type UsedByIndex } from './used-by-index.ts';

export interface SiteData {
  env: SiteEnv;
  manifest: Manifest;
  meta: SiteDataMeta;
  lookup: NodeLookup;
  types: TypeIndex;
  typeUsage: TypeUsage[];
  /** Who references an item, read by key (used-by-index.ts). */
  usedBy: UsedByIndex;
  editors: EditorUsage[];
  findTypeUsage(kind: SiteNode['kind'], alias: string): TypeUsage | undefined;
}

/** The format version alone, read first, so a folder of another version is named as such. */
const versionSchema = z.object({ formatVersion: z.unknown() });

let cached: Promise<SiteData> | undefined;

async function load(env: SiteEnv): Promise<SiteData> {
  const file = (name: string) => path.join(env.siteDataDir, name);
  const metaText = await readFile(file(SITE_DATA_FILES.meta), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new Error(
      `no site data in ${env.siteDataDir}: build with \`npm run build\`, which prepares it before astro build`,
    );
  });
  const { formatVersion } = versionSchema.parse(JSON.parse(metaText));
  if (formatVersion !== SITE_DATA_VERSION)
    throw new Error(
      `site data in ${env.siteDataDir} has format ${String(formatVersion)}, expected ${SITE_DATA_VERSION}`,
    );
  const meta = await readSiteJson(file(SITE_DATA_FILES.meta), siteDataMetaSchema);
  const [manifest, contentTypes] = await Promise.all([getManifest(env.snapshotDir), getContentTypes(env.snapshotDir)]);
  const nodes = await readSiteNodes(env.siteDataDir);
  const typeUsage = await readSiteJson(file(SITE_DATA_FILES.types), z.array(typeUsageSchema));
  const usageIndex = new Map(
    typeUsage.map((u) => [`${u.kind === 'media' ? 'media' : 'content'}:${u.alias.toLowerCase()}`, u]),
  );
  return {
    env,
    manifest,
    meta,
    lookup: createNodeLookup(nodes),
    types: createTypeIndex(contentTypes.contentTypes),
    typeUsage,
    usedBy: openUsedByIndex(file(SITE_DATA_FILES.usedBy)),
    editors: await readSiteJson(file(SITE_DATA_FILES.editors), z.array(editorUsageSchema)),
    findTypeUsage: (kind, alias) => usageIndex.get(`${kind}:${alias.toLowerCase()}`),
  };
}

export function loadSiteData(): Promise<SiteData> {
  cached ??= load(getSiteEnv());
  return cached;
}

const readers = new WeakMap<SiteData, ItemReader>();

/** The snapshot's item reader of `data`; it keeps its chunk files open for the rest of the build. */
function readerOf(data: SiteData): ItemReader {
  let reader = readers.get(data);
  if (reader === undefined) {
    reader = openItemReader(data.env.snapshotDir);
    readers.set(data, reader);
  }
  return reader;
}

/** The node's full item from the snapshot, noted as a read of the page being rendered (page-reads.ts). */
export function readFullItem(data: SiteData, node: SiteNode): ItemRecord | undefined {
  noteRead('f', node.key);
  return readerOf(data).read(node);
}

/** The node's full item as the snapshot holds it, unparsed and not noted as a page's read (page-inputs.ts). */
export const readItemBytes = (data: SiteData, node: SiteNode): Buffer | undefined => readerOf(data).readBytes(node);
