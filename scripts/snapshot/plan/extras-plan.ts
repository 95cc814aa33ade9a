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

export async function crawlExtras(http: HttpClient, log: CrawlLog): Promise<ExtrasCrawl> {
  const status = {} as Record<ExtraName, ExtraStatus>;
  const records = new Map<ExtraName, unknown[]>();
  for (const name of EXTRA_NAMES) {
    const operation = EXTRA_OPERATIONS[name];
    const outcome = await http.get(operation);
    if (!outcome.ok && !NOT_OFFERED.includes(outcome.status)) {
      log.addWarning({
        code: 'extra-unavailable',
        message: `${operation} failed (${outcome.message}); the snapshot has no ${name}`,
        url: outcome.url,
      });
      status[name] = 'failed';
      continue;
    }
    if (!outcome.ok || !Array.isArray(outcome.body)) {
      status[name] = 'not-offered';
      continue;
    }
    status[name] = 'offered';
    records.set(
      name,
      outcome.body.flatMap((entry, index) => {
        lowerCaseKeys(entry);
        const parsed = EXTRA_SCHEMAS[name].safeParse(entry);
        if (parsed.success) return [entry];
        log.addFailure({
          url: outcome.url,
          operation,
          status: outcome.status,
          attempts: outcome.attempts,
          message: `answer at [${index}] lacks what the snapshot needs`,
          issues: formatIssues(parsed.error.issues, `[${index}]`),
        });
        return [];
      }),
    );
  }
  return { status, records, requests: EXTRA_NAMES.length };
}

/** In place, so the entry is kept as sent (a property alias such as `__proto__` stays a key). */
function lowerCaseKeys(entry: unknown): void {
  if (typeof entry !== 'object' || entry === null) return;
  const record = entry as Record<string, unknown>;
  for (const field of EXTRA_KEY_FIELDS) {
    const value = Object.hasOwn(record, field) ? record[field] : undefined;
    if (typeof value === 'string') record[field] = value.toLowerCase();
  }
}
