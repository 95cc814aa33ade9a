/** Runs `astro build` as a child process, handing it the typed site config (src/lib/site-config.ts). */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { SITE_CONFIG_ENV, type SiteConfig } from '../../src/lib/site-config.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ASTRO = path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
const TAIL_LINES = 40;

/** Everything `astro build` needs, typed; written as JSON beside the cache and named by env SITE_CONFIG. */
export function toSiteConfig(config: BuildConfig, snapshotDir: string, siteDataDir: string): SiteConfig {
  return {
    snapshotDir,
    siteDataDir,
    outDir: config.outDir,
    base: config.base,
    astroCacheDir: path.join(config.cacheDir, 'astro'),
    ...(config.mediaOrigin ? { mediaOrigin: config.mediaOrigin } : {}),
    ...(config.title ? { title: config.title } : {}),
    ...(config.partition ? { partition: { index: config.partition.index, count: config.partition.count } } : {}),
  };
}

async function writeSiteConfig(config: BuildConfig, snapshotDir: string, siteDataDir: string): Promise<string> {
  const file = path.join(config.cacheDir, `site-config-${process.pid}.json`);
  await mkdir(config.cacheDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(toSiteConfig(config, snapshotDir, siteDataDir), null, 2)}\n`);
  return file;
}

function astroEnv(env: Readonly<Record<string, string | undefined>>, siteConfigFile: string): Record<string, string> {
  const clean = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('SNAPSHOT_API')),
  );
  return {
    ...clean,
    [SITE_CONFIG_ENV]: siteConfigFile,
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
  const siteConfigFile = await writeSiteConfig(config, snapshotDir, siteDataDir);
  try {
    return await runAstro(config, astroEnv(env, siteConfigFile), log, started);
  } finally {
    await rm(siteConfigFile, { force: true });
  }
}

async function runAstro(
  config: BuildConfig,
  env: Record<string, string>,
  log: (text: string) => void,
  started: number,
): Promise<number> {
  const child = spawn(process.execPath, [ASTRO, 'build'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
