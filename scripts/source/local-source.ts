/**
 * The local source behind `--db FILE` and the embedded default (a demo database generated once into the cache
 * folder): a read service on a free loopback port with a random per-run key. The crawler never imports this; the
 * commands that offer `--db` start it and hand the crawler its base URL and key.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
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
  const { startReadService } = await import('./server.ts');
  const apiKey = randomBytes(24).toString('base64url');
  let service: Awaited<ReturnType<typeof startReadService>>;
  try {
    service = await startReadService({ dbPath, host: '127.0.0.1', port: 0, apiKey });
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new LocalSourceError([`cannot serve ${dbPath}: ${why}`]);
  }
  return {
    url: service.url,
    apiKey,
    source: { url: service.url, kind: config.kind, database: path.basename(dbPath) },
    close: () => service.close(),
  };
}

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
