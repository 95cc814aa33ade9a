/**
 * Fetches every content type the snapshot references, each once: the types of content items (by alias), then in
 * waves their compositions and allowed child types and the element types used in block values (by key).
 * Media types are not served by the content-type operations, so they are listed as unavailable without a request.
 */
import type { CrawlLog } from './crawl-log.ts';
import { normaliseContentType } from './content-type-shape.ts';
import type { ContentTypeLookup, ReadClient } from './read-client.ts';
import type { ContentTypeRecord, UnavailableContentType } from './snapshot-format.ts';

/** Each referenced alias or key with the first thing that referenced it. */
export interface TypeReferences {
  aliases: Map<string, string>;
  keys: Map<string, string>;
  mediaAliases: Map<string, string>;
}

export const createTypeReferences = (): TypeReferences => ({ aliases: new Map(), keys: new Map(), mediaAliases: new Map() });

export function addReference(map: Map<string, string>, value: string, referencedBy: string): void {
  if (!map.has(value)) map.set(value, referencedBy);
}

interface Lookup {
  by: 'alias' | 'key';
  value: string;
  referencedBy: string;
}

export interface ContentTypeCrawl {
  contentTypes: ContentTypeRecord[];
  unavailable: UnavailableContentType[];
}

export interface LookupHooks {
  queued(count: number): void;
  done(): void;
}

export const DEFAULT_MAX_CONTENT_TYPES = 10_000;

/**
 * `maxLookups` bounds discovery: a source that invents a new composition in every answer would otherwise keep
 * the crawl going forever. Past it the remaining references are one failure, so the run is not complete.
 */
export async function crawlContentTypes(refs: TypeReferences, read: ReadClient, log: CrawlLog, hooks: LookupHooks,
  maxLookups = DEFAULT_MAX_CONTENT_TYPES): Promise<ContentTypeCrawl> {
  let budget = maxLookups;
  const byKey = new Map<string, ContentTypeRecord>();
  const unavailable: UnavailableContentType[] = [...refs.mediaAliases].map(([alias, referencedBy]) => ({ alias, reason: 'media-type', referencedBy }));
  const triedKeys = new Set<string>();
  const pendingKeys = new Map(refs.keys);
  let wave: Lookup[] = [...refs.aliases].map(([value, referencedBy]) => ({ by: 'alias', value, referencedBy }));

  const accept = (lookup: Lookup, result: ContentTypeLookup): void => {
    if ('unavailable' in result) {
      unavailable.push({ [lookup.by]: lookup.value, reason: result.unavailable, referencedBy: lookup.referencedBy, url: result.url });
      return;
    }
    const type = normaliseContentType(result.found, log);
    triedKeys.add(type.key);
    if (byKey.has(type.key)) return;
    byKey.set(type.key, type);
    for (const ref of type.compositions) addReference(pendingKeys, ref.key, `composition of ${type.alias}`);
    for (const ref of type.allowedContentTypes) addReference(pendingKeys, ref.key, `allowed child type of ${type.alias}`);
  };

  while (wave.length > 0) {
    if (wave.length > budget) {
      log.addFailure({
        url: '', operation: 'GetContentTypeByKey', status: 0, attempts: 0,
        message: `content-type discovery stopped at --max-content-types ${maxLookups}: ${wave.length - budget} more referenced types not fetched`,
      });
      wave = wave.slice(0, budget);
      pendingKeys.clear();
      budget = -1;
    }
    if (budget >= 0) budget -= wave.length;
    hooks.queued(wave.length);
    const results = await Promise.all(
      wave.map(async (lookup) => {
        const result = await read.lookupContentType(lookup.by, lookup.value);
        hooks.done();
        return [lookup, result] as const;
      }),
    );
    for (const [lookup, result] of results) accept(lookup, result);
    if (budget < 0) break;
    wave = [...pendingKeys].filter(([key]) => !triedKeys.has(key)).map(([value, referencedBy]) => ({ by: 'key', value, referencedBy }));
    wave.forEach((lookup) => triedKeys.add(lookup.value));
    pendingKeys.clear();
  }

  warnUnknown(unavailable, log);
  return {
    contentTypes: [...byKey.values()].sort((a, b) => a.alias.localeCompare(b.alias) || a.key.localeCompare(b.key)),
    unavailable: unavailable.sort((a, b) => (a.alias ?? a.key ?? '').localeCompare(b.alias ?? b.key ?? '')),
  };
}

/** Types the source says it does not know; failed lookups are already failures, media types expected. */
function warnUnknown(unavailable: readonly UnavailableContentType[], log: CrawlLog): void {
  for (const entry of unavailable) {
    if (entry.reason !== 'not-found' && entry.reason !== 'null-body') continue;
    const what = entry.alias !== undefined ? `alias ${entry.alias}` : `key ${entry.key}`;
    log.addWarning({ code: 'content-type-unavailable', message: `content type ${what} (${entry.referencedBy}) is unknown to the source`, url: entry.url });
  }
}
