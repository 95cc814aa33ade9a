/**
 * The crawl plan: roots → each root's tree → every item by id → every referenced content type,
 * streamed into a snapshot store that only replaces the previous snapshot when the crawl is complete enough.
 */
import type { AnswerLimits } from './client/answer-body.ts';
import type { BackoffPolicy } from './client/backoff.ts';
import { createCrawlLog, type CrawlLog } from './crawl-log.ts';
import { SourceUnreachableError } from './crawl-errors.ts';
import { crawlContentTypes, createTypeReferences, type ContentTypeCrawl } from './plan/content-type-plan.ts';
import { DEFAULT_API_PATH, describeOtherApiPaths } from './client/api-path.ts';
import { createHttpClient } from './client/http-client.ts';
import { crawlExtras, type ExtrasCrawl } from './plan/extras-plan.ts';
import { crawlItems, type ItemCrawlResult } from './plan/item-crawl.ts';
import { openPreviousSnapshot, type PreviousSnapshot } from './plan/previous-snapshot.ts';
import { compareTypes, crawlItemTypesFirst, rememberTypeLookups, type SameType } from './plan/type-baseline.ts';
import { silentProgress, type Progress } from './progress.ts';
import { createReadClient } from './client/read-client.ts';
import { FORMAT_VERSION, ITEMS_PER_CHUNK, type ItemKind, type Manifest } from '../core/snapshot-format.ts';
import { findShrink, type Shrink } from './store/shrink-guard.ts';
import { openSnapshotStore } from './store/snapshot-store.ts';
import { createTreeFlattener, type TreeEntry } from './plan/tree-walk.ts';
import { createTreeFetcher, type TreeFetchDeps } from './plan/tree-fetch.ts';
import { createWindowSizer, describeWindows } from './plan/tree-windows.ts';
import { createPrefetchedItems } from './plan/prefetched-items.ts';
import { DEFAULT_LIMITS } from './client/answer-body.ts';

export interface CrawlOptions {
  /** `source.apiPath`: where the operations are mounted under `source.url` (default `/cms/Ext/Migrations/`). */
  source: Manifest['source'];
  apiKey?: string;
  /** Absolute path of the snapshot folder. */
  out: string;
  sinceSnapshot?: string;
  /** With `sinceSnapshot`: crawl in full when the previous snapshot ends this many incremental crawls in a row. */
  fullRefreshEvery?: number;
  maxFailures: number;
  concurrency: number;
  timeoutMs: number;
  retries: number;
  backoff: BackoffPolicy;
  tool: Manifest['tool'];
  progress?: Progress;
  signal?: AbortSignal;
  itemsPerChunk?: number;
  limits?: AnswerLimits;
  maxContentTypes?: number;
  followRedirects?: boolean;
  /** Accept a snapshot that is empty or much smaller than the one at `out`. */
  allowShrink?: boolean;
  /** Hears how the tree windows narrow (--verbose). */
  note?: (line: string) => void;
}

export interface CrawlResult {
  /** Where the snapshot went: `out`, or `<out>.partial` when failures exceeded the tolerance or it shrank. */
  dir: string;
  manifest: Omit<Manifest, 'files'>;
  /** Set when a complete snapshot was refused for shrinking against the one at `out`. */
  shrink?: Shrink;
}

export async function crawl(options: CrawlOptions): Promise<CrawlResult> {
  const startedAt = new Date().toISOString();
  const progress = options.progress ?? silentProgress;
  const log = createCrawlLog();
  const http = createHttpClient({
    baseUrl: options.source.url,
    apiPath: options.source.apiPath,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    retries: options.retries,
    concurrency: options.concurrency,
    backoff: options.backoff,
    signal: options.signal,
    onErrorBody: (style) => log.noteVariant('errorBody', style),
    limits: options.limits,
    followRedirects: options.followRedirects,
  });
  const read = rememberTypeLookups(createReadClient(http, log));
  const previous = await openBaseline(options, log);
  const store = await openSnapshotStore(options.out, options.itemsPerChunk ?? ITEMS_PER_CHUNK);
  const prefetched = createPrefetchedItems(`${options.out}.prefetch-${process.pid}`);
  try {
    const maxAnswerBytes = (options.limits ?? DEFAULT_LIMITS).maxAnswerBytes;
    // One sizer per kind: media trees (and older plugins' media answers) do not predict content trees.
    const sizers = {
      content: createWindowSizer(maxAnswerBytes, (line) => options.note?.(`content ${line}`)),
      media: createWindowSizer(maxAnswerBytes, (line) => options.note?.(`media ${line}`)),
    };
    const walk = {
      read,
      log,
      prefetched,
      concurrency: options.concurrency,
      maxAnswerBytes,
      progress,
    };
    progress.start('tree windows', 0);
    const content = await listTreeEntries('content', { ...walk, sizer: sizers.content });
    if (http.stats.answers === 0) throw unreachable(options.source.url, log);
    const notMounted = findRootNotFound(log);
    if (notMounted !== undefined)
      throw new SourceUnreachableError(
        `${notMounted}: ${describeOtherApiPaths(options.source.apiPath ?? DEFAULT_API_PATH)}`,
      );
    const media = await listTreeEntries('media', { ...walk, sizer: sizers.media });
    const lists = { content: await read.listTypes('content'), media: await read.listTypes('media') };
    const sameType: SameType =
      previous === undefined
        ? () => false
        : compareTypes(
            previous.types,
            await crawlItemTypesFirst(
              { content: content.entries, media: media.entries },
              read,
              lists,
              options.maxContentTypes,
            ),
          );
    const refs = createTypeReferences();
    const window = Math.max(64, options.concurrency * 16);
    const deps = { read, log, store, previous, sameType, refs, progress, window };
    progress.start('items', content.entries.length + media.entries.length);
    const contentItems = await crawlItems('content', content.entries, { ...deps, prefetched });
    const mediaItems = await crawlItems('media', media.entries, { ...deps, prefetched });
    progress.start('content types', 0);
    const hooks = { queued: (count: number) => progress.grow(count), done: () => progress.tick() };
    const types = await crawlContentTypes(refs, read, log, hooks, lists, options.maxContentTypes);
    const extras = await crawlExtras(http, log, (name) => store.openExtra(name));
    progress.stop();
    warnRepairs(http.stats, log);
    const { lookups, ...typesFile } = types;
    const items = content.trees + media.trees + contentItems.fetched + mediaItems.fetched;
    const plan = { atRoot: 2, items, contentTypes: lookups, typeLists: 2, extras: extras.requests };
    const incrementalRuns = previous === undefined ? 0 : previous.incrementalRuns + 1;
    const manifest = buildManifest(options, startedAt, log, {
      content: content.entries,
      media: media.entries,
      contentItems,
      mediaItems,
      types,
      extras,
      stats: { ...http.stats, plan },
      incrementalRuns,
    });
    const shrink =
      options.allowShrink || manifest.status !== 'complete'
        ? undefined
        : await findShrink(options.out, manifest.counts);
    const report = {
      formatVersion: FORMAT_VERSION,
      failures: [...log.failures],
      deviations: log.listDeviations(),
      warnings: [...log.warnings],
      unavailableContentTypes: types.unavailable,
      answers: { largest: http.stats.largest ?? null, ...describeWindows([sizers.content, sizers.media]) },
    };
    const dir = await store.finish(
      { manifest, report, contentTypes: { formatVersion: FORMAT_VERSION, ...typesFile } },
      shrink !== undefined,
    );
    return { dir, manifest, ...(shrink === undefined ? {} : { shrink }) };
  } catch (error) {
    progress.stop();
    await store.discard();
    throw error;
  } finally {
    prefetched.close();
    http.close();
  }
}

/** The previous snapshot to reuse items from, unless there is none or a full refresh is due (`incrementalRuns` 0). */
async function openBaseline(options: CrawlOptions, log: CrawlLog): Promise<PreviousSnapshot | undefined> {
  if (options.sinceSnapshot === undefined) return undefined;
  const previous = await openPreviousSnapshot(options.sinceSnapshot, log);
  const every = options.fullRefreshEvery;
  if (previous === undefined || every === undefined || previous.incrementalRuns + 1 < every) return previous;
  return undefined;
}

/** The flattened trees of one kind, and each root's full item (its tree answer), kept so it is not asked for again. */
async function listTreeEntries(kind: ItemKind, walk: TreeFetchDeps): Promise<{ entries: TreeEntry[]; trees: number }> {
  const { read, log } = walk;
  const roots = await read.findRoots(kind);
  if (roots === undefined) return { entries: [], trees: 0 };
  const seen = new Set<number>();
  const ordered = roots
    .map((root, index) => ({ root, sortOrder: Number.isInteger(root.sortOrder) ? (root.sortOrder as number) : index }))
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .filter(({ root }) => {
      if (!seen.has(root.id)) return seen.add(root.id);
      log.addWarning({
        code: 'duplicate-item',
        message: `${kind} root ${root.id} is listed twice at the root; kept once`,
        id: root.id,
      });
      return false;
    });
  const fetcher = createTreeFetcher(kind, walk);
  const trees = await Promise.all(ordered.map(({ root }) => fetcher.fetchTree(root.id)));
  const flattener = createTreeFlattener(kind, read, log);
  ordered.forEach(({ root, sortOrder }, index) => {
    const { children: _children, ...alone } = root;
    flattener.add(trees[index] ?? { operation: 'at-root', url: '', attempts: 0, root: alone }, sortOrder);
    trees[index] = undefined;
  });
  return { entries: flattener.entries, trees: fetcher.requests };
}

interface CrawlOutcome {
  content: TreeEntry[];
  media: TreeEntry[];
  contentItems: ItemCrawlResult;
  mediaItems: ItemCrawlResult;
  types: ContentTypeCrawl;
  extras: ExtrasCrawl;
  stats: { requests: number; attempts: number; plan: NonNullable<Manifest['http']['plan']> };
  incrementalRuns: number;
}

function buildManifest(
  options: CrawlOptions,
  startedAt: string,
  log: CrawlLog,
  outcome: CrawlOutcome,
): Omit<Manifest, 'files'> {
  const { content, media, contentItems, mediaItems, types, extras, stats, incrementalRuns } = outcome;
  return {
    formatVersion: FORMAT_VERSION,
    tool: options.tool,
    status: log.failures.length > options.maxFailures || listingFailed(log) ? 'partial' : 'complete',
    source: options.source,
    startedAt,
    finishedAt: new Date().toISOString(),
    interfaceVariant: log.listVariants(),
    counts: {
      content: content.length,
      media: media.length,
      contentTypes: types.contentTypes.length,
      contentByType: sortRecord(contentItems.byType),
      mediaByType: sortRecord(mediaItems.byType),
      failures: log.failures.length,
      warnings: log.warnings.length,
      deviations: log.listDeviations().length,
    },
    reused: contentItems.reused + mediaItems.reused,
    incrementalRuns,
    http: { requests: stats.requests, attempts: stats.attempts, plan: stats.plan },
    failures: log.failures.map(({ issues: _issues, ...failure }) => failure),
    warnings: [...log.warnings],
    extras: extras.status,
  };
}

/** Without a root listing nothing below it is known: no tolerance makes such a snapshot complete. */
const listingFailed = (log: CrawlLog): boolean => log.failures.some((failure) => failure.operation.endsWith('AtRoot'));

/** The text repairs made at the snapshot boundary, as warnings in the report and the manifest. */
function warnRepairs(
  stats: { repairedStrings: number; invalidUtf8Answers: number; keyEchoes: number },
  log: CrawlLog,
): void {
  if (stats.keyEchoes > 0) {
    log.addWarning({
      code: 'key-echoed',
      message:
        `${stats.keyEchoes} answers held the API key (plain or encoded); it was masked as *** before anything ` +
        `was stored or reported: the source echoes what it is sent`,
    });
  }
  if (stats.repairedStrings > 0) {
    log.addWarning({
      code: 'text-repaired',
      message:
        `${stats.repairedStrings} strings held lone surrogates (a string cut mid-character); each was ` +
        `made well-formed with U+FFFD`,
    });
  }
  if (stats.invalidUtf8Answers > 0) {
    log.addWarning({
      code: 'invalid-utf8',
      message:
        `${stats.invalidUtf8Answers} answers were not valid UTF-8; their bad bytes became the ` +
        `replacement character U+FFFD`,
    });
  }
}

/** The first root call answered 404: nothing is mounted at that path (a wrong operations path, not an empty site). */
function findRootNotFound(log: CrawlLog): string | undefined {
  const failure = log.failures.find((f) => f.operation === 'GetContentAtRoot' && f.status === 404);
  return failure === undefined ? undefined : `HTTP 404 (${failure.message}) from ${failure.url}`;
}

function unreachable(url: string, log: CrawlLog): SourceUnreachableError {
  const first = log.failures[0];
  const why = first === undefined ? 'no answer' : `${first.message} after ${first.attempts} attempts`;
  return new SourceUnreachableError(`cannot reach the source at ${url}: ${why}`);
}

/** Object.fromEntries defines own properties, so `__proto__` stays a count and never becomes the prototype. */
const sortRecord = (counts: Map<string, number>): Record<string, number> =>
  Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
