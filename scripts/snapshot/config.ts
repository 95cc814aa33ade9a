/**
 * Flags + environment → one frozen, validated configuration. Every problem is reported at once.
 * The API key comes from SNAPSHOT_API_KEY or --api-key-file, never from a flag (shell history, process lists).
 */
import path from 'node:path';
import { flagProblems, parseFlags, wholeNumber, type ParsedFlags } from '../core/cli/flags.ts';
import { readSecret } from '../core/cli/secret-file.ts';
import { z } from 'zod';
import { DEFAULT_LIMITS, type AnswerLimits } from './client/answer-body.ts';
import { DEFAULT_API_PATH, normaliseApiPath, splitOperationsPath } from './client/api-path.ts';
import type { BackoffPolicy } from './client/backoff.ts';
import { DEFAULT_MAX_CONTENT_TYPES } from './plan/content-type-plan.ts';
import { UsageError } from './crawl-errors.ts';
import { SNAPSHOT_FLAGS } from './snapshot-flags.ts';
import { DEFAULT_KEEP } from '../core/snapshot-history.ts';

export type SourceConfig =
  /** `url` before the operations path, `apiPath` with slashes at both ends. */
  | { kind: 'http'; url: string; apiPath: string }
  | { kind: 'database'; dbPath: string }
  | { kind: 'demo'; items: number; seed: number; cacheDir: string };

export interface SnapshotConfig {
  readonly out: string;
  readonly source: SourceConfig;
  readonly apiKey?: string;
  readonly sinceSnapshot?: string;
  /** A full crawl when the snapshot at `sinceSnapshot` ends this many incremental crawls in a row. */
  readonly fullRefreshEvery?: number;
  /** Where the snapshot at `out` is kept before a new crawl replaces it; `keep` kept snapshots at most. */
  readonly history?: string;
  readonly keep: number;
  /** A snapshot to compare the new one with, when it is complete (else the newest one kept in `history`). */
  readonly compareWith?: string;
  readonly maxFailures: number;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly backoff: BackoffPolicy;
  readonly limits: AnswerLimits;
  readonly maxContentTypes: number;
  readonly allowShrink: boolean;
  readonly followRedirects: boolean;
  readonly quiet: boolean;
  readonly verbose: boolean;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const DEMO_SEED = 1;

const nonEmpty = z.string().min(1, 'must not be empty');

const flagsSchema = z.object({
  out: nonEmpty.default('snapshot'),
  source: z.string().optional(),
  'api-path': nonEmpty.optional(),
  db: nonEmpty.optional(),
  'api-key-file': nonEmpty.optional(),
  'since-snapshot': nonEmpty.optional(),
  'full-refresh-every': wholeNumber(1, 1_000_000, 0),
  history: nonEmpty.optional(),
  keep: wholeNumber(1, 1000, DEFAULT_KEEP),
  'compare-with': nonEmpty.optional(),
  'max-failures': wholeNumber(0, Number.MAX_SAFE_INTEGER, 0),
  concurrency: wholeNumber(1, 64, 4),
  'timeout-ms': wholeNumber(1, 600_000, 30_000),
  retries: wholeNumber(0, 20, 5),
  'retry-base-ms': wholeNumber(0, 600_000, 500),
  'retry-max-ms': wholeNumber(1, 3_600_000, 30_000),
  'demo-items': wholeNumber(1, 1_000_000, 2000),
  'max-content-types': wholeNumber(1, 1_000_000, DEFAULT_MAX_CONTENT_TYPES),
  'max-answer-bytes': wholeNumber(1024, 2 ** 32, DEFAULT_LIMITS.maxAnswerBytes),
  'max-decompressed-bytes': wholeNumber(1024, 2 ** 32, DEFAULT_LIMITS.maxDecompressedBytes),
  // The checks after parsing recurse once per level: past ~5000 the stack, not the cap, would give out.
  'max-depth': wholeNumber(8, 5000, DEFAULT_LIMITS.maxDepth),
});

/** The command line of `npm run snapshot` → its configuration; a UsageError lists every problem. */
export async function loadConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): Promise<SnapshotConfig> {
  const { values, switches, problems } = parseFlags(argv, SNAPSHOT_FLAGS);
  const config = readSnapshotFlags({ values, switches }, env, cwd, problems);
  if (config === undefined) throw new UsageError(problems);
  return config;
}

/**
 * Flags already parsed (by this command or by one that takes the crawler's flags too, like the build) → the
 * configuration, or undefined with every problem added to `problems`.
 */
export function readSnapshotFlags(
  { values, switches }: Pick<ParsedFlags, 'values' | 'switches'>,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  problems: string[],
): SnapshotConfig | undefined {
  const parsed = flagsSchema.safeParse(values);
  if (!parsed.success) problems.push(...flagProblems(parsed.error));
  const flags = parsed.success ? parsed.data : undefined;
  const source = findSource(
    { source: values.source, apiPath: values['api-path'], db: values.db, demoItems: flags?.['demo-items'] ?? 0 },
    env,
    cwd,
    problems,
  );
  const apiKey = findApiKey(values['api-key-file'], env, cwd, problems);
  if (values.keep !== undefined && values.history === undefined) problems.push('--keep N needs --history DIR');
  if (problems.length > 0 || flags === undefined || source === undefined) return undefined;
  return Object.freeze({
    out: path.resolve(cwd, flags.out),
    source,
    apiKey: source.kind === 'http' ? apiKey : undefined,
    sinceSnapshot:
      flags['since-snapshot'] === undefined || switches.has('full-refresh')
        ? undefined
        : path.resolve(cwd, flags['since-snapshot']),
    fullRefreshEvery: values['full-refresh-every'] === undefined ? undefined : flags['full-refresh-every'],
    history: flags.history === undefined ? undefined : path.resolve(cwd, flags.history),
    keep: flags.keep,
    compareWith: flags['compare-with'] === undefined ? undefined : path.resolve(cwd, flags['compare-with']),
    maxFailures: flags['max-failures'],
    concurrency: flags.concurrency,
    timeoutMs: flags['timeout-ms'],
    retries: flags.retries,
    backoff: { baseMs: flags['retry-base-ms'], maxMs: flags['retry-max-ms'] },
    limits: Object.freeze({
      maxAnswerBytes: flags['max-answer-bytes'],
      maxDecompressedBytes: flags['max-decompressed-bytes'],
      maxDepth: flags['max-depth'],
    }),
    maxContentTypes: flags['max-content-types'],
    allowShrink: switches.has('allow-shrink'),
    followRedirects: switches.has('follow-redirects'),
    quiet: switches.has('quiet'),
    verbose: switches.has('verbose'),
  });
}

interface SourceFlags {
  source: string | undefined;
  apiPath: string | undefined;
  db: string | undefined;
  demoItems: number;
}

/** Works from the raw flags, so a bad source is reported together with every other problem. */
function findSource(
  flags: SourceFlags,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  problems: string[],
): SourceConfig | undefined {
  if (flags.source !== undefined && flags.db !== undefined) problems.push('give either --source or --db, not both');
  const remote = flags.db === undefined && (flags.source ?? env.SNAPSHOT_SOURCE_URL ?? '') !== '';
  if (flags.apiPath !== undefined && !remote)
    problems.push('--api-path needs --source URL (a local database is served at the default path)');
  if (flags.db !== undefined) return { kind: 'database', dbPath: path.resolve(cwd, flags.db) };
  const [label, text] =
    flags.source !== undefined ? ['--source', flags.source] : ['SNAPSHOT_SOURCE_URL', env.SNAPSHOT_SOURCE_URL];
  // Set but empty is a CI variable that was never filled in: crawling the demo instead would report a false success.
  if (text !== undefined && text.trim() === '') {
    problems.push(
      `${label} is set but empty: give the read service's base URL` +
        (label === '--source' ? '' : ', or unset it to crawl the embedded demo'),
    );
    return undefined;
  }
  if (text === undefined) {
    const cacheDir = path.resolve(cwd, env.SNAPSHOT_CACHE_DIR ?? path.join(REPO_ROOT, '.cache'));
    return { kind: 'demo', items: flags.demoItems, seed: DEMO_SEED, cacheDir };
  }
  const url = checkSourceUrl(text);
  if (typeof url !== 'string') {
    problems.push(`${label}: ${url.problem}`);
    return undefined;
  }
  return findApiPath(url, flags.apiPath, problems);
}

/** --api-path, or the operations path the URL already ends in (then --api-path may only repeat it). */
function findApiPath(url: string, flag: string | undefined, problems: string[]): SourceConfig | undefined {
  const given = flag === undefined ? undefined : normaliseApiPath(flag);
  if (typeof given === 'object') {
    problems.push(`--api-path: ${given.problem}`);
    return undefined;
  }
  const parsed = new URL(url);
  const split = splitOperationsPath(parsed.pathname);
  if (split === undefined) return { kind: 'http', url, apiPath: given ?? DEFAULT_API_PATH };
  if (given !== undefined && given.toLowerCase() !== split.apiPath.toLowerCase()) {
    problems.push(`--api-path: the source URL already ends in the operations path ${split.apiPath}`);
    return undefined;
  }
  return { kind: 'http', url: `${parsed.origin}${split.base}`, apiPath: split.apiPath };
}

/**
 * The URL without trailing slash, checked. The URL itself is never echoed: it could hold a secret.
 */
export function checkSourceUrl(text: string): string | { problem: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'is not a URL' };
  }
  if (url.username !== '' || url.password !== '') {
    return { problem: 'must not carry credentials; give the key by env SNAPSHOT_API_KEY or --api-key-file' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'must be an http or https URL' };
  if (url.search !== '' || url.hash !== '') return { problem: 'must not have a query or fragment' };
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function findApiKey(
  file: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  problems: string[],
): string | undefined {
  const read = readSecret(file, env.SNAPSHOT_API_KEY, cwd);
  if ('problem' in read) problems.push(`--api-key-file: ${read.problem}`);
  return 'secret' in read ? read.secret : undefined;
}
