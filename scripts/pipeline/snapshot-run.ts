/**
 * A snapshot run: the local source started when the configuration names a database or the demo, the previous
 * snapshot kept, crawl(), a summary and what changed. runSnapshot() takes a typed configuration (the build hands it
 * one); runSnapshotCli() is `npm run snapshot` in-process: --help, the flags parsed once, then runSnapshot(). Both
 * return the exit code and write one-line messages, never stack traces unless --verbose.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatHelp } from '../core/cli/flag-help.ts';
import type { CliIo, TextSink } from '../core/cli/cli-io.ts';
import { loadConfig, type SnapshotConfig } from '../snapshot/config.ts';
import { SNAPSHOT_FLAGS } from '../snapshot/snapshot-flags.ts';
import { crawl, type CrawlOptions, type CrawlResult } from '../snapshot/crawl.ts';
import { AuthRefusedError, EXIT_CODES, SourceUnreachableError, UsageError } from '../snapshot/crawl-errors.ts';
import { LocalSourceError, startLocalSource, type LocalSource } from '../source/local-source.ts';
import { createProgress } from '../snapshot/progress.ts';
import { maskSecret } from '../snapshot/client/secret-mask.ts';
import { DEFAULT_API_PATH } from '../snapshot/client/api-path.ts';
import { reportChanges } from './change-report.ts';
import type { CompareSnapshots } from '../diff/diff-snapshots.ts';
import { keepSnapshot } from '../core/snapshot-history.ts';

/** 128 + the signal's number, as a shell reports a process the signal ended. */
const EXIT_INTERRUPTED = 130;
const EXIT_TERMINATED = 143;
const TOOL = { name: 'cms-snapshot-crawler', version: readToolVersion() };

type Env = Readonly<Record<string, string | undefined>>;

/** Output with every secret masked: a source could echo the key back in an error. */
function redacting(io: CliIo, secrets: Array<string | undefined>) {
  const redact = (text: string): string => secrets.reduce<string>((out, secret) => maskSecret(out, secret), text);
  return {
    stdout: (line: string): unknown => io.stdout.write(`${redact(line)}\n`),
    stderr: { write: (text: string): unknown => io.stderr.write(redact(text)), isTTY: io.stderr.isTTY },
  };
}

/** `npm run snapshot` in-process: --help, or the flags → a configuration → runSnapshot(). */
export async function runSnapshotCli(argv: readonly string[], env: Env, io: CliIo): Promise<number> {
  const { stdout, stderr } = redacting(io, [env.SNAPSHOT_API_KEY]);
  if (argv.includes('--help')) {
    stdout(formatHelp(SNAPSHOT_FLAGS.help));
    return EXIT_CODES.ok;
  }
  let config: SnapshotConfig;
  try {
    config = await loadConfig(argv, env, io.cwd ?? process.cwd());
  } catch (error) {
    const [code, message] = describeError(error);
    stderr.write(`snapshot: ${message}\n`);
    return code;
  }
  return runSnapshot(config, io, [env.SNAPSHOT_API_KEY]);
}

/** Crawls as `config` says; `secrets` are masked in every line besides the configuration's own key. */
export async function runSnapshot(
  config: SnapshotConfig,
  io: CliIo,
  secrets: Array<string | undefined> = [],
  compare?: CompareSnapshots,
): Promise<number> {
  const masked = [...secrets, config.apiKey];
  const { stdout, stderr } = redacting(io, masked);
  let embedded: LocalSource | undefined;
  try {
    if (config.source.kind !== 'http') {
      embedded = await startLocalSource(config.source, (line) => stderr.write(`snapshot: ${line}\n`));
      masked.push(embedded.apiKey);
    }
    if (config.history !== undefined) await keepSnapshot(config.out, config.history, config.keep);
    const started = performance.now();
    const result = await crawl(toCrawlOptions(config, embedded, stderr, io.signal));
    const code = summarise(result, config, (performance.now() - started) / 1000, stdout, (line) =>
      stderr.write(`${line}\n`),
    );
    if (code === EXIT_CODES.ok) await reportChanges(config, result.manifest, stdout, compare);
    return code;
  } catch (error) {
    const [code, message] = io.signal?.aborted ? describeInterrupt(io.signal) : describeError(error);
    stderr.write(`snapshot: ${message}\n`);
    if (config.verbose && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
    return code;
  } finally {
    await embedded?.close();
  }
}

function toCrawlOptions(
  config: SnapshotConfig,
  embedded: LocalSource | undefined,
  stderr: TextSink,
  signal?: AbortSignal,
): CrawlOptions {
  return {
    source: embedded?.source ?? toManifestSource(config.source),
    apiKey: embedded?.apiKey ?? config.apiKey,
    out: config.out,
    sinceSnapshot: config.sinceSnapshot,
    fullRefreshEvery: config.fullRefreshEvery,
    maxFailures: config.maxFailures,
    concurrency: config.concurrency,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    backoff: config.backoff,
    limits: config.limits,
    maxContentTypes: config.maxContentTypes,
    followRedirects: config.followRedirects,
    allowShrink: config.allowShrink,
    tool: TOOL,
    progress: createProgress({ sink: stderr, quiet: config.quiet }),
    signal,
    ...(config.verbose ? { note: (line: string) => stderr.write(`snapshot: ${line}\n`) } : {}),
  };
}

/** The base URL, and the operations path when it is not the default one. */
function toManifestSource(source: SnapshotConfig['source']): CrawlOptions['source'] {
  if (source.kind !== 'http') return { url: '', kind: 'http' };
  return { url: source.url, kind: 'http', ...(source.apiPath === DEFAULT_API_PATH ? {} : { apiPath: source.apiPath }) };
}

function summarise(
  result: CrawlResult,
  config: SnapshotConfig,
  seconds: number,
  stdout: (line: string) => unknown,
  stderr: (line: string) => unknown,
): number {
  const { counts, reused } = result.manifest;
  const totals = `${counts.content} content items, ${counts.media} media items, ${counts.contentTypes} content types`;
  const notes =
    `${counts.failures} failures, ${counts.warnings} warnings, ${counts.deviations} deviations, ` + `${reused} reused`;
  // Said on its own line, even with --quiet: the key has been seen by a source that sends it back.
  const echoed = result.manifest.warnings.find((warning) => warning.code === 'key-echoed');
  if (echoed !== undefined) stderr(`snapshot: warning: ${echoed.message}`);
  if (result.shrink !== undefined) {
    stderr(
      `snapshot: refused: ${result.shrink.now} items where ${config.out} has ${result.shrink.previous}; ` +
        `kept in ${result.dir}, ${config.out} left as it was; pass --allow-shrink to accept it`,
    );
    return EXIT_CODES.shrinkRefused;
  }
  if (result.manifest.status === 'complete') {
    stdout(`snapshot: ${totals} written to ${result.dir} (${notes}; ${seconds.toFixed(1)}s)`);
    return EXIT_CODES.ok;
  }
  stderr(
    `snapshot: incomplete: ${counts.failures} permanent failures (tolerated: ${config.maxFailures}); ` +
      `partial result in ${result.dir}, ${config.out} left as it was; see ${path.join(result.dir, 'report.json')}`,
  );
  return EXIT_CODES.incomplete;
}

function describeError(error: unknown): [number, string] {
  if (error instanceof UsageError || error instanceof LocalSourceError) {
    return [EXIT_CODES.usage, error.problems.join('\nsnapshot: ')];
  }
  if (error instanceof AuthRefusedError) return [EXIT_CODES.authRefused, `${error.message}; nothing was written`];
  if (error instanceof SourceUnreachableError) return [EXIT_CODES.unreachable, `${error.message}; nothing was written`];
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return [EXIT_CODES.incomplete, `crawl failed: ${message}; nothing was replaced`];
}

function describeInterrupt(signal: AbortSignal): [number, string] {
  const name = (signal.reason as Error | undefined)?.message === 'SIGTERM' ? 'SIGTERM' : 'SIGINT';
  return [
    name === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED,
    `stopped by ${name}; its temporary folder was removed and nothing was replaced`,
  ];
}

function readToolVersion(): string {
  const file = path.resolve(import.meta.dirname, '..', '..', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
