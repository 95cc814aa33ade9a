/**
 * `npm run diff`: what changed between two snapshots. runDiff() runs a parsed configuration; runDiffCli() is the
 * command in-process (--help, the flags, then runDiff()). Both return the exit code and write one-line messages on
 * stderr, stack traces only with --verbose.
 */
import { writeFile } from 'node:fs/promises';
import type { SnapshotDiff } from '../core/diff-format.ts';
import { formatHelp } from '../core/cli/flag-help.ts';
import { applyIgnore, findFailure } from './diff-rules.ts';
import { DIFF_FLAGS, DiffUsageError, parseDiffOptions, type DiffOptions } from './diff-options.ts';
import { SnapshotUnusableError, diffSnapshots, type CompareSnapshots } from './diff-snapshots.ts';
import { renderMarkdown, renderText } from './diff-summary.ts';
import { getManifest } from '../core/snapshot-format.ts';
import { findPreviousSnapshot } from '../core/snapshot-history.ts';

/** How `--cache DIR` compares: given by the command, through the comparisons a build keeps there. */
export type OpenCompare = (cacheDir: string | undefined) => CompareSnapshots;

export const DIFF_EXIT_CODES = { ok: 0, failed: 1, usage: 2, snapshotUnusable: 3, changesFound: 4 } as const;

export interface DiffIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export function renderDiff(diff: SnapshotDiff, options: Pick<DiffOptions, 'format' | 'limit' | 'siteUrl'>): string {
  if (options.format === 'json') return `${JSON.stringify(diff, null, 2)}\n`;
  const summary = { limit: options.limit, siteUrl: options.siteUrl };
  return options.format === 'markdown' ? renderMarkdown(diff, summary) : renderText(diff, summary);
}

function describeError(error: unknown): [number, string] {
  if (error instanceof DiffUsageError) return [DIFF_EXIT_CODES.usage, `${error.problems.join('; ')} (see --help)`];
  if (error instanceof SnapshotUnusableError) return [DIFF_EXIT_CODES.snapshotUnusable, error.message];
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  return [DIFF_EXIT_CODES.failed, `failed: ${message}`];
}

/** The newest complete snapshot kept in `--from-history` that is not `--to` itself. */
async function findInHistory(options: DiffOptions): Promise<string | undefined> {
  const current = await getManifest(options.to).catch((error: unknown) => {
    const why = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new SnapshotUnusableError(`--to ${options.to}: not a readable snapshot (${why})`);
  });
  return (await findPreviousSnapshot(options.fromHistory as string, current))?.dir;
}

/** The first night: said in text and markdown; in json nothing is written, so no empty change list is published. */
async function writeNothingToCompare(options: DiffOptions, io: DiffIo): Promise<void> {
  if (options.format === 'json') return;
  const line = `No earlier snapshot in ${options.fromHistory}: nothing to compare with.`;
  const text = options.format === 'markdown' ? `## Snapshot changes\n\n${line}\n` : `${line}\n`;
  if (options.out === undefined) io.stdout.write(text);
  else await writeFile(options.out, text);
}

/** `npm run diff` in-process: --help, or the flags → options → runDiff(). */
export async function runDiffCli(
  argv: readonly string[],
  io: DiffIo,
  openCompare: OpenCompare = () => diffSnapshots,
): Promise<number> {
  if (argv.includes('--help')) {
    io.stdout.write(`${formatHelp(DIFF_FLAGS.help)}\n`);
    return DIFF_EXIT_CODES.ok;
  }
  let options: DiffOptions;
  try {
    options = parseDiffOptions(argv);
  } catch (error) {
    const [code, message] = describeError(error);
    io.stderr.write(`diff: ${message}\n`);
    return code;
  }
  return runDiff(options, io, openCompare(options.cache));
}

export async function runDiff(
  options: DiffOptions,
  io: DiffIo,
  compare: CompareSnapshots = diffSnapshots,
): Promise<number> {
  try {
    const from = options.fromHistory === undefined ? options.from : await findInHistory(options);
    if (from === undefined) {
      await writeNothingToCompare(options, io);
      return DIFF_EXIT_CODES.ok;
    }
    const diff = applyIgnore(await compare(from, options.to), options.ignore);
    const text = renderDiff(diff, options);
    if (options.out === undefined) io.stdout.write(text);
    else await writeFile(options.out, text);
    const failure = findFailure(diff, options.failRules);
    if (failure === undefined) return DIFF_EXIT_CODES.ok;
    io.stderr.write(`diff: changes found (--fail-on ${options.failOn}; ${failure})\n`);
    return DIFF_EXIT_CODES.changesFound;
  } catch (error) {
    const [code, message] = describeError(error);
    io.stderr.write(`diff: ${message}\n`);
    if (options.verbose && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    return code;
  }
}
