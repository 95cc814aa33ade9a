/**
 * What a crawl cannot do without: the size of each answer a source gives for one item with its direct children
 * (`maxLevel` = its level + 1), for the root listings and for each content type, measured over HTTP from the
 * service itself, for ids and aliases read from the database with SQL.
 */
import { getManifest } from '../../scripts/core/snapshot-format.ts';
import { DOCUMENT, DOCUMENT_TYPE, MEDIA } from './umbraco-object-types.ts';
import { openForOracle } from './shared-databases.ts';

const API = '/cms/Ext/Migrations';

async function bytesOf(url: string): Promise<number> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  return response.ok ? body.length : 0;
}

export interface NeededAnswer {
  url: string;
  bytes: number;
  /** Set for an item with its children. */
  id?: number;
}

/** Every answer a crawl of the database needs when each tree answer is one item with its children. */
export async function measureNeededAnswers(dbFile: string, baseUrl: string): Promise<NeededAnswer[]> {
  const db = openForOracle(dbFile);
  let nodes: { id: number; level: number; type: string }[];
  let aliases: string[];
  try {
    nodes = db
      .prepare(
        'SELECT id, level, nodeObjectType AS type FROM umbracoNode WHERE trashed = 0 AND nodeObjectType IN (?, ?)',
      )
      .all(DOCUMENT, MEDIA) as typeof nodes;
    aliases = (
      db
        .prepare(
          'SELECT alias FROM cmsContentType JOIN umbracoNode ON umbracoNode.id = nodeId WHERE nodeObjectType = ?',
        )
        .all(DOCUMENT_TYPE) as { alias: string }[]
    ).map((row) => row.alias);
  } finally {
    db.close();
  }
  const urls = [`${API}/GetContentAtRoot?maxLevel=1`, `${API}/GetMediaAtRoot?maxLevel=1`].map((url) => ({ url }));
  for (const node of nodes) {
    const operation = node.type.toUpperCase() === MEDIA ? 'GetMediaById' : 'GetContentById';
    urls.push({ url: `${API}/${operation}?id=${node.id}&maxLevel=${node.level + 1}`, id: node.id } as never);
  }
  for (const alias of aliases) urls.push({ url: `${API}/GetContentTypeByAlias?alias=${encodeURIComponent(alias)}` });
  const answers: NeededAnswer[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let at = next++; at < urls.length; at = next++) {
      const asked = urls[at] as { url: string; id?: number };
      answers.push({ ...asked, bytes: await bytesOf(`${baseUrl}${asked.url}`) });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return answers;
}

/** The largest answer a crawl of the database needs when every tree answer is one item with its children. */
export async function findLargestNeededAnswer(dbFile: string, baseUrl: string): Promise<NeededAnswer> {
  return (await measureNeededAnswers(dbFile, baseUrl)).reduce((a, b) => (b.bytes > a.bytes ? b : a));
}

/** The largest answer holding a whole root's tree (`maxLevel` deeper than any tree), as crawlers used to ask. */
export async function findLargestWholeTree(baseUrl: string): Promise<number> {
  let largest = 0;
  for (const kind of ['Content', 'Media']) {
    const roots = (await (await fetch(`${baseUrl}${API}/Get${kind}AtRoot?maxLevel=1`)).json()) as { id: number }[];
    for (const root of roots)
      largest = Math.max(largest, await bytesOf(`${baseUrl}${API}/Get${kind}ById?id=${root.id}&maxLevel=10000`));
  }
  return largest;
}

/** The checksums of a snapshot's data files (index, items, content types): equal when two crawls got the same. */
export async function dataChecksums(dir: string): Promise<Record<string, string>> {
  const { files } = await getManifest(dir);
  return Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => name !== 'report.json')
      .map(([name, entry]) => [name, entry.sha256]),
  );
}
