/**
 * The local source behind `--db FILE` and the embedded default (a demo database generated once into the cache
 * folder): a read service on a free loopback port with a random per-run key. The crawler never imports this; the
 * commands that offer `--db` start it and hand the crawler its base URL and key.
 *
 * The service runs on a thread of its own, as a deployed source runs in a process of its own: the crawler's parsing
 * and writing and the service's reads and answers then use two cores instead of taking turns on one event loop.
 * Measured on the 100k demo database, 2 cores, concurrency 8: 72.7 s in the crawler's thread, 40.5 s with the service
 * in another process.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Manifest } from '../core/snapshot-format.ts';

export type LocalSourceSpec =
  { kind: 'database'; dbPath: string } | { kind: 'demo'; cacheDir: string; items: number; seed: number };

/** The database cannot be read or served; `problems` are one-line messages for the user. */
export class LocalSourceError extends Error {
  override readonly name = 'LocalSourceError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.problems = problems;
  }
}

export const DEMO_LANGUAGES = 2;

export interface LocalSource {
  url: string;
  apiKey: string;
  source: Manifest['source'];
  close(): Promise<void>;
}

export const demoDatabaseFile = (cacheDir: string, items: number, seed: number): string =>
  path.join(cacheDir, 'demo', `demo-${items}-${seed}.db`);

export async function startLocalSource(config: LocalSourceSpec, say: (line: string) => void): Promise<LocalSource> {
  const dbPath = config.kind === 'database' ? config.dbPath : await getDemoDatabase(config, say);
  try {
    await access(dbPath);
  } catch (error) {
    throw new LocalSourceError([`--db: cannot read ${dbPath} (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  const apiKey = randomBytes(24).toString('base64url');
  const job: ServiceJob = { localSource: true, dbPath, apiKey };
  const worker = new Worker(new URL(import.meta.url), { workerData: job });
  const gone = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const failed = (why: string) => {
      worker.off('message', answered).off('error', erred).off('exit', ended);
      reject(new LocalSourceError([`cannot serve ${dbPath}: ${why}`]));
    };
    const answered = (message: FromService) => {
      if ('failed' in message) return failed(message.failed);
      worker.off('message', answered).off('error', erred).off('exit', ended);
      resolve(message.ready);
    };
    const erred = (error: Error) => failed(error.message.split('\n')[0] ?? '');
    const ended = (code: number) => failed(`its thread ended (exit ${code})`);
    worker.on('message', answered).on('error', erred).on('exit', ended);
  });
  // A service that fails mid-crawl is said: the crawler then meets refused connections, which alone say little.
  let closing = false;
  let said = false;
  worker.on('error', (error) => {
    said = true;
    say(`the local source failed: ${error.message.split('\n')[0]}`);
  });
  worker.on('exit', (code) => {
    if (!closing && !said) say(`the local source stopped (exit ${code})`);
  });
  return {
    url,
    apiKey,
    source: { url, kind: config.kind, database: path.basename(dbPath) },
    async close() {
      // A thread that has ended already (it failed) takes no message and is not waited for twice.
      if (!closing) worker.postMessage({ close: true });
      closing = true;
      await gone;
    },
  };
}

interface ServiceJob {
  localSource: true;
  dbPath: string;
  apiKey: string;
}

type FromService = { ready: string } | { failed: string };

/** The service's thread: it answers until the pipeline asks it to close, then closes the database and ends. */
async function serveOnThread(job: ServiceJob): Promise<void> {
  const port = parentPort!;
  const { startReadService } = await import('./server.ts');
  let service: Awaited<ReturnType<typeof startReadService>>;
  try {
    service = await startReadService({ dbPath: job.dbPath, host: '127.0.0.1', port: 0, apiKey: job.apiKey });
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    port.postMessage({ failed: why ?? '' } satisfies FromService);
    return;
  }
  port.once('message', () => {
    void service.close().then(() => port.close());
  });
  port.postMessage({ ready: service.url } satisfies FromService);
}

if (!isMainThread && (workerData as Partial<ServiceJob> | null)?.localSource === true)
  void serveOnThread(workerData as ServiceJob);

/** Generated once per (items, seed); written beside its final name and renamed, so a killed run leaves no half file. */
async function getDemoDatabase(
  config: Extract<LocalSourceSpec, { kind: 'demo' }>,
  say: (line: string) => void,
): Promise<string> {
  const file = demoDatabaseFile(config.cacheDir, config.items, config.seed);
  try {
    await access(file);
    return file;
  } catch {
    say(`generating a demo database (${config.items} items, seed ${config.seed}) into ${file}`);
  }
  const work = `${file}.tmp-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const { generateDemoDatabase } = await import('../demo/generate.ts');
  try {
    const out = path.join(work, path.basename(file));
    generateDemoDatabase({ out, items: config.items, languages: DEMO_LANGUAGES, seed: config.seed });
    await rename(out, file);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return file;
}
