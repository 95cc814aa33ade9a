/**
 * The extension operations (snapshot-extras.ts), asked for like the type lists: a source that does not answer one
 * (404, 405, 501, or anything but an array) is crawled without it, and the manifest says it was not offered; another
 * failure is an `extra-unavailable` warning, never a failure of the crawl. An entry lacking what the site needs is a
 * failure of that URL, like an item's. Entries go to a sink a page at a time (the snapshot's file, as the crawl
 * writes items): at a million demo items the drafts alone are 163,029 entries with their values, and holding every
 * list until the end made the last third of the crawl mostly garbage collection.
 */
import type { CrawlLog } from '../crawl-log.ts';
import { formatIssues } from '../crawl-log.ts';
import type { HttpClient } from '../client/http-client.ts';
import {
  EXTRA_KEY_FIELDS,
  EXTRA_NAMES,
  EXTRA_OPERATIONS,
  EXTRA_SCHEMAS,
  type ExtraName,
  type ExtraStatus,
} from '../../core/snapshot-extras.ts';

export interface ExtrasCrawl {
  status: Record<ExtraName, ExtraStatus>;
  requests: number;
}

/** Where one extra's entries go, as sent (keys lower-cased), in order. */
export interface ExtraSink {
  add(entry: unknown): Promise<void>;
  /** The list ended: `offered` keeps what was added, anything else throws it away. */
  end(status: ExtraStatus): Promise<void>;
}

const NOT_OFFERED = [404, 405, 501];
/** Entries asked for per request (`skip`/`take`): a draft carries its values, so a whole list can be large. */
export const EXTRA_PAGE_SIZE = 500;
/** Past this many pages (a source that never ends a list) the extra is given up, with a warning. */
const MAX_PAGES = 2000;

type ListOutcome = { status: ExtraStatus; requests: number };

export async function crawlExtras(
  http: HttpClient,
  log: CrawlLog,
  sinkFor: (name: ExtraName) => ExtraSink | Promise<ExtraSink>,
): Promise<ExtrasCrawl> {
  const status = {} as Record<ExtraName, ExtraStatus>;
  let requests = 0;
  for (const name of EXTRA_NAMES) {
    const sink = await sinkFor(name);
    let outcome: ListOutcome;
    try {
      outcome = await fetchList(http, log, name, sink);
    } catch (error) {
      await sink.end('failed');
      throw error;
    }
    await sink.end(outcome.status);
    requests += outcome.requests;
    status[name] = outcome.status;
  }
  return { status, requests };
}

/** Asks page after page until one comes back short; a source that ignores paging answers the whole list at once. */
async function fetchList(http: HttpClient, log: CrawlLog, name: ExtraName, sink: ExtraSink): Promise<ListOutcome> {
  const operation = EXTRA_OPERATIONS[name];
  let firstOfList = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const outcome = await http.get(operation, { skip: page * EXTRA_PAGE_SIZE, take: EXTRA_PAGE_SIZE });
    const requests = page + 1;
    if (!outcome.ok && (page > 0 || !NOT_OFFERED.includes(outcome.status))) {
      warn(log, name, `${operation} failed (${outcome.message})`, outcome.url);
      return { status: 'failed', requests };
    }
    if (!outcome.ok || !Array.isArray(outcome.body)) {
      if (page > 0) warn(log, name, `${operation} answered page ${page + 1} with no array`, outcome.url);
      return { status: page === 0 ? 'not-offered' : 'failed', requests };
    }
    // A source that ignores skip sends its first page again: the list has ended.
    const first = JSON.stringify(outcome.body[0]);
    if (page === 0) firstOfList = first;
    else if (first === firstOfList) return { status: 'offered', requests };
    for (const [index, entry] of outcome.body.entries())
      if (checkEntry(log, name, entry, { ...outcome, index: page * EXTRA_PAGE_SIZE + index })) await sink.add(entry);
    if (outcome.body.length !== EXTRA_PAGE_SIZE) return { status: 'offered', requests };
  }
  warn(log, name, `${operation} did not end after ${MAX_PAGES} pages`, '');
  return { status: 'failed', requests: MAX_PAGES };
}

function checkEntry(
  log: CrawlLog,
  name: ExtraName,
  entry: unknown,
  at: { url: string; status: number; attempts: number; index: number },
): boolean {
  lowerCaseKeys(entry);
  const parsed = EXTRA_SCHEMAS[name].safeParse(entry);
  if (parsed.success) return true;
  log.addFailure({
    url: at.url,
    operation: EXTRA_OPERATIONS[name],
    status: at.status,
    attempts: at.attempts,
    message: `answer at [${at.index}] lacks what the snapshot needs`,
    issues: formatIssues(parsed.error.issues, `[${at.index}]`),
  });
  return false;
}

const warn = (log: CrawlLog, name: ExtraName, why: string, url: string): void =>
  log.addWarning({ code: 'extra-unavailable', message: `${why}; the snapshot has no ${name}`, url });

/** In place, so the entry is kept as sent (a property alias such as `__proto__` stays a key). */
function lowerCaseKeys(entry: unknown): void {
  if (typeof entry !== 'object' || entry === null) return;
  const record = entry as Record<string, unknown>;
  for (const field of EXTRA_KEY_FIELDS) {
    const value = Object.hasOwn(record, field) ? record[field] : undefined;
    if (typeof value === 'string') record[field] = value.toLowerCase();
  }
}
