/**
 * The redirect map: one row per old URL (and language) a migrated site must answer. Three sources, in this order:
 * `live` (today's URL of each published content item, per language), `umbraco-redirect` (each row of Umbraco's
 * redirect table, from the snapshot's extras) and `history` (a URL an item had in a snapshot kept with `--history`
 * that it no longer has). An old URL of an item that is no longer published is listed with status 410.
 */
import { z } from 'zod';
import type { ExtraRecord } from '#core/snapshot-extras.ts';
import type { NodeLookup } from '../node-lookup.ts';
import type { SiteNode } from '../site-data-format.ts';

export const REDIRECT_COLUMNS = [
  'old_url',
  'culture',
  'source',
  'key',
  'type',
  'name',
  'current_url',
  'target_url',
  'status',
  'note',
];

export const redirectRowSchema = z.object({
  old_url: z.string(),
  culture: z.string(),
  source: z.enum(['live', 'history', 'umbraco-redirect']),
  key: z.string(),
  type: z.string(),
  name: z.string(),
  current_url: z.string(),
  target_url: z.string(),
  status: z.number(),
  note: z.string(),
});
export type RedirectRow = z.infer<typeof redirectRowSchema>;
export type RedirectSource = RedirectRow['source'];

/** The URLs of one item in one snapshot: `[culture, url]`, culture '' for an invariant item. */
export interface ItemUrls {
  key: string;
  type: string;
  name: string;
  urls: Array<[culture: string, url: string]>;
}

/** An earlier snapshot's content items, as read from a kept snapshot. */
export interface EarlierUrls {
  finishedAt: string;
  items: ItemUrls[];
}

const routable = (url: string | null | undefined): url is string => typeof url === 'string' && url.startsWith('/');

/** A node's routable URLs per language; the index URL alone for an invariant item. */
export function urlsOfNode(node: Pick<SiteNode, 'url' | 'urls'>): Array<[string, string]> {
  const perLanguage = Object.entries(node.urls ?? {}).filter(([, url]) => routable(url));
  if (perLanguage.length > 0) return perLanguage.sort(([a], [b]) => a.localeCompare(b));
  return routable(node.url) ? [['', node.url]] : [];
}

/** Where a live item is now in a language: that language's URL, else its default URL. */
function currentUrlOf(node: SiteNode, culture: string): string {
  const urls = urlsOfNode(node);
  return urls.find(([c]) => c.toLowerCase() === culture.toLowerCase())?.[1] ?? (routable(node.url) ? node.url : '');
}

export interface RedirectInputs {
  lookup: NodeLookup;
  redirects: Array<ExtraRecord<'redirect-urls'>>;
  /** Items not published now (unpublished or trashed), by key: why an old URL of theirs is gone. */
  hidden: Map<string, { name: string; state: string }>;
  earlier: EarlierUrls[];
}

export function listRedirectRows({ lookup, redirects, hidden, earlier }: RedirectInputs): RedirectRow[] {
  const rows: RedirectRow[] = [];
  const seen = new Set<string>();
  const id = (url: string, culture: string) => `${culture.toLowerCase()}\u0000${url}`;
  for (const node of lookup.nodes) {
    if (node.kind !== 'content') continue;
    for (const [culture, url] of urlsOfNode(node)) {
      seen.add(id(url, culture));
      rows.push(row(url, culture, 'live', node, node.key, 'today’s URL'));
    }
  }
  for (const r of redirects) {
    const node = lookup.findNode(r.contentKey);
    const culture = r.culture ?? '';
    const recorded = r.createDate ? `, recorded ${r.createDate.slice(0, 10)}` : '';
    const gone = hidden.get(r.contentKey)?.state ?? 'not in the snapshot';
    const note = node ? `Umbraco redirect${recorded}` : `Umbraco redirect${recorded}; the item is ${gone}`;
    rows.push(row(r.url, culture, 'umbraco-redirect', node, r.contentKey, note, hidden.get(r.contentKey)?.name));
  }
  for (const snapshot of earlier) {
    for (const item of snapshot.items) {
      for (const [culture, url] of item.urls) {
        if (seen.has(id(url, culture))) continue;
        seen.add(id(url, culture));
        const node = lookup.findNode(item.key);
        const since = `the snapshot of ${snapshot.finishedAt}`;
        const gone = hidden.get(item.key)?.state ?? 'removed';
        const note = node ? `URL in ${since}` : `URL in ${since}; the item is ${gone} now`;
        rows.push(row(url, culture, 'history', node, item.key, note, item.name, item.type));
      }
    }
  }
  return rows;
}

function row(
  oldUrl: string,
  culture: string,
  source: RedirectSource,
  node: SiteNode | undefined,
  key: string,
  note: string,
  name = '',
  type = '',
): RedirectRow {
  return {
    old_url: oldUrl,
    culture,
    source,
    key,
    type: node?.type ?? type,
    name: node?.name ?? name,
    current_url: node ? currentUrlOf(node, culture) : '',
    target_url: '',
    status: node ? 301 : 410,
    note,
  };
}

/**
 * The decisions and the mapping in the map: an item decided `delete` answers 410; otherwise `target_url` is the
 * decision's own target URL, else the URL now of the item it merges into (same language when it has one), else the
 * URL the mapping workbook gives its type as target (`typeTargets`, by type alias).
 */
export function applyDecisionsToRedirects(
  rows: RedirectRow[],
  decisions: ReadonlyArray<{ key: string; disposition: string; mergeInto: string; targetUrl?: string }>,
  findNode: (key: string) => SiteNode | undefined,
  typeTargets: ReadonlyMap<string, string> = new Map(),
): RedirectRow[] {
  const byKey = new Map(decisions.map((d) => [d.key, d]));
  return rows.map((r) => {
    const d = byKey.get(r.key);
    if (d?.disposition === 'delete') return { ...r, status: 410, note: `${r.note}; decided: delete` };
    if (d?.targetUrl) return { ...r, target_url: d.targetUrl, note: `${r.note}; decided: target URL` };
    const into = d?.mergeInto ? findNode(d.mergeInto) : undefined;
    if (into !== undefined)
      return { ...r, target_url: currentUrlOf(into, r.culture), note: `${r.note}; decided: merge into ${into.name}` };
    const mapped = typeTargets.get(r.type);
    if (mapped !== undefined) return { ...r, target_url: mapped, note: `${r.note}; mapping: target of type ${r.type}` };
    return r;
  });
}
