/**
 * `npm run diff`: what changed between two snapshots. runDiff() is the same command in-process (tests call it);
 * it returns the exit code and writes one-line messages on stderr, stack traces only with --verbose.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SnapshotDiff } from '../core/diff-format.ts';
import { applyIgnore, findFailure } from '../diff/diff-rules.ts';
import { DIFF_USAGE, DiffUsageError, parseDiffOptions, type DiffOptions } from '../diff/diff-options.ts';
import { SnapshotUnusableError, diffSnapshots } from '../diff/diff-snapshots.ts';
import { renderMarkdown, renderText } from '../diff/diff-summary.ts';
import { getManifest } from '../core/snapshot-format.ts';
import { findPreviousSnapshot } from '../core/snapshot-history.ts';

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

export async function runDiff(argv: readonly string[], io: DiffIo): Promise<number> {
  if (argv.includes('--help')) {
    io.stdout.write(`${DIFF_USAGE}\n`);
    return DIFF_EXIT_CODES.ok;
  }
  try {
    const options = parseDiffOptions(argv);
    const from = options.fromHistory === undefined ? options.from : await findInHistory(options);
    if (from === undefined) {
      await writeNothingToCompare(options, io);
      return DIFF_EXIT_CODES.ok;
    }
    const diff = applyIgnore(await diffSnapshots(from, options.to), options.ignore);
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
    if (argv.includes('--verbose') && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    return code;
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runDiff(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
}
