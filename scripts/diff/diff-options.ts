/** Flags of `npm run diff`, parsed into one frozen object; every problem is reported at once. */
import { defineFlags } from '../core/cli/flag-help.ts';
import { parseFlags } from '../core/cli/flags.ts';
import { parseFailOn, parseIgnore, type FailRule, type IgnoreRule } from './diff-rules.ts';

const DIFF_FORMATS = ['text', 'markdown', 'json'] as const;

export interface DiffOptions {
  /** The older snapshot; empty when it is to be found in `fromHistory`. */
  from: string;
  /** A history folder (`--history`): the older snapshot is its newest complete one that is not `to`. */
  fromHistory: string | undefined;
  to: string;
  format: (typeof DIFF_FORMATS)[number];
  out: string | undefined;
  siteUrl: string | undefined;
  /** As given, for messages. */
  failOn: string | undefined;
  failRules: readonly FailRule[];
  ignore: readonly IgnoreRule[];
  limit: number;
  /** A build's `--cache` folder, whose kept comparisons are used (scripts/pipeline/diff-cache.ts). */
  cache: string | undefined;
  verbose: boolean;
}

export const DIFF_FLAGS = defineFlags({
  usage: 'npm run diff -- --from DIR --to DIR [options]',
  about: 'What changed between two snapshots: content types, items, values, extras (docs/diff-format.md).',
  flags: [
    { name: 'from', value: 'DIR', text: 'the older snapshot' },
    {
      name: 'from-history',
      value: 'DIR',
      text:
        'the older snapshot is the newest complete one kept in DIR (--history) that is not --to; when there is ' +
        'none: a line saying so (json: nothing written) and exit 0',
    },
    { name: 'to', value: 'DIR', text: 'the newer snapshot' },
    { name: 'format', value: 'F', text: 'text (default), markdown or json' },
    { name: 'out', value: 'FILE', text: 'write there instead of stdout' },
    { name: 'site-url', value: 'URL', text: 'link items and types to the site built from --to (markdown)' },
    {
      name: 'limit',
      value: 'N',
      text: 'changes listed per kind in text and markdown (default 20; json lists all)',
    },
    {
      name: 'fail-on',
      value: 'WHAT',
      text:
        'exit 4 when there are changes: schema (content types), items, any, or thresholds such as removed>50 or ' +
        'changed>=200 (comma-separated; counts as in the output: rows)',
    },
    {
      name: 'ignore',
      value: 'RULE',
      text:
        'leave out known noise: sortOrderChanged (or another kind), property:ALIAS, editor:ALIAS (repeatable or ' +
        'comma-separated; applied before counting and --fail-on)',
    },
    {
      name: 'cache',
      value: 'DIR',
      text:
        "a build's --cache folder (e.g. .cache): the comparison of this pair kept there by the build is used " +
        'instead of comparing again, and a new one is kept there',
    },
    { name: 'verbose', text: 'stack traces on errors' },
  ],
  footer: 'Exit codes: 0 ok, 1 failed, 2 usage, 3 a snapshot unusable, 4 changes found (--fail-on).',
});

export class DiffUsageError extends Error {
  override name = 'DiffUsageError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.problems = problems;
  }
}

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (values as readonly string[]).includes(value);

function checkSiteUrl(value: string | undefined, problems: string[]): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    problems.push(`--site-url must be an http(s) URL: ${value}`);
  return value.replace(/\/+$/, '');
}

export function parseDiffOptions(argv: readonly string[]): Readonly<DiffOptions> {
  const { given, values, switches, problems } = parseFlags(argv, DIFF_FLAGS);
  const flags: Record<string, string | undefined> = { format: 'text', limit: '20', ...values };
  if (flags.from === undefined && flags['from-history'] === undefined)
    problems.push('--from DIR (or --from-history DIR) is required');
  if (flags.from !== undefined && flags['from-history'] !== undefined)
    problems.push('give either --from or --from-history, not both');
  if (flags.to === undefined) problems.push('--to DIR is required');
  if (!oneOf(DIFF_FORMATS, flags.format)) problems.push(`--format must be one of ${DIFF_FORMATS.join(', ')}`);
  const failOn = flags['fail-on'];
  const fail = failOn === undefined ? { rules: [], problems: [] } : parseFailOn(failOn);
  const ignore = parseIgnore(given.filter((flag) => flag.name === 'ignore').map((flag) => flag.value ?? ''));
  problems.push(...fail.problems, ...ignore.problems);
  const limit = Number(flags.limit);
  if (!Number.isInteger(limit) || limit < 0) problems.push('--limit must be a whole number ≥ 0');
  const siteUrl = checkSiteUrl(flags['site-url'], problems);
  if (problems.length > 0) throw new DiffUsageError(problems);
  return Object.freeze({
    from: flags.from ?? '',
    fromHistory: flags['from-history'],
    to: flags.to as string,
    format: flags.format as DiffOptions['format'],
    out: flags.out,
    siteUrl,
    failOn,
    failRules: fail.rules,
    ignore: ignore.rules,
    limit,
    cache: flags.cache,
    verbose: switches.has('verbose'),
  });
}
