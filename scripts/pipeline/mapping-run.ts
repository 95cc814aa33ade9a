/**
 * `npm run mapping`: the mapping workbook of a snapshot's model, with a previous workbook's answers carried by key.
 * runMapping() runs parsed options; runMappingCli() is the command in-process (--help, the flags, then runMapping()).
 * Both return the exit code and write one-line messages on stderr (every read warning on its own line), stack traces
 * only with --verbose.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { formatHelp } from '../core/cli/flag-help.ts';
import { getManifest } from '../core/snapshot-format.ts';
import { listAboutRows } from '../mapping/about-rows.ts';
import { planSheets } from '../mapping/carry-answers.ts';
import { listFactRows } from '../mapping/fact-rows.ts';
import {
  MAPPING_FLAGS,
  MappingUsageError,
  parseMappingOptions,
  type MappingOptions,
} from '../mapping/mapping-options.ts';
import { MappingWorkbookError, readWorkbook } from '../mapping/workbook-reader.ts';
import { writeWorkbook } from '../mapping/workbook-writer.ts';
import { deriveModelFacts } from '../../src/lib/mapping/model-facts.ts';

export const MAPPING_EXIT_CODES = { ok: 0, failed: 1, usage: 2, snapshotUnusable: 3, workbookUnusable: 4 } as const;

export interface MappingIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

class SnapshotUnusableError extends Error {
  override name = 'SnapshotUnusableError';
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

async function checkSnapshot(dir: string): Promise<void> {
  const found = await stat(dir).catch(() => undefined);
  if (found === undefined || !found.isDirectory()) throw new SnapshotUnusableError(`${dir}: no such folder`);
  const manifest = await getManifest(dir).catch((error: unknown) => {
    throw new SnapshotUnusableError(`${dir}: not a readable snapshot (${firstLine(error)})`);
  });
  if (manifest.status !== 'complete') throw new SnapshotUnusableError(`${dir}: the snapshot is partial`);
}

function describeError(error: unknown): [number, string] {
  if (error instanceof MappingUsageError)
    return [MAPPING_EXIT_CODES.usage, `${error.problems.join('; ')} (see --help)`];
  if (error instanceof SnapshotUnusableError) return [MAPPING_EXIT_CODES.snapshotUnusable, error.message];
  if (error instanceof MappingWorkbookError) return [MAPPING_EXIT_CODES.workbookUnusable, error.message];
  return [MAPPING_EXIT_CODES.failed, `failed: ${firstLine(error)}`];
}

/** `npm run mapping` in-process: --help, or the flags → options → runMapping(). */
export async function runMappingCli(argv: readonly string[], io: MappingIo): Promise<number> {
  if (argv.includes('--help')) {
    io.stdout.write(`${formatHelp(MAPPING_FLAGS.help)}\n`);
    return MAPPING_EXIT_CODES.ok;
  }
  let options: MappingOptions;
  try {
    options = parseMappingOptions(argv);
  } catch (error) {
    const [code, message] = describeError(error);
    io.stderr.write(`mapping: ${message}\n`);
    return code;
  }
  return runMapping(options, io);
}

export async function runMapping(options: MappingOptions, io: MappingIo): Promise<number> {
  try {
    await checkSnapshot(options.snapshot);
    const previous = options.from === undefined ? undefined : await readWorkbook(options.from);
    const facts = await deriveModelFacts(options.snapshot).catch((error: unknown) => {
      throw new SnapshotUnusableError(`${options.snapshot}: not a readable snapshot (${firstLine(error)})`);
    });
    const { plans, warnings } = planSheets(listFactRows(facts), previous);
    const drift = plans.reduce((sum, p) => sum + p.rows.filter((r) => r.drift !== undefined).length, 0);
    const generatedAt = new Date().toISOString();
    const about = listAboutRows({
      facts,
      generatedAt,
      warnings,
      drift,
      ...(options.from ? { from: options.from } : {}),
    });
    await writeWorkbook(options.out, plans, about);
    for (const warning of warnings) io.stderr.write(`mapping: warning: ${warning}\n`);
    const rows = plans.map((p) => `${p.rows.length} ${p.spec.name.toLowerCase()}`).join(', ');
    io.stdout.write(
      `mapping: ${path.basename(options.out)} written (${rows}; ${drift} drift rows, ${warnings.length} warnings)\n`,
    );
    return MAPPING_EXIT_CODES.ok;
  } catch (error) {
    const [code, message] = describeError(error);
    io.stderr.write(`mapping: ${message}\n`);
    if (options.verbose && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    return code;
  }
}
