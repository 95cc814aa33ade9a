/**
 * nodes.ndjson read whole, its repeated text shared. JSON.parse gives every node its own copy of every string, so a
 * parent's key was held once per child, a type alias or a chunk name once per item, a culture list once per item, and
 * a culture-variant item's URL twice (`url` and `urls`). Sharing them took the nodes of the 100k demo from 59 to 41 MB
 * of heap (79,076 nodes); at a million items the same share is some 170 MB, in every process that reads them. Nodes
 * arrive in tree order, so a parent's key is read before its children's.
 */
import path from 'node:path';
import { SITE_DATA_FILES, siteNodeSchema, type SiteNode } from './site-data-format.ts';
import { readTrustedNdjson } from './site-data-read.ts';

/** Shares the repeated strings and culture lists of `nodes`, in place; a shared culture list is frozen. */
export function shareNodeText(nodes: SiteNode[]): SiteNode[] {
  const keys = new Map<string, string>();
  const words = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const word = (text: string): string => {
    const seen = words.get(text);
    if (seen !== undefined) return seen;
    words.set(text, text);
    return text;
  };
  for (const node of nodes) {
    keys.set(node.key, node.key);
    if (node.parent !== null) node.parent = keys.get(node.parent) ?? node.parent;
    node.root = keys.get(node.root) ?? node.root;
    node.type = word(node.type);
    if (node.chunk !== null) node.chunk = word(node.chunk);
    if (node.template !== undefined) node.template = word(node.template);
    const id = node.cultures.join('\u0000');
    let list = lists.get(id);
    if (list === undefined) lists.set(id, (list = Object.freeze(node.cultures) as string[]));
    node.cultures = list;
    if (node.urls !== undefined)
      for (const [language, url] of Object.entries(node.urls))
        node.urls[language] = url === node.url && node.url !== null ? node.url : word(url);
  }
  return nodes;
}

export async function readSiteNodes(siteDataDir: string): Promise<SiteNode[]> {
  return shareNodeText(await readTrustedNdjson(path.join(siteDataDir, SITE_DATA_FILES.nodes), siteNodeSchema));
}
