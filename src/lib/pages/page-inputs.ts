/**
 * A page's inputs, as one hash: what the item page writer compares to tell, without rendering a page, that it would
 * come out byte for byte as the last build wrote it. A page is a function of the build's global inputs (the layout,
 * the content types, the site config, the code: scripts/pipeline/item-page-reuse.ts), of its own extras (its draft,
 * decision and history, read by key) and of the answers to the reads it made of the site data (page-reads.ts). When
 * none of these changed, the page makes the same reads again and gets the same answers: its output is the same.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readItemBytes, type SiteData } from '../site-data/load-site-data.ts';
import type { SiteNode } from '../site-data/site-data-format.ts';

const hash = (text: string | Buffer): string => createHash('sha1').update(text).digest('base64url');

/** Where an item's record sits in the snapshot is no input of its page (its bytes are: `f:`). */
function nodeText(node: SiteNode): string {
  const { chunk: _chunk, offset: _offset, length: _length, ...shown } = node;
  return JSON.stringify(shown);
}

export interface PageInputs {
  /** The answer to one read in this build's site data, as a short hash; `-` for nothing. */
  answer(read: string): string;
  /** The page's inputs as one hash; `own`, the page's key, whose reads no other page makes (so none is kept). */
  fingerprint(global: string, extras: unknown, reads: readonly string[], own: string): string;
}

export function pageInputs(data: SiteData): PageInputs {
  const { lookup } = data;
  const nodeHashes = new Map<SiteNode, string>();
  const nodeHash = (node: SiteNode | undefined): string => {
    if (node === undefined) return '-';
    let known = nodeHashes.get(node);
    if (known === undefined) nodeHashes.set(node, (known = hash(nodeText(node))));
    return known;
  };
  const list = (nodes: readonly SiteNode[]): string => hash(nodes.map(nodeHash).join(','));
  const json = (value: unknown): string => (value === undefined ? '-' : hash(JSON.stringify(value)));
  const kindOf = (what: string) => (what.endsWith('c') ? 'content' : 'media');
  const compute = (read: string): string => {
    const colon = read.indexOf(':');
    const [what, arg] = [read.slice(0, colon), read.slice(colon + 1)];
    switch (what) {
      case 'n':
        return nodeHash(lookup.findNode(arg));
      case 'kc':
      case 'km':
        return json(lookup.findByKey(kindOf(what), arg));
      case 'ic':
      case 'im':
        return json(lookup.findById(kindOf(what), Number(arg)));
      case 'u':
        return json(lookup.findByUrl(arg));
      case 'a': {
        const node = lookup.findNode(arg);
        return node === undefined ? '-' : list(lookup.listAncestors(node));
      }
      case 'c':
        return list(lookup.listChildren(arg));
      case 'r':
        return list(lookup.listRoots(arg === 'media' ? 'media' : 'content'));
      case 'b':
        return json(data.usedBy.get(arg));
      case 'f': {
        const node = lookup.findNode(arg);
        const bytes = node === undefined ? undefined : readItemBytes(data, node);
        return bytes === undefined ? '-' : hash(bytes);
      }
      default:
        // `*:` (every node) and any read this module does not know: an answer no build gives twice.
        return randomUUID();
    }
  };
  // Answers to reads other pages make too (a parent, a referenced item), kept for them: at a million pages, keeping
  // every page's reads of itself would hold millions of answers no other page asks for.
  const answers = new Map<string, string>();
  const answer = (read: string): string => {
    let known = answers.get(read);
    if (known === undefined) answers.set(read, (known = compute(read)));
    return known;
  };
  return {
    answer,
    fingerprint(global, extras, reads, own) {
      const ownSuffix = `:${own}`;
      const lines = [...reads]
        .sort()
        .map((read) => `${read}=${read.endsWith(ownSuffix) ? compute(read) : answer(read)}`);
      return hash(`${global}\n${JSON.stringify(extras) ?? ''}\n${lines.join('\n')}`);
    },
  };
}
