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
  iterateNdjson,
  openItemReader,
  type ItemReader,
  type ItemRecord,
  type Manifest,
} from '../../../scripts/core/snapshot-format.ts';
import { createTypeIndex, type TypeIndex } from '../content-types/type-index.ts';
import { getSiteEnv, type SiteEnv } from '../site-env.ts';
import { createNodeLookup, type NodeLookup } from './node-lookup.ts';
import {
  SITE_DATA_FILES,
  SITE_DATA_VERSION,
  type EditorUsage,
  type SiteDataMeta,
  type SiteNode,
  type TypeUsage,
  type UsedByEntry,
} from './site-data-format.ts';

export interface SiteData {
  env: SiteEnv;
  manifest: Manifest;
  meta: SiteDataMeta;
  lookup: NodeLookup;
  types: TypeIndex;
  typeUsage: TypeUsage[];
  usedBy: Record<string, UsedByEntry>;
  editors: EditorUsage[];
  findTypeUsage(kind: SiteNode['kind'], alias: string): TypeUsage | undefined;
}

const nodeSchema = z.custom<SiteNode>((v) => typeof v === 'object' && v !== null && 'key' in v && 'kind' in v);
const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

let cached: Promise<SiteData> | undefined;

async function load(env: SiteEnv): Promise<SiteData> {
  const file = (name: string) => path.join(env.siteDataDir, name);
  const meta = await readJson<SiteDataMeta>(file(SITE_DATA_FILES.meta)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new Error(
      `no site data in ${env.siteDataDir}: build with \`npm run build\`, which prepares it before astro build`,
    );
  });
  if (meta.formatVersion !== SITE_DATA_VERSION)
    throw new Error(`site data in ${env.siteDataDir} has format ${meta.formatVersion}, expected ${SITE_DATA_VERSION}`);
  const [manifest, contentTypes] = await Promise.all([getManifest(env.snapshotDir), getContentTypes(env.snapshotDir)]);
  const nodes: SiteNode[] = [];
  for await (const node of iterateNdjson(file(SITE_DATA_FILES.nodes), nodeSchema)) nodes.push(node);
  const typeUsage = await readJson<TypeUsage[]>(file(SITE_DATA_FILES.types));
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
    usedBy: await readJson<Record<string, UsedByEntry>>(file(SITE_DATA_FILES.usedBy)),
    editors: await readJson<EditorUsage[]>(file(SITE_DATA_FILES.editors)),
    findTypeUsage: (kind, alias) => usageIndex.get(`${kind}:${alias.toLowerCase()}`),
  };
}

export function loadSiteData(): Promise<SiteData> {
  cached ??= load(getSiteEnv());
  return cached;
}

const readers = new WeakMap<SiteData, ItemReader>();

/** The node's full item from the snapshot; the reader keeps its chunk files open for the rest of the build. */
export function readFullItem(data: SiteData, node: SiteNode): ItemRecord | undefined {
  let reader = readers.get(data);
  if (reader === undefined) {
    reader = openItemReader(data.env.snapshotDir);
    readers.set(data, reader);
  }
  return reader.read(node);
}
