import { closeSync, existsSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { formatHelp } from '../core/cli/flag-help.ts';
import { DEMO_FLAGS, parseCli, type CliOptions } from '../demo/cli-options.ts';
import { generateDemoDatabase, type DemoRecord, type DemoSummary } from '../demo/generate.ts';

/**
 * `npm run demo-db -- --out FILE …`: writes a deterministic Umbraco 17.0 database. Exit codes: 0 done,
 * 1 generation failed, 2 bad flags, 3 the output exists and --force was not given. The database is
 * written beside the target and renamed into place, so a failed run never leaves half a file.
 */
export function main(argv: readonly string[]): number {
  const parsed = parseCli(argv);
  if (!parsed.ok) return fail(2, `bad flags: ${parsed.problems.join('; ')} (see --help)`);
  const options = parsed.options;
  if (options.help) {
    process.stdout.write(`${formatHelp(DEMO_FLAGS.help)}\n`);
    return 0;
  }
  const taken = [options.out, options.record].filter((f): f is string => f !== null && existsSync(f));
  if (taken.length > 0 && !options.force)
    return fail(3, `${taken.join(', ')} already exists; use --force to overwrite`);
  try {
    const summary = run(options);
    process.stdout.write(`${describe(options.out, summary)}\n`);
    return 0;
  } catch (error) {
    if (options.verbose) console.error(error);
    return fail(1, `failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function run(options: CliOptions): DemoSummary {
  const temp = `${options.out}.tmp-${process.pid}`;
  const records = options.record === null ? null : createNdjsonWriter(`${options.record}.tmp-${process.pid}`);
  const started = performance.now();
  try {
    const summary = generateDemoDatabase({
      out: temp,
      items: options.items,
      languages: options.languages,
      seed: options.seed,
      ...(options.maxChildren === null ? {} : { maxChildren: options.maxChildren }),
      ...(options.oneRoot ? { oneRoot: true } : {}),
      ...(records ? { record: records.write } : {}),
      ...(options.items >= 20_000 ? { progress: progressPrinter(started) } : {}),
    });
    records?.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${options.out}${suffix}`, { force: true });
    renameSync(temp, options.out);
    if (records && options.record) renameSync(records.path, options.record);
    return summary;
  } catch (error) {
    rmSync(temp, { force: true });
    if (records) records.discard();
    throw error;
  }
}

/** One line per tenth of the run, on stderr so the summary on stdout stays machine-readable. */
function progressPrinter(started: number): (done: number, total: number) => void {
  let nextTenth = 1;
  return (done, total) => {
    if (done * 10 < nextTenth * total) return;
    nextTenth = Math.floor((done * 10) / total) + 1;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stderr.write(`demo-db: ${Math.round((done * 100) / total)}% (${done}/${total} items, ${seconds} s)\n`);
  };
}

function describe(out: string, s: DemoSummary): string {
  const mb = (statSync(out).size / 1_048_576).toFixed(1);
  return (
    `demo-db: wrote ${out} (${mb} MB): ${s.documents} documents (${s.published} published), ${s.media} media, ` +
    `${s.trashed} trashed, ${s.contentTypes} content types, languages ${s.languages.join(', ')}, ` +
    `max depth ${s.maxDepth}, ` +
    `in ${(s.ms / 1000).toFixed(1)} s`
  );
}

interface NdjsonWriter {
  path: string;
  write(entry: DemoRecord): void;
  close(): void;
  discard(): void;
}

/** Buffers lines and writes them in 1 MB chunks: a record per item would otherwise be a syscall each. */
function createNdjsonWriter(path: string): NdjsonWriter {
  const fd = openSync(path, 'w');
  let buffer: string[] = [];
  let size = 0;
  let open = true;
  const flush = (): void => {
    if (buffer.length > 0) writeSync(fd, buffer.join(''));
    buffer = [];
    size = 0;
  };
  return {
    path,
    write(entry) {
      const line = `${JSON.stringify(entry)}\n`;
      buffer.push(line);
      size += line.length;
      if (size > 1_000_000) flush();
    },
    close() {
      flush();
      closeSync(fd);
      open = false;
    },
    discard() {
      if (open) closeSync(fd);
      rmSync(path, { force: true });
    },
  };
}

function fail(code: number, message: string): number {
  process.stderr.write(`demo-db: ${message}\n`);
  return code;
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
