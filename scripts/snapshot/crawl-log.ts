/** Everything a crawl learns besides the data: failures, warnings, schema deviations and the interface variant seen. */
import type { z } from 'zod';
import type { Deviation, Failure, Warning } from '../core/snapshot-format.ts';

/** URLs kept per aggregated deviation; the count says how many there were in all. */
const URLS_PER_DEVIATION = 20;

export interface CrawlLog {
  addFailure(failure: Failure): void;
  addWarning(warning: Warning): void;
  /** Records the issues of a failed documented-shape check, aggregated by operation and normalised path. */
  addDeviations(operation: string, url: string, issues: readonly z.core.$ZodIssue[], pathPrefix?: string): void;
  noteVariant(feature: string, value: string): void;
  readonly failures: readonly Failure[];
  readonly warnings: readonly Warning[];
  listDeviations(): Deviation[];
  listVariants(): Record<string, string[]>;
}

export function createCrawlLog(): CrawlLog {
  const failures: Failure[] = [];
  const warnings: Warning[] = [];
  const deviations = new Map<string, Deviation>();
  const variants = new Map<string, Set<string>>();

  function addDeviation(operation: string, url: string, code: Deviation['code'], path: string, message: string): void {
    const id = `${operation}\u0000${code}\u0000${path}\u0000${message}`;
    const found = deviations.get(id) ?? { code, operation, path, message, count: 0, urls: [] };
    found.count += 1;
    if (found.urls.length < URLS_PER_DEVIATION) found.urls.push(url);
    deviations.set(id, found);
  }

  return {
    failures,
    warnings,
    addFailure: (failure) => failures.push(failure),
    addWarning: (warning) => warnings.push(warning),
    addDeviations(operation, url, issues, pathPrefix = '') {
      for (const issue of issues) {
        const path = joinPath(pathPrefix, formatIssuePath(issue.path));
        if (issue.code === 'unrecognized_keys') {
          for (const key of issue.keys)
            addDeviation(operation, url, 'additive-field', joinPath(path, key), 'field not in read-api.md');
        } else {
          addDeviation(operation, url, 'shape', path, issue.message);
        }
      }
    },
    noteVariant(feature, value) {
      const seen = variants.get(feature) ?? new Set<string>();
      seen.add(value);
      variants.set(feature, seen);
    },
    listDeviations: () =>
      [...deviations.values()].sort((a, b) => a.operation.localeCompare(b.operation) || a.path.localeCompare(b.path)),
    listVariants: () =>
      Object.fromEntries([...variants].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()])),
  };
}

/**
 * Containers whose keys are data (property aliases, cultures), so `properties.title.value` aggregates as
 * `properties.*.value`.
 */
const MAP_CONTAINERS = new Set(['properties', 'cultures']);

/** `aggregate` folds array indexes and map keys so that one kind of deviation is one report entry. */
export function formatIssuePath(path: readonly PropertyKey[], aggregate = true): string {
  let text = '';
  path.forEach((part, index) => {
    const previous = path[index - 1];
    if (typeof part === 'number') text += aggregate ? '[]' : `[${part}]`;
    else if (aggregate && typeof previous === 'string' && MAP_CONTAINERS.has(previous)) text = joinPath(text, '*');
    else text = joinPath(text, String(part));
  });
  return text;
}

/** Issues of a failed core check, with exact paths, for the failure entry in the report. */
export const formatIssues = (
  issues: readonly z.core.$ZodIssue[],
  pathPrefix = '',
): Array<{ path: string; message: string }> =>
  issues.slice(0, 20).map((issue) => ({
    path: joinPath(pathPrefix, formatIssuePath(issue.path, false)) || '(body)',
    message: issue.message,
  }));

function joinPath(prefix: string, part: string): string {
  if (prefix === '') return part;
  if (part === '') return prefix;
  return part.startsWith('[') ? `${prefix}${part}` : `${prefix}.${part}`;
}
