/**
 * Sites built once and shared by the browser test files: each file runs in its own process, so a build is kept on disk
 * under a key made of its name, its build flags and every file of the product (scripts/, src/, the Astro
 * config and the lockfile). A change to the product is a new key, so a kept build is never stale; the build a key
 * replaces is removed. A lock folder keeps two processes from building the same site at once.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fingerprint } from './fingerprint.ts';
import { buildSite } from './site-e2e.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRODUCT = ['scripts', 'src'];
const PRODUCT_FILES = ['astro.config.mjs', 'package-lock.json'];
const CACHE = process.env.E2E_SITE_CACHE ?? path.join(tmpdir(), 'cms-snapshot-e2e-sites');
const STALE_LOCK_MS = 15 * 60_000;

export interface SiteBuild {
  /** Names the build in the cache and in the log line. */
  readonly name: string;
  /** Build flags; --out and --cache are added. */
  readonly args: readonly string[];
  /** Writes what the build reads (a snapshot) into `dir` before the build, and names it in `args`. */
  readonly prepare?: (dir: string) => Promise<void>;
}

export interface BuiltSite {
  /** The build's working folder: snapshot/, site-data/, and what `prepare` wrote. */
  readonly dir: string;
  readonly buildDir: string;
  readonly dist: string;
}

let productKey: Promise<string> | undefined;

async function hashProduct(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of PRODUCT) hash.update(JSON.stringify(await fingerprint(path.join(ROOT, dir))));
  for (const file of PRODUCT_FILES) hash.update(await readFile(path.join(ROOT, file)));
  return hash.digest('hex');
}

/** The site of `build`, from the cache or built now (`dir` stands for the build's own folder in its flags). */
export async function builtSite(build: SiteBuild): Promise<BuiltSite> {
  productKey ??= hashProduct();
  const key = createHash('sha256')
    .update(`${await productKey}\n${JSON.stringify(build.args)}`)
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(CACHE, `${build.name}-${key}`);
  const site = { dir, buildDir: path.join(dir, 'build'), dist: path.join(dir, 'dist') };
  const done = path.join(dir, 'done');
  await mkdir(CACHE, { recursive: true });
  await withLock(`${dir}.lock`, async () => {
    if (existsSync(done)) return;
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const started = Date.now();
    await build.prepare?.(dir);
    const args = build.args.map((arg) => arg.replaceAll('{dir}', dir));
    await buildSite([...args, '--out', site.dist, '--cache', site.buildDir]);
    await writeFile(done, new Date().toISOString());
    process.stderr.write(`# built the ${build.name} site in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
    await removeReplaced(build.name, path.basename(dir));
  });
  return site;
}

async function withLock(lock: string, work: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Builds of the same name under another key were made from other product files: nothing will read them again. */
async function removeReplaced(name: string, keep: string): Promise<void> {
  for (const entry of await readdir(CACHE)) {
    if (entry !== keep && entry.startsWith(`${name}-`) && !entry.endsWith('.lock'))
      await rm(path.join(CACHE, entry), { recursive: true, force: true });
  }
}
