/**
 * The extension operations (snapshot-extras.ts), asked for like the type lists: a source that does not answer one
 * (404, 405, 501, or anything but an array) is crawled without it, and the manifest says it was not offered; another
 * failure is an `extra-unavailable` warning, never a failure of the crawl. An entry lacking what the site needs is a
 * failure of that URL, like an item's.
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
  /** The entries of each offered extra, as sent (keys lower-cased). */
  records: Map<ExtraName, unknown[]>;
  requests: number;
}

const NOT_OFFERED = [404, 405, 501];
/** Entries asked for per request (`skip`/`take`): a draft carries its values, so a whole list can be large. */
export const EXTRA_PAGE_SIZE = 500;
/** Past this many pages (a source that never ends a list) the extra is given up, with a warning. */
const MAX_PAGES = 2000;

type ListOutcome = { status: ExtraStatus; entries: unknown[]; requests: number };

export async function crawlExtras(http: HttpClient, log: CrawlLog): Promise<ExtrasCrawl> {
  const status = {} as Record<ExtraName, ExtraStatus>;
  const records = new Map<ExtraName, unknown[]>();
  let requests = 0;
  for (const name of EXTRA_NAMES) {
    const outcome = await fetchList(http, log, name);
    requests += outcome.requests;
    status[name] = outcome.status;
    if (outcome.status === 'offered') records.set(name, outcome.entries);
  }
  return { status, records, requests };
}

/** Asks page after page until one comes back short; a source that ignores paging answers the whole list at once. */
async function fetchList(http: HttpClient, log: CrawlLog, name: ExtraName): Promise<ListOutcome> {
  const operation = EXTRA_OPERATIONS[name];
  const entries: unknown[] = [];
  let firstOfList = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const outcome = await http.get(operation, { skip: page * EXTRA_PAGE_SIZE, take: EXTRA_PAGE_SIZE });
    const requests = page + 1;
    if (!outcome.ok && (page > 0 || !NOT_OFFERED.includes(outcome.status))) {
      warn(log, name, `${operation} failed (${outcome.message})`, outcome.url);
      return { status: 'failed', entries: [], requests };
    }
    if (!outcome.ok || !Array.isArray(outcome.body)) {
      if (page > 0) warn(log, name, `${operation} answered page ${page + 1} with no array`, outcome.url);
      return { status: page === 0 ? 'not-offered' : 'failed', entries: [], requests };
    }
    // A source that ignores skip sends its first page again: the list has ended.
    const first = JSON.stringify(outcome.body[0]);
    if (page === 0) firstOfList = first;
    else if (first === firstOfList) return { status: 'offered', entries, requests };
    outcome.body.forEach((entry, index) => {
      const kept = checkEntry(log, name, entry, { ...outcome, index: page * EXTRA_PAGE_SIZE + index });
      if (kept) entries.push(entry);
    });
    if (outcome.body.length !== EXTRA_PAGE_SIZE) return { status: 'offered', entries, requests };
  }
  warn(log, name, `${operation} did not end after ${MAX_PAGES} pages`, '');
  return { status: 'failed', entries: [], requests: MAX_PAGES };
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
