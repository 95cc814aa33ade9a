/**
 * The read-api operations the crawl uses, each answer checked by answer-check.ts (what the snapshot needs, and the
 * documented shapes). Failures and deviations go to the crawl log; callers get a usable value or undefined.
 */
import { SHAPES, createAnswerCheck } from '../answers/answer-check.ts';
import type { CrawlLog } from '../crawl-log.ts';
import type { HttpClient, HttpOutcome } from './http-client.ts';
import type { ItemKind } from '../../core/snapshot-format.ts';
import type { ContentTypeCore, ItemCore, SummaryCore } from '../answers/source-schemas.ts';

/**
 * maxLevel of a single item: the root level, below every item's own, so no node of the answer carries children on any
 * generation. A higher one costs the square of a folder's size on Umbraco 7/8, whose media ancestors in `path` come
 * with their children down to maxLevel (read-api.md).
 */
export const ITEM_MAX_LEVEL = 1;

const OPERATIONS = {
  content: { atRoot: 'GetContentAtRoot', byId: 'GetContentById', list: 'GetContentTypes' },
  media: { atRoot: 'GetMediaAtRoot', byId: 'GetMediaById', list: 'GetMediaTypes' },
} as const;

export interface Ref {
  id?: number;
  key?: string;
  alias?: string;
}

export type ContentTypeLookup =
  | { found: ContentTypeCore; url: string }
  | { unavailable: 'not-found' | 'null-body' | 'failed' | 'invalid'; url: string };

/** Where a tree came from, for failure and warning entries. */
export interface TreeContext {
  operation: string;
  url: string;
  attempts: number;
  /** The id the tree was asked for. */
  id?: number;
}

/** A root's tree; the answer is also the root's full item, so the root is not asked for again. */
export type RootTree = TreeContext & { root: ItemCore };

/** One window of a tree: an item with its descendants down to a level; the answer is also the item's full item. */
export type TreeWindow = RootTree & { bytes: number };

/** A window answer refused for its size: not recorded, so the caller can ask again for fewer levels. */
export interface TooLarge {
  tooLarge: Extract<HttpOutcome, { ok: false }>;
}

export interface ReadClient {
  findRoots(kind: ItemKind): Promise<SummaryCore[] | undefined>;
  /** The item `id` with its descendants down to the absolute level `maxLevel` (one window of its tree). */
  findWindow(
    kind: ItemKind,
    id: number,
    maxLevel: number,
    maxBytes?: number,
  ): Promise<TreeWindow | TooLarge | undefined>;

  findItem(kind: ItemKind, id: number): Promise<ItemCore | undefined>;
  lookupContentType(by: 'alias' | 'key', value: string): Promise<ContentTypeLookup>;
  /** Every type of a kind (`GetContentTypes`, `GetMediaTypes`, outside the nine); undefined when not offered. */
  listTypes(kind: ItemKind): Promise<{ types: ContentTypeCore[]; url: string } | undefined>;
  /** Checks one tree node; `where` locates it in the answer for the failure entry. */
  checkSummary(node: unknown, context: TreeContext & { where: string }): SummaryCore | undefined;
}

export function createReadClient(http: HttpClient, log: CrawlLog): ReadClient {
  function recordFailure(operation: string, outcome: Extract<HttpOutcome, { ok: false }>, ref: Ref): void {
    log.addFailure({
      url: outcome.url,
      operation,
      ...ref,
      status: outcome.status,
      attempts: outcome.attempts,
      message: outcome.message,
    });
  }

  const check = createAnswerCheck(log);

  function checkItem(
    kind: ItemKind,
    id: number,
    outcome: Extract<HttpOutcome, { ok: true }>,
    operation: string,
  ): ItemCore | undefined {
    const at = { operation, url: outcome.url, attempts: outcome.attempts, ref: { id }, status: outcome.status };
    const item = check<ItemCore>(SHAPES[kind], outcome.body, at);
    if (item === undefined || item.id === id) return item;
    log.addFailure({
      id,
      url: at.url,
      operation,
      status: outcome.status,
      attempts: at.attempts,
      message: `asked for id ${id}, got item ${item.id}`,
    });
    return undefined;
  }

  async function findRoots(kind: ItemKind): Promise<SummaryCore[] | undefined> {
    const operation = OPERATIONS[kind].atRoot;
    const outcome = await http.get(operation, { maxLevel: 1 });
    if (!outcome.ok) return void recordFailure(operation, outcome, {});
    if (!Array.isArray(outcome.body)) {
      log.addFailure({
        url: outcome.url,
        operation,
        status: outcome.status,
        attempts: outcome.attempts,
        message: 'expected an array of items',
      });
      return undefined;
    }
    const roots: SummaryCore[] = [];
    outcome.body.forEach((node, index) => {
      const root = check<SummaryCore>(SHAPES.summary, node, {
        operation,
        url: outcome.url,
        attempts: outcome.attempts,
        ref: {},
        where: `[${index}]`,
      });
      if (root === undefined) return;
      log.noteVariant('atRootMaxLevel', root.children === undefined ? 'honoured' : 'ignored');
      roots.push(root);
    });
    return roots;
  }

  async function findWindow(
    kind: ItemKind,
    id: number,
    maxLevel: number,
    maxBytes?: number,
  ): Promise<TreeWindow | TooLarge | undefined> {
    const operation = OPERATIONS[kind].byId;
    const outcome = await http.get(operation, { id, maxLevel }, maxBytes);
    if (!outcome.ok && outcome.reason === 'too-large') return { tooLarge: outcome };
    if (!outcome.ok) return void recordFailure(operation, outcome, { id });
    const root = checkItem(kind, id, outcome, operation);
    if (root === undefined) return undefined;
    return { operation, url: outcome.url, attempts: outcome.attempts, id, root, bytes: outcome.bytes };
  }

  async function findItem(kind: ItemKind, id: number): Promise<ItemCore | undefined> {
    const operation = OPERATIONS[kind].byId;
    const outcome = await http.get(operation, { id, maxLevel: ITEM_MAX_LEVEL });
    if (!outcome.ok) return void recordFailure(operation, outcome, { id });
    const item = checkItem(kind, id, outcome, operation);
    if (item === undefined) return undefined;
    log.noteVariant('byIdMaxLevel', item.children === undefined ? 'honoured' : 'ignored');
    const bytes = (item.properties.umbracoBytes as { value?: unknown } | undefined)?.value;
    if (bytes !== undefined && bytes !== null)
      log.noteVariant('umbracoBytes', typeof bytes === 'number' ? 'int' : typeof bytes);
    return item;
  }

  async function lookupContentType(by: 'alias' | 'key', value: string): Promise<ContentTypeLookup> {
    const operation = by === 'alias' ? 'GetContentTypeByAlias' : 'GetContentTypeByKey';
    const ref = by === 'alias' ? { alias: value } : { key: value };
    const outcome = await http.get(operation, { [by]: value });
    if (!outcome.ok && outcome.status === 404) {
      log.noteVariant('unknownContentType', 'not-found');
      return { unavailable: 'not-found', url: outcome.url };
    }
    if (!outcome.ok) {
      recordFailure(operation, outcome, ref);
      return { unavailable: 'failed', url: outcome.url };
    }
    if (outcome.body === null) {
      log.noteVariant('unknownContentType', 'null-body');
      return { unavailable: 'null-body', url: outcome.url };
    }
    const found = check<ContentTypeCore>(SHAPES.contentType, outcome.body, {
      operation,
      url: outcome.url,
      attempts: outcome.attempts,
      ref,
    });
    return found === undefined ? { unavailable: 'invalid', url: outcome.url } : { found, url: outcome.url };
  }

  async function listTypes(kind: ItemKind): Promise<{ types: ContentTypeCore[]; url: string } | undefined> {
    const operation = OPERATIONS[kind].list;
    const feature = kind === 'content' ? 'contentTypeList' : 'mediaTypeList';
    const outcome = await http.get(operation);
    if (!outcome.ok || !Array.isArray(outcome.body)) {
      log.noteVariant(feature, 'absent');
      if (!outcome.ok && ![404, 405, 501].includes(outcome.status)) {
        log.addWarning({
          code: 'type-list-unavailable',
          message: `${operation} failed (${outcome.message}); types are taken from references only`,
          url: outcome.url,
        });
      }
      return undefined;
    }
    log.noteVariant(feature, 'full');
    const shape = kind === 'content' ? SHAPES.contentType : SHAPES.mediaType;
    const types = outcome.body.flatMap((body, index) => {
      const at = { operation, url: outcome.url, attempts: outcome.attempts, ref: {}, where: `[${index}]` };
      return check<ContentTypeCore>(shape, body, at) ?? [];
    });
    return { types, url: outcome.url };
  }

  const checkSummary: ReadClient['checkSummary'] = (node, { operation, url, attempts, id, where }) =>
    check<SummaryCore>(SHAPES.summary, node, { operation, url, attempts, ref: id === undefined ? {} : { id }, where });

  return { findRoots, findWindow, findItem, lookupContentType, listTypes, checkSummary };
}
