/**
 * `npm run merge-partitions -- --out DIR PART…` in-process: joins the outputs of `npm run build -- --partition I/K`
 * into one site (partition-merge.ts).
 */
import path from 'node:path';
import { z } from 'zod';
import type { CliIo } from '../core/cli/cli-io.ts';
import { defineFlags, formatHelp } from '../core/cli/flag-help.ts';
import { parseFlags } from '../core/cli/flags.ts';
import { describeNoSpace } from './build-errors.ts';
import { MERGE_EXIT_CODES, MergeError, mergePartitions } from './partition-merge.ts';
import { describeChanges } from './unchanged-files.ts';

export const MERGE_FLAGS = defineFlags(
  {
    usage: 'npm run merge-partitions -- --out DIR PART_DIR… [--keep-times] [--verbose]',
    about:
      'Joins the outputs of npm run build -- --partition I/K (one folder per partition, every I from 1 to K once) ' +
      'into DIR, built beside it and swapped in whole. Files found in several partitions must be byte-identical.',
    flags: [
      { name: 'out', value: 'DIR', text: 'the joined site (replaced whole)' },
      {
        name: 'keep-times',
        text: 'give each file written again byte for byte its time in the site DIR holds (as npm run build)',
      },
      { name: 'verbose', text: 'stack traces on errors' },
    ],
    footer:
      'Exit codes: 0 ok, 1 failed, 2 usage, 3 the folders are not one complete set of partitions, ' +
      '4 conflicting files, 10 no space left on device (as npm run build).',
  },
  { positionals: true },
);

const schema = z.object({
  out: z.string({ error: '--out DIR is required' }).min(1, '--out must not be empty'),
  parts: z.array(z.string()).min(1, 'name at least one partition output folder'),
});

interface MergeConfig {
  readonly out: string;
  readonly parts: readonly string[];
  readonly keepTimes: boolean;
  readonly verbose: boolean;
}

/** The flags as one frozen config, or every problem with them. */
function parseMergeConfig(argv: readonly string[], cwd: string): MergeConfig | { problems: string[] } {
  const { values, switches, positionals, problems } = parseFlags(argv, MERGE_FLAGS);
  const parsed = schema.safeParse({ out: values.out, parts: positionals });
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issue.message));
  const out = values.out === undefined ? undefined : path.resolve(cwd, values.out);
  const parts = positionals.map((part) => path.resolve(cwd, part));
  if (out !== undefined && parts.includes(out)) problems.push('--out must not be one of the partition folders');
  if (out === undefined || problems.length > 0) return { problems };
  return Object.freeze({
    out,
    parts: Object.freeze(parts),
    keepTimes: switches.has('keep-times'),
    verbose: switches.has('verbose'),
  });
}

export async function runMergePartitions(argv: readonly string[], io: CliIo): Promise<number> {
  const err = (line: string) => io.stderr.write(`merge-partitions: ${line}\n`);
  if (argv.includes('--help')) {
    io.stdout.write(`${formatHelp(MERGE_FLAGS.help)}\n`);
    return MERGE_EXIT_CODES.ok;
  }
  const config = parseMergeConfig(argv, io.cwd ?? process.cwd());
  if ('problems' in config) {
    for (const problem of config.problems) err(problem);
    return MERGE_EXIT_CODES.usage;
  }
  const { out, parts } = config;
  try {
    const summary = await mergePartitions(parts, out, { keepTimes: config.keepTimes });
    io.stdout.write(
      `merge-partitions: ${summary.partitions} partitions, ${summary.files} files ` +
        `(${summary.shared} identical copies dropped), ` +
        `${summary.bundles.length} search bundles into ${out} in ${(summary.millis / 1000).toFixed(1)}s\n`,
    );
    const since = summary.changes && describeChanges(summary.changes);
    if (since !== undefined) io.stdout.write(`merge-partitions: ${since}\n`);
    return MERGE_EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof MergeError) {
      err(error.message);
      return error.exitCode;
    }
    // As npm run build says it: a full disk is the CI machine's to fix, not a bug to report.
    const noSpace = describeNoSpace(error);
    if (noSpace !== undefined) {
      err(`${noSpace}; ${out} was left as it was`);
      return MERGE_EXIT_CODES.diskFull;
    }
    err(`unexpected failure: ${(error as Error).message?.split('\n')[0]}`);
    if (config.verbose && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    return MERGE_EXIT_CODES.failed;
  }
}
