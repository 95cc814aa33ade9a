/**
 * The external-links inventory: every absolute http(s) URL found in a property value (text, rich text, link pickers,
 * JSON, blocks at any depth, every language), one row per item × property × URL, written as the pass streams by. No
 * URL is ever requested. Hosts are counted as rows arrive (an item's rows arrive together), so only one counter per
 * host stays in memory.
 */
import { z } from 'zod';
import type { PropertyEntry } from '../../values/item-properties.ts';
import type { SiteNode } from '../site-data-format.ts';
import { createLineWriter } from './line-writer.ts';

export const externalLinkRowSchema = z.object({
  host: z.string(),
  url: z.string(),
  kind: z.enum(['content', 'media']),
  key: z.string(),
  name: z.string(),
  type: z.string(),
  property: z.string(),
  languages: z.array(z.string()),
});
export type ExternalLinkRow = z.infer<typeof externalLinkRowSchema>;

export interface HostCount {
  host: string;
  links: number;
  items: number;
}

export const EXTERNAL_LINK_COLUMNS = ['host', 'url', 'kind', 'key', 'name', 'type', 'property', 'languages'];

// Scheme, then anything up to whitespace, a quote, an angle bracket or a backslash (JSON and markup delimiters).
const URL_PATTERN = /\bhttps?:\/\/[^\s"'<>\\`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;
const MAX_DEPTH = 64;

/** The absolute http(s) URLs in a text, each with its host (lower case); what does not parse as a URL is skipped. */
export function findUrls(text: string): Array<{ url: string; host: string }> {
  const out: Array<{ url: string; host: string }> = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, '').replaceAll('&amp;', '&');
    try {
      const host = new URL(url).hostname.toLowerCase();
      if (host !== '') out.push({ url, host });
    } catch {
      // not a URL after all ("http://" alone, a bad port): nothing to list
    }
  }
  return out;
}

function collectStrings(value: unknown, add: (text: string) => void, depth = 0): void {
  if (typeof value === 'string') add(value);
  else if (depth < MAX_DEPTH && Array.isArray(value)) for (const v of value) collectStrings(v, add, depth + 1);
  else if (depth < MAX_DEPTH && typeof value === 'object' && value !== null)
    for (const v of Object.values(value)) collectStrings(v, add, depth + 1);
}

export function createExternalLinks(file: string) {
  const out = createLineWriter(file);
  const hosts = new Map<string, HostCount & { last: string }>();
  return {
    /** `sets`: the item's values per language (`culture` null for invariant values). */
    async addItem(node: SiteNode, sets: Array<{ culture: string | null; entries: PropertyEntry[] }>): Promise<void> {
      const rows = new Map<string, ExternalLinkRow>();
      for (const set of sets)
        for (const p of set.entries)
          collectStrings(p.value, (text) => {
            if (!text.includes('://')) return;
            for (const { url, host } of findUrls(text)) {
              const id = `${p.alias}\n${url}`;
              const row = rows.get(id) ?? {
                host,
                url,
                kind: node.kind,
                key: node.key,
                name: node.name,
                type: node.type,
                property: p.alias,
                languages: [],
              };
              if (set.culture !== null && !row.languages.includes(set.culture)) row.languages.push(set.culture);
              rows.set(id, row);
            }
          });
      for (const row of rows.values()) {
        const count = hosts.get(row.host) ?? { host: row.host, links: 0, items: 0, last: '' };
        count.links += 1;
        if (count.last !== node.key) count.items += 1;
        count.last = node.key;
        hosts.set(row.host, count);
        await out.write(`${JSON.stringify(row)}\n`);
      }
    },
    close: () => out.close(),
    /** Hosts by rows, most first. */
    listHosts: (): HostCount[] =>
      [...hosts.values()]
        .map(({ host, links, items }) => ({ host, links, items }))
        .sort((a, b) => b.links - a.links || a.host.localeCompare(b.host)),
  };
}

export type ExternalLinks = ReturnType<typeof createExternalLinks>;
