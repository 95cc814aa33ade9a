/**
 * `npm run merge-partitions -- --out DIR PART…`: joins the outputs of `npm run build -- --partition I/K` into one
 * site.
 * See scripts/build/partition-merge.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIo } from './snapshot.ts';
import { MERGE_EXIT_CODES, MergeError, mergePartitions } from '../build/partition-merge.ts';

const MERGE_USAGE = `Usage: npm run merge-partitions -- --out DIR PART_DIR…
  Joins the outputs of npm run build -- --partition I/K (one folder per partition, every I from 1 to K once)
  into DIR, built beside it and swapped in whole. Files found in several partitions must be byte-identical.
Exit codes: 0 ok, 2 usage, 3 the folders are not one complete set of partitions, 4 conflicting files.`;

function parseArgs(argv: readonly string[], cwd: string): { out?: string; parts: string[]; problems: string[] } {
  const parts: string[] = [];
  const problems: string[] = [];
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--out') {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) problems.push('--out needs a value');
      else out = path.resolve(cwd, value);
    } else if (arg.startsWith('--out=')) out = path.resolve(cwd, arg.slice('--out='.length));
    else if (arg.startsWith('--')) problems.push(`unknown option ${arg.slice(0, 40)}`);
    else parts.push(path.resolve(cwd, arg));
  }
  if (out === undefined) problems.push('--out DIR is required');
  if (parts.length === 0) problems.push('name at least one partition output folder');
  if (out !== undefined && parts.includes(out)) problems.push('--out must not be one of the partition folders');
  return { ...(out !== undefined ? { out } : {}), parts, problems };
}

export async function runMergePartitions(argv: readonly string[], io: CliIo): Promise<number> {
  const err = (line: string) => io.stderr.write(`merge-partitions: ${line}\n`);
  if (argv.includes('--help')) {
    io.stdout.write(`${MERGE_USAGE}\n`);
    return MERGE_EXIT_CODES.ok;
  }
  const { out, parts, problems } = parseArgs(argv, io.cwd ?? process.cwd());
  if (out === undefined || problems.length > 0) {
    for (const problem of problems) err(problem);
    return MERGE_EXIT_CODES.usage;
  }
  try {
    const summary = await mergePartitions(parts, out);
    io.stdout.write(
      `merge-partitions: ${summary.partitions} partitions, ${summary.files} files ` +
        `(${summary.shared} identical copies dropped), ` +
        `${summary.bundles.length} search bundles into ${out} in ${(summary.millis / 1000).toFixed(1)}s\n`,
    );
    return MERGE_EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof MergeError) {
      err(error.message);
      return error.exitCode;
    }
    err(`unexpected failure: ${(error as Error).message?.split('\n')[0]}`);
    return 1;
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runMergePartitions(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
  });
}
