/**
 * Exact lookup of an item by GUID, UDI, int id or URL path, and of a type by key or alias, in the browser: one small
 * shard file fetched per query, no full-text index needed. Keys and shard names are the build's own
 * (lookup-keys.ts), imported, not restated.
 */
import {
  LOOKUP_DIR,
  LOOKUP_LAYOUT_FILE,
  aliasKeyOf,
  aliasShard,
  guidKeyOf,
  guidShard,
  idKeyOf,
  idShard,
  urlKeyOf,
  urlShard,
  type LookupHit,
  type LookupLayout,
  type LookupShard,
} from '../lib/site-data/derive/lookup-keys.ts';

export interface LookupPlan {
  how: 'GUID' | 'UDI' | 'id' | 'URL' | 'alias';
  file: string;
  key: string;
}

export interface ExactHit {
  url: string;
  title: string | undefined;
  kind: string;
  how: LookupPlan['how'];
  language: string | undefined;
}

/** The shard file and key a query names, or undefined when the query is none of the five forms. */
export function planLookup(layout: LookupLayout, query: string): LookupPlan | undefined {
  const guid = guidKeyOf(query);
  if (guid !== undefined)
    return { how: /^\s*umb:/i.test(query) ? 'UDI' : 'GUID', file: guidShard(layout, guid), key: guid };
  const id = idKeyOf(query);
  if (id !== undefined) return { how: 'id', file: idShard(layout, id), key: String(id) };
  const url = urlKeyOf(query);
  if (url !== undefined) return { how: 'URL', file: urlShard(layout, url), key: url };
  const alias = aliasKeyOf(query);
  if (alias !== undefined) return { how: 'alias', file: aliasShard(alias), key: alias };
  return undefined;
}

/**
 * A query that names an item by key (GUID, UDI or id) or by URL path. The full-text index holds no identifiers, and a
 * path's words are every word of its segments: at 1M items the full-text search for a 21-segment path fetched 7.7 MB
 * of postings and took 3.3 s to list the 7 pages holding all of them, where its exact lookup takes one shard file.
 */
export const isKeyLike = (query: string): boolean =>
  guidKeyOf(query) !== undefined || idKeyOf(query) !== undefined || urlKeyOf(query) !== undefined;

const dashed = (h: string): string =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;

/** A JSON file of the site, or `fallback` when it is missing, unreadable or not JSON. */
export async function fetchJson<T>(url: string, fallback: T): Promise<T> {
  return fetch(url)
    .then((r) => (r.ok ? (r.json() as Promise<T>) : fallback))
    .catch(() => fallback);
}

let layoutPromise: Promise<LookupLayout | undefined> | undefined;

/** The hits of one shard entry, each as `[kind, key, name, language?]`. */
function hitsOf(plan: LookupPlan, found: LookupHit | LookupHit[]): LookupHit[] {
  if (plan.how === 'GUID' || plan.how === 'UDI') {
    const [kind, name] = found as LookupHit;
    return [[kind, plan.key, name]];
  }
  return Array.isArray(found[0]) ? (found as LookupHit[]) : [found as LookupHit];
}

/** Items the query names exactly, empty when none. */
export async function findExact(base: string, query: string): Promise<ExactHit[]> {
  layoutPromise ??= fetchJson<LookupLayout | undefined>(`${base}${LOOKUP_DIR}/${LOOKUP_LAYOUT_FILE}`, undefined);
  const layout = await layoutPromise;
  const plan = layout && planLookup(layout, query);
  if (!plan) return [];
  const shard = await fetchJson<LookupShard | undefined>(`${base}${LOOKUP_DIR}/${plan.file}`, undefined);
  const found = shard && Object.hasOwn(shard, plan.key) ? shard[plan.key] : undefined;
  if (!found) return [];
  return hitsOf(plan, found).map(([kind, key, name, language]) => ({
    url: `${base}${kind === 'type' ? 'types' : kind}/${dashed(key)}/`,
    title: name,
    kind,
    how: plan.how,
    language,
  }));
}
