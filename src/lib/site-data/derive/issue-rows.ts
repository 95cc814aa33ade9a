/**
 * The issues overview: the data problems a migration must handle, one row per problem and subject (a type's empty
 * property, a shared URL, a language's missing URLs, a broken target, an external host…), each with a count, a
 * severity, why it matters and the site path of the rows behind it (an inventory page with its filter in the URL).
 * Built after the pass from what it derived; the content audit's duplicate facts are read from its rows, not redone.
 */
import type { TypeIndex } from '../../content-types/type-index.ts';
import { missingValuesPath } from '../../site-paths.ts';
import type { NodeLookup } from '../node-lookup.ts';
import type { BrokenReference, MissingEntry, OrphanMedia, TypeUsage } from '../site-data-format.ts';
import type { HostCount } from './external-links.ts';

export type Severity = 'high' | 'medium' | 'low';

export type IssueRow = {
  problem: string;
  severity: Severity;
  subject: string;
  count: number;
  detail: string;
  why: string;
  link: string;
};

export const ISSUE_COLUMNS = ['problem', 'severity', 'subject', 'count', 'detail', 'why', 'link'];

export const PROBLEMS = {
  mandatory: {
    title: 'Mandatory property empty',
    severity: 'high',
    why: 'The new site will require the value: each item needs it filled or a default before import.',
  },
  seo: {
    title: 'SEO property empty',
    severity: 'medium',
    why: 'Titles, descriptions and meta fields drive search listings; empty ones lose rankings after the move.',
  },
  duplicateUrl: {
    title: 'Duplicate URL',
    severity: 'high',
    why: 'Two items answer one URL: only one can keep it, and the redirect map must say which.',
  },
  noUrl: {
    title: 'No URL in a language',
    severity: 'medium',
    why: 'An item that exists in a language without a URL there is invisible in that language; decide to publish or drop it.',
  },
  broken: {
    title: 'Broken reference',
    severity: 'high',
    why: 'Values point at items or media missing from the snapshot: links that break, or content already lost.',
  },
  exactCopy: {
    title: 'Exact copy',
    severity: 'medium',
    why: 'Items with the same words as another of their type: merge or drop them rather than migrate twice.',
  },
  unusedType: {
    title: 'Unused type',
    severity: 'low',
    why: 'Types no item, block or other type uses need not be rebuilt in the new CMS.',
  },
  orphanMedia: {
    title: 'Orphan media',
    severity: 'low',
    why: 'Files nothing references: leave them behind and save storage and transfer.',
  },
  externalHost: {
    title: 'External links',
    severity: 'low',
    why: 'Outbound URLs to check, rewrite or retire (none were requested while building this list).',
  },
} as const satisfies Record<string, { title: string; severity: Severity; why: string }>;

type Problem = keyof typeof PROBLEMS;

/**
 * SEO-relevant property aliases: one of whose camelCase or snake_case words is an SEO word (`metaDescription`,
 * `seoTitle`, `ogImage`, `noIndex`, `noFollow`), or a page or browser title (`pageTitle`, `browserTitle`);
 * `shortDescription` or `title` alone are content.
 */
const SEO_WORDS = new Set(['seo', 'meta', 'keywords', 'canonical', 'og', 'opengraph', 'robots', 'noindex', 'sitemap']);
const TITLE_WORDS = new Set(['page', 'browser', 'html', 'window']);

export function isSeoAlias(alias: string): boolean {
  const words = alias
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.some((w) => SEO_WORDS.has(w)) || /no_?index|no_?follow/i.test(alias)) return true;
  return words.length === 2 && TITLE_WORDS.has(words[0] as string) && words[1] === 'title';
}

const row = (problem: Problem, subject: string, count: number, detail: string, link: string): IssueRow => ({
  problem: PROBLEMS[problem].title,
  severity: PROBLEMS[problem].severity,
  subject,
  count,
  detail,
  why: PROBLEMS[problem].why,
  link,
});

const query = (page: string, params: Record<string, string>): string =>
  `inventories/${page}/?${new URLSearchParams(params)}`;

export interface IssueInput {
  types: TypeIndex;
  usage: TypeUsage[];
  missing: MissingEntry[];
  lookup: NodeLookup;
  broken: AsyncIterable<BrokenReference>;
  orphans: OrphanMedia[];
  hosts: HostCount[];
  exactCopies: number;
}

function emptyProperties({ types, usage, missing }: IssueInput): IssueRow[] {
  const rows: IssueRow[] = [];
  for (const entry of missing) {
    const type = types.findByAlias(entry.type);
    const property = type && types.listProperties(type).find((p) => p.alias === entry.property);
    const problem: Problem | undefined = property?.mandatory
      ? 'mandatory'
      : isSeoAlias(entry.property)
        ? 'seo'
        : undefined;
    if (problem === undefined || entry.count === 0) continue;
    const total = usage.find((u) => u.kind !== 'media' && u.alias === entry.type)?.itemCount ?? entry.count;
    const detail = `${entry.count} of ${total} items of type ${entry.type} (${Math.round((100 * entry.count) / Math.max(total, 1))} %)`;
    rows.push(
      row(
        problem,
        `${entry.type}.${entry.property}`,
        entry.count,
        detail,
        missingValuesPath(entry.type, entry.property),
      ),
    );
  }
  return rows;
}

function urlProblems({ lookup }: IssueInput): IssueRow[] {
  const holders = new Map<string, Set<string>>();
  const noUrl = new Map<string, number>();
  for (const node of lookup.nodes) {
    if (node.kind !== 'content') continue;
    const urls =
      node.cultures.length > 0
        ? node.cultures.map((iso) => [iso, node.urls?.[iso] ?? null] as const)
        : [['', node.url] as const];
    for (const [iso, url] of urls) {
      if (url === null || url === '' || url === '#') noUrl.set(iso, (noUrl.get(iso) ?? 0) + 1);
      else holders.set(url, (holders.get(url) ?? new Set()).add(node.key));
    }
  }
  const rows = [...holders]
    .filter(([, keys]) => keys.size > 1)
    .map(([url, keys]) =>
      row('duplicateUrl', url, keys.size, `${keys.size} items answer ${url}`, query('items', { q: url })),
    );
  for (const [iso, count] of [...noUrl].sort()) {
    const language = iso === '' ? 'invariant items' : iso;
    const params: Record<string, string> = iso === '' ? { sort: 'url' } : { languages: iso, sort: 'url' };
    rows.push(
      row('noUrl', language, count, `${count} content items without a URL (${language})`, query('items', params)),
    );
  }
  return rows;
}

async function brokenTargets(broken: AsyncIterable<BrokenReference>): Promise<IssueRow[]> {
  const targets = new Map<string, { refs: number; items: Set<string> }>();
  for await (const b of broken) {
    const t = targets.get(b.raw) ?? { refs: 0, items: new Set<string>() };
    t.refs += 1;
    t.items.add(b.fromKey);
    targets.set(b.raw, t);
  }
  return [...targets]
    .sort((a, b) => b[1].refs - a[1].refs || a[0].localeCompare(b[0]))
    .map(([raw, t]) =>
      row(
        'broken',
        raw,
        t.refs,
        `${t.refs} references from ${t.items.size} items`,
        query('broken-references', { q: raw }),
      ),
    );
}

function modelAndMedia({ usage, orphans, hosts, exactCopies }: IssueInput): IssueRow[] {
  const rows: IssueRow[] = [];
  if (exactCopies > 0)
    rows.push(
      row(
        'exactCopy',
        'content items',
        exactCopies,
        `${exactCopies} items copy another's words`,
        query('audit', { duplicate: 'exact copy' }),
      ),
    );
  const unused = usage.filter((u) => u.unused && u.defined);
  if (unused.length > 0)
    rows.push(
      row(
        'unusedType',
        'content types',
        unused.length,
        unused.map((u) => u.alias).join(', '),
        query('content-types', { notes: 'unused' }),
      ),
    );
  if (orphans.length > 0) {
    const bytes = orphans.reduce((sum, o) => sum + (o.bytes ?? 0), 0);
    const detail = `${orphans.length} files, ${(bytes / 1_048_576).toFixed(1)} MB together`;
    rows.push(row('orphanMedia', 'media files', orphans.length, detail, query('orphan-media', { sort: '-bytes' })));
  }
  for (const h of hosts)
    rows.push(
      row(
        'externalHost',
        h.host,
        h.links,
        `${h.links} links in ${h.items} items`,
        query('external-links', { host: h.host }),
      ),
    );
  return rows;
}

/** Every issue row: high severity first, then by problem, larger counts first. */
export async function listIssues(input: IssueInput): Promise<IssueRow[]> {
  const rows = [
    ...emptyProperties(input),
    ...urlProblems(input),
    ...(await brokenTargets(input.broken)),
    ...modelAndMedia(input),
  ];
  const rank: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
  return rows.sort(
    (a, b) =>
      rank[a.severity] - rank[b.severity] ||
      a.problem.localeCompare(b.problem) ||
      b.count - a.count ||
      a.subject.localeCompare(b.subject),
  );
}
