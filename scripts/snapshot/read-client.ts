/**
 * The read-api operations the crawl uses, each answer checked against source-schemas.ts.
 * Failures and deviations go to the crawl log; callers get a usable value or undefined.
 */
import type { z } from 'zod';
import { formatIssues, type CrawlLog } from './crawl-log.ts';
import type { HttpClient, HttpOutcome } from './http-client.ts';
import type { ItemKind } from './snapshot-format.ts';
import {
  contentTypeCore,
  contentTypeDocumented,
  itemCore,
  itemDocumented,
  summaryCore,
  summaryDocumented,
  type ContentTypeCore,
  type ItemCore,
  type SummaryCore,
} from './source-schemas.ts';

/** "Full maxLevel": deeper than any Umbraco tree, so one by-id answer holds a whole root's subtree. */
export const FULL_DEPTH = 10_000;

const OPERATIONS = {
  content: { atRoot: 'GetContentAtRoot', byId: 'GetContentById' },
  media: { atRoot: 'GetMediaAtRoot', byId: 'GetMediaById' },
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

export interface ReadClient {
  findRoots(kind: ItemKind): Promise<SummaryCore[] | undefined>;
  findTree(kind: ItemKind, id: number): Promise<(TreeContext & { root: SummaryCore }) | undefined>;
  findItem(kind: ItemKind, id: number, level: number): Promise<ItemCore | undefined>;
  lookupContentType(by: 'alias' | 'key', value: string): Promise<ContentTypeLookup>;
  /** Checks one tree node; `where` locates it in the answer for the failure entry. */
  checkSummary(node: unknown, context: TreeContext & { where: string }): SummaryCore | undefined;
}

export function createReadClient(http: HttpClient, log: CrawlLog): ReadClient {
  function recordFailure(operation: string, outcome: Extract<HttpOutcome, { ok: false }>, ref: Ref): void {
    log.addFailure({ url: outcome.url, operation, ...ref, status: outcome.status, attempts: outcome.attempts, message: outcome.message });
  }

  interface CheckContext {
    operation: string;
    url: string;
    attempts: number;
    ref: Ref;
    where?: string;
    status?: number;
  }

  function check<T>(core: z.ZodType<T>, documented: z.ZodType, body: unknown, at: CheckContext): T | undefined {
    const parsed = core.safeParse(body);
    if (!parsed.success) {
      const where = at.where === undefined ? '' : ` at ${at.where}`;
      log.addFailure({
        url: at.url, operation: at.operation, ...at.ref, status: at.status ?? 200, attempts: at.attempts,
        message: `answer${where} lacks what the snapshot needs`,
        issues: formatIssues(parsed.error.issues, at.where),
      });
      return undefined;
    }
    const shape = documented.safeParse(body);
    if (!shape.success) log.addDeviations(at.operation, at.url, shape.error.issues, at.where?.replace(/\[\d+\]/g, '[]'));
    // The core schemas only check (no transforms), so the body itself is kept: its field order is the source's.
    return body as T;
  }

  async function findRoots(kind: ItemKind): Promise<SummaryCore[] | undefined> {
    const operation = OPERATIONS[kind].atRoot;
    const outcome = await http.get(operation, { maxLevel: 1 });
    if (!outcome.ok) return void recordFailure(operation, outcome, {});
    if (!Array.isArray(outcome.body)) {
      log.addFailure({ url: outcome.url, operation, status: outcome.status, attempts: outcome.attempts, message: 'expected an array of items' });
      return undefined;
    }
    const roots: SummaryCore[] = [];
    outcome.body.forEach((node, index) => {
      const root = check(summaryCore, summaryDocumented, node, { operation, url: outcome.url, attempts: outcome.attempts, ref: {}, where: `[${index}]` });
      if (root === undefined) return;
      log.noteVariant('atRootMaxLevel', root.children === undefined ? 'honoured' : 'ignored');
      roots.push(root);
    });
    return roots;
  }

  async function findTree(kind: ItemKind, id: number): Promise<(TreeContext & { root: SummaryCore }) | undefined> {
    const operation = OPERATIONS[kind].byId;
    const outcome = await http.get(operation, { id, maxLevel: FULL_DEPTH });
    if (!outcome.ok) return void recordFailure(operation, outcome, { id });
    const root = check(summaryCore, itemDocumented, outcome.body, { operation, url: outcome.url, attempts: outcome.attempts, ref: { id } });
    if (root === undefined) return undefined;
    if (root.id !== id) {
      log.addFailure({ url: outcome.url, operation, id, status: outcome.status, attempts: outcome.attempts, message: `asked for id ${id}, got item ${root.id}` });
      return undefined;
    }
    return { operation, url: outcome.url, attempts: outcome.attempts, id, root };
  }

  async function findItem(kind: ItemKind, id: number, level: number): Promise<ItemCore | undefined> {
    const operation = OPERATIONS[kind].byId;
    const outcome = await http.get(operation, { id, maxLevel: level });
    if (!outcome.ok) return void recordFailure(operation, outcome, { id });
    const at = { operation, url: outcome.url, attempts: outcome.attempts, ref: { id }, status: outcome.status };
    const item = check(itemCore, itemDocumented, outcome.body, at);
    if (item === undefined) return undefined;
    if (item.id !== id) {
      log.addFailure({ ...at.ref, url: at.url, operation, status: outcome.status, attempts: at.attempts, message: `asked for id ${id}, got item ${item.id}` });
      return undefined;
    }
    log.noteVariant('byIdMaxLevel', item.children === undefined ? 'honoured' : 'ignored');
    const bytes = (item.properties.umbracoBytes as { value?: unknown } | undefined)?.value;
    if (bytes !== undefined && bytes !== null) log.noteVariant('umbracoBytes', typeof bytes === 'number' ? 'int' : typeof bytes);
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
    const found = check(contentTypeCore, contentTypeDocumented, outcome.body, { operation, url: outcome.url, attempts: outcome.attempts, ref });
    return found === undefined ? { unavailable: 'invalid', url: outcome.url } : { found, url: outcome.url };
  }

  const checkSummary: ReadClient['checkSummary'] = (node, { operation, url, attempts, id, where }) =>
    check(summaryCore, summaryDocumented, node, { operation, url, attempts, ref: id === undefined ? {} : { id }, where });

  return { findRoots, findTree, findItem, lookupContentType, checkSummary };
}
