/** Runs `astro build` as a child process with the snapshot and site-data folders passed by environment. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { formatPartition } from '../../src/lib/partition.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ASTRO = path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
const TAIL_LINES = 40;

export function astroEnv(
  config: BuildConfig,
  snapshotDir: string,
  siteDataDir: string,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const clean = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('SNAPSHOT_API')),
  );
  return {
    ...clean,
    SNAPSHOT_DIR: snapshotDir,
    SITE_DATA_DIR: siteDataDir,
    SITE_OUT_DIR: config.outDir,
    SITE_BASE: config.base,
    SITE_ASTRO_CACHE_DIR: path.join(config.cacheDir, 'astro'),
    ...(config.mediaOrigin ? { SITE_MEDIA_ORIGIN: config.mediaOrigin } : { SITE_MEDIA_ORIGIN: '' }),
    SITE_TITLE: config.title ?? '',
    SITE_PARTITION: config.partition ? formatPartition(config.partition) : '',
    ASTRO_TELEMETRY_DISABLED: '1',
    NODE_OPTIONS: `${clean.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim(),
  };
}

export async function runAstroBuild(
  config: BuildConfig,
  snapshotDir: string,
  siteDataDir: string,
  env: Readonly<Record<string, string | undefined>>,
  log: (text: string) => void,
): Promise<number> {
  const started = Date.now();
  const child = spawn(process.execPath, [ASTRO, 'build'], {
    cwd: ROOT,
    env: astroEnv(config, snapshotDir, siteDataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (config.verbose) log(text);
    tail.push(...text.split('\n').filter((l) => l.trim() !== ''));
    if (tail.length > TAIL_LINES * 4) tail.splice(0, tail.length - TAIL_LINES);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const code = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    if (!config.verbose) log(`${tail.slice(-TAIL_LINES).join('\n')}\n`);
    throw new BuildError(BUILD_EXIT_CODES.astro, `astro build failed (exit ${code}); its last lines are above`);
  }
  return Date.now() - started;
}
