/**
 * Every content type the snapshot needs, each asked for once. When the source lists all its types (`GetContentTypes`,
 * outside the nine operations) the list is the answer, unused types included. Otherwise: the types of content items
 * (by alias), then in waves their compositions and allowed child types and the element types used in block values
 * (by key). Media types come from `GetMediaTypes` when offered; the content-type operations do not serve them.
 */
import type { CrawlLog } from '../crawl-log.ts';
import { normaliseContentType } from '../answers/content-type-shape.ts';
import { markElementTypes } from './element-types.ts';
import type { ContentTypeLookup, ReadClient } from '../client/read-client.ts';
import type { ContentTypeRecord, UnavailableContentType } from '../../core/snapshot-format.ts';
import type { ContentTypeCore } from '../answers/source-schemas.ts';

/** Each referenced alias or key with the first thing that referenced it; element uses kept apart for element types. */
export interface TypeReferences {
  aliases: Map<string, string>;
  keys: Map<string, string>;
  mediaAliases: Map<string, string>;
  elementKeys: Set<string>;
  elementAliases: Set<string>;
  /** Types of content items (document types by use). */
  documentAliases: Set<string>;
}

export const createTypeReferences = (): TypeReferences => ({
  aliases: new Map(),
  keys: new Map(),
  mediaAliases: new Map(),
  elementKeys: new Set(),
  elementAliases: new Set(),
  documentAliases: new Set(),
});

export function addReference(map: Map<string, string>, value: string, referencedBy: string): void {
  if (!map.has(value)) map.set(value, referencedBy);
}

interface Lookup {
  by: 'alias' | 'key';
  value: string;
  referencedBy: string;
}

export type TypeList = { types: ContentTypeCore[]; url: string } | undefined;

export interface ContentTypeCrawl {
  contentTypes: ContentTypeRecord[];
  mediaTypes?: ContentTypeRecord[];
  unavailable: UnavailableContentType[];
  /** Requests made for single types (the lists not included). */
  lookups: number;
}

/** Progress of the phase: `queued` types listed or looked up, `done` once per type kept (what is written). */
export interface LookupHooks {
  queued(count: number): void;
  done(): void;
}

export const DEFAULT_MAX_CONTENT_TYPES = 10_000;

/**
 * `maxLookups` bounds discovery: a source that invents a new composition in every answer would otherwise keep
 * the crawl going forever. Past it the remaining references are one failure, so the run is not complete.
 */
export async function crawlContentTypes(
  refs: TypeReferences,
  read: ReadClient,
  log: CrawlLog,
  hooks: LookupHooks,
  lists: { content: TypeList; media: TypeList },
  maxLookups = DEFAULT_MAX_CONTENT_TYPES,
): Promise<ContentTypeCrawl> {
  let budget = maxLookups;
  const byKey = new Map<string, ContentTypeRecord>();
  const unavailable: UnavailableContentType[] = [];
  const triedKeys = new Set<string>();
  const pendingKeys = new Map(refs.keys);
  let lookups = 0;

  const accept = (lookup: Lookup, result: ContentTypeLookup): void => {
    if ('unavailable' in result) {
      unavailable.push({
        [lookup.by]: lookup.value,
        reason: result.unavailable,
        referencedBy: lookup.referencedBy,
        url: result.url,
      });
      return;
    }
    const type = normaliseContentType(result.found, log);
    triedKeys.add(type.key);
    if (byKey.has(type.key)) return;
    byKey.set(type.key, type);
    hooks.done();
    for (const ref of type.compositions) addReference(pendingKeys, ref.key, `composition of ${type.alias}`);
    for (const ref of type.allowedContentTypes)
      addReference(pendingKeys, ref.key, `allowed child type of ${type.alias}`);
  };

  if (lists.content !== undefined) {
    hooks.queued(lists.content.types.length);
    for (const found of lists.content.types)
      accept({ by: 'key', value: found.key, referencedBy: 'GetContentTypes' }, { found, url: lists.content.url });
    unavailable.push(...listUnlisted(refs, byKey, lists.content.url));
  } else {
    let wave: Lookup[] = [...refs.aliases].map(([value, referencedBy]) => ({ by: 'alias', value, referencedBy }));
    while (wave.length > 0) {
      if (wave.length > budget) {
        log.addFailure({
          url: '',
          operation: 'GetContentTypeByKey',
          status: 0,
          attempts: 0,
          message:
            `content-type discovery stopped at --max-content-types ${maxLookups}: ` +
            `${wave.length - budget} more referenced types not fetched`,
        });
        wave = wave.slice(0, budget);
        pendingKeys.clear();
        budget = -1;
      }
      if (budget >= 0) budget -= wave.length;
      hooks.queued(wave.length);
      lookups += wave.length;
      const results = await Promise.all(
        wave.map(async (lookup) => {
          const result = await read.lookupContentType(lookup.by, lookup.value);
          return [lookup, result] as const;
        }),
      );
      for (const [lookup, result] of results) accept(lookup, result);
      if (budget < 0) break;
      wave = [...pendingKeys]
        .filter(([key]) => !triedKeys.has(key))
        .map(([value, referencedBy]) => ({ by: 'key', value, referencedBy }));
      wave.forEach((lookup) => triedKeys.add(lookup.value));
      pendingKeys.clear();
    }
  }
  const mediaTypes = lists.media?.types.map((type) => normaliseContentType(type, log));
  unavailable.push(...listMediaTypesMissing(refs, mediaTypes, lists.media?.url));
  warnUnknown(unavailable, log);
  const byName = (a: ContentTypeRecord, b: ContentTypeRecord) =>
    a.alias.localeCompare(b.alias) || a.key.localeCompare(b.key);
  return {
    contentTypes: markElementTypes([...byKey.values()], { ...refs, flagTrusted: isElementFlagTrusted(log) }).sort(
      byName,
    ),
    ...(mediaTypes === undefined ? {} : { mediaTypes: mediaTypes.sort(byName) }),
    unavailable: unavailable.sort((a, b) => (a.alias ?? a.key ?? '').localeCompare(b.alias ?? b.key ?? '')),
    lookups,
  };
}

/** Only the local read service sends the database's flag; the plugins send `false` for every type, or nothing. */
function isElementFlagTrusted(log: CrawlLog): boolean {
  const seen = log.listVariants().contentType ?? [];
  return seen.length > 0 && seen.every((variant) => variant === 'local-service');
}

/** With the full list in hand, a referenced type missing from it is unknown to the source: no request needed. */
function listUnlisted(
  refs: TypeReferences,
  byKey: Map<string, ContentTypeRecord>,
  url: string,
): UnavailableContentType[] {
  const aliases = new Set([...byKey.values()].map((type) => type.alias.toLowerCase()));
  const missingAliases = [...refs.aliases].filter(([alias]) => !aliases.has(alias.toLowerCase()));
  const missingKeys = [...refs.keys].filter(([key]) => !byKey.has(key));
  return [
    ...missingAliases.map(([alias, referencedBy]) => ({ alias, reason: 'not-found' as const, referencedBy, url })),
    ...missingKeys.map(([key, referencedBy]) => ({ key, reason: 'not-found' as const, referencedBy, url })),
  ];
}

function listMediaTypesMissing(
  refs: TypeReferences,
  mediaTypes: ContentTypeRecord[] | undefined,
  url: string | undefined,
): UnavailableContentType[] {
  const known = new Set((mediaTypes ?? []).map((type) => type.alias.toLowerCase()));
  return [...refs.mediaAliases]
    .filter(([alias]) => !known.has(alias.toLowerCase()))
    .map(([alias, referencedBy]) =>
      mediaTypes === undefined
        ? { alias, reason: 'media-type' as const, referencedBy }
        : { alias, reason: 'not-found' as const, referencedBy, ...(url ? { url } : {}) },
    );
}

/** Types the source says it does not know; failed lookups are already failures, media types expected. */
function warnUnknown(unavailable: readonly UnavailableContentType[], log: CrawlLog): void {
  for (const entry of unavailable) {
    if (entry.reason !== 'not-found' && entry.reason !== 'null-body') continue;
    const what = entry.alias !== undefined ? `alias ${entry.alias}` : `key ${entry.key}`;
    log.addWarning({
      code: 'content-type-unavailable',
      message: `content type ${what} (${entry.referencedBy}) is unknown to the source`,
      url: entry.url,
    });
  }
}
