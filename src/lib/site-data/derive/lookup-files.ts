/**
 * Writes the exact-lookup shards (layout in lookup-keys.ts) into the built site's `lookup/` folder. Every shard is a
 * JSON object from lookup key to hits: `[kind, name]` by GUID (the key is the item's), `[kind, 32-hex key, name]` by
 * id, and a list of `[kind, 32-hex key, name, language?]` by URL (several items may share a path across domains).
 * Types are found by key (`['type', name]` in the GUID shards) and by alias (a list of `['type', 32-hex key, name]`:
 * a content and a media type may share an alias).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SITE_DATA_FILES, type SiteNode, type TypeUsage } from '../site-data-format.ts';
import {
  LOOKUP_DIR,
  LOOKUP_LAYOUT_FILE,
  ALIAS_BUCKETS,
  aliasKeyOf,
  aliasShard,
  guidKeyOf,
  guidShard,
  idShard,
  planLayout,
  urlKeyOf,
  urlShard,
  type LookupHit as Hit,
  type LookupLayout,
} from './lookup-keys.ts';

const WRITE_BATCH = 64;

type Shards = Map<string, Map<string, Hit | Hit[]>>;

export interface LookupSummary {
  layout: LookupLayout;
  shards: number;
  largestShardBytes: number;
  keys: number;
}

/**
 * Umbraco gives an item that has no URL (unpublished in a language, or outside any domain) the URL `#`: that is no
 * address, and read as a path it would put every such item at `/` (72,000 of them in the 300k demo, a 5.5 MB shard).
 */
const isAddress = (url: string): boolean => !/^\s*(?:$|[#?])/.test(url);

function urlsOf(node: SiteNode): Array<[url: string, language?: string]> {
  const out: Array<[string, string?]> = [];
  if (node.url && isAddress(node.url)) out.push([node.url]);
  for (const [iso, url] of Object.entries(node.urls ?? {}))
    if (url !== node.url && isAddress(url)) out.push([url, iso]);
  return out;
}

/** Item keys already listed under each URL key of a shard: one check per hit, however many share a URL. */
type Listed = Map<string, Set<string>>;

function put(shards: Shards, file: string, key: string, hit: Hit, listed?: Listed): void {
  let shard = shards.get(file);
  if (shard === undefined) shards.set(file, (shard = new Map()));
  if (listed === undefined) return void shard.set(key, hit);
  const where = `${file}\n${key}`;
  let seen = listed.get(where);
  if (seen === undefined) listed.set(where, (seen = new Set()));
  if (seen.has(hit[1])) return;
  seen.add(hit[1]);
  const list = shard.get(key) as Hit[] | undefined;
  if (list === undefined) shard.set(key, [hit]);
  else list.push(hit);
}

/** A type as the lookup knows it (site data `types.json`: defined types with their key). */
export interface LookupType {
  key: string;
  alias: string;
  name: string;
}

/** The types of a site-data folder that have a key (a type only referenced by items has none). */
export async function readLookupTypes(siteDataDir: string): Promise<LookupType[]> {
  const usage = JSON.parse(await readFile(path.join(siteDataDir, SITE_DATA_FILES.types), 'utf8')) as TypeUsage[];
  return usage.flatMap((t) => (t.defined && t.key ? [{ key: t.key, alias: t.alias, name: t.name }] : []));
}

function putTypes(shards: Shards, layout: LookupLayout, types: readonly LookupType[], listed: Listed): number {
  for (let b = 0; b < ALIAS_BUCKETS; b++) if (!shards.has(`a/${b}.json`)) shards.set(`a/${b}.json`, new Map());
  let keys = 0;
  for (const type of types) {
    const guid = guidKeyOf(type.key);
    const alias = aliasKeyOf(type.alias);
    if (guid === undefined) continue;
    put(shards, guidShard(layout, guid), guid, ['type', type.name]);
    if (alias !== undefined) put(shards, aliasShard(alias), alias, ['type', guid, type.name], listed);
    keys += alias === undefined ? 1 : 2;
  }
  return keys;
}

export async function writeLookupFiles(
  nodes: readonly SiteNode[],
  outDir: string,
  types: readonly LookupType[] = [],
): Promise<LookupSummary> {
  const urlCount = nodes.reduce((sum, n) => sum + urlsOf(n).length, 0);
  const layout = planLayout(nodes.length + types.length, urlCount);
  const shards: Shards = new Map();
  const listed: Listed = new Map();
  let keys = putTypes(shards, layout, types, listed);
  for (const node of nodes) {
    const guid = guidKeyOf(node.key) as string;
    put(shards, guidShard(layout, guid), guid, [node.kind, node.name]);
    put(shards, idShard(layout, node.id), String(node.id), [node.kind, guid, node.name]);
    keys += 2;
    for (const [url, language] of urlsOf(node)) {
      const urlKey = urlKeyOf(url.startsWith('/') || /^https?:/i.test(url) ? url : `/${url}`);
      if (urlKey === undefined) continue;
      put(
        shards,
        urlShard(layout, urlKey),
        urlKey,
        language ? [node.kind, guid, node.name, language] : [node.kind, guid, node.name],
        listed,
      );
      keys += 1;
    }
  }
  const root = path.join(outDir, LOOKUP_DIR);
  for (const folder of ['g', 'i', 'u', 'a']) await mkdir(path.join(root, folder), { recursive: true });
  let largestShardBytes = 0;
  const files = [...shards];
  // Thousands of small files at 100k items: written a batch at a time, not one after the other.
  for (let i = 0; i < files.length; i += WRITE_BATCH) {
    await Promise.all(
      files.slice(i, i + WRITE_BATCH).map(([file, entries]) => {
        const text = JSON.stringify(Object.fromEntries(entries));
        largestShardBytes = Math.max(largestShardBytes, Buffer.byteLength(text));
        return writeFile(path.join(root, file), text);
      }),
    );
  }
  await writeFile(path.join(root, LOOKUP_LAYOUT_FILE), JSON.stringify(layout));
  return { layout, shards: shards.size, largestShardBytes, keys };
}
