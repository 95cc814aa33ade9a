/** Gets the snapshot the site is built from: an existing folder (--snapshot) or a fresh crawl into the cache. */
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CliIo } from '../core/cli/cli-io.ts';
import { runSnapshot } from './snapshot-run.ts';
import { diffCacheDir, openDiffCache } from './diff-cache.ts';
import { recoverFolderSwap } from '../core/folder-swap.ts';
import { getManifest, MANIFEST_FILE, type Manifest } from '../core/snapshot-format.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';

export interface SnapshotSource {
  dir: string;
  manifest: Manifest;
  crawled: boolean;
}

function describeInvalid(error: unknown): string {
  const issues = (error as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues;
  if (Array.isArray(issues) && issues[0])
    return (
      `${issues[0].path.map(String).join('.') || '(root)'}: ` +
      `${issues[0].message}${issues.length > 1 ? ` (+${issues.length - 1} more)` : ''}`
    );
  return error instanceof SyntaxError ? `not JSON (${error.message})` : String((error as Error).message ?? error);
}

/** Checks the manifest (schema, format version, status) and that every file it lists is there with its size. */
export async function validateSnapshot(dir: string, allowPartial: boolean): Promise<Manifest> {
  await recoverFolderSwap(dir);
  try {
    await access(path.join(dir, MANIFEST_FILE));
  } catch {
    throw new BuildError(BUILD_EXIT_CODES.snapshotInvalid, `no snapshot at ${dir}: ${MANIFEST_FILE} is missing`);
  }
  let manifest: Manifest;
  try {
    manifest = await getManifest(dir);
  } catch (error) {
    throw new BuildError(
      BUILD_EXIT_CODES.snapshotInvalid,
      `the snapshot at ${dir} has an invalid ${MANIFEST_FILE}: ${describeInvalid(error)}`,
    );
  }
  if (manifest.status === 'partial' && !allowPartial) {
    throw new BuildError(
      BUILD_EXIT_CODES.snapshotPartial,
      `the snapshot at ${dir} is partial (${manifest.counts.failures} failures); pass --allow-partial to build ` +
        `from it anyway`,
    );
  }
  for (const [name, entry] of Object.entries(manifest.files)) {
    const size = await stat(path.join(dir, name)).then(
      (s) => s.size,
      () => undefined,
    );
    if (size === undefined)
      throw new BuildError(
        BUILD_EXIT_CODES.snapshotInvalid,
        `the snapshot at ${dir} lacks ${name}, which its manifest lists`,
      );
    if (size !== entry.bytes)
      throw new BuildError(
        BUILD_EXIT_CODES.snapshotInvalid,
        `the snapshot at ${dir} has ${name} of ${size} bytes, its manifest says ${entry.bytes}`,
      );
  }
  return manifest;
}

export async function obtainSnapshot(
  config: BuildConfig,
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
): Promise<SnapshotSource> {
  if (config.crawl === undefined) {
    const dir = config.snapshotDir ?? path.join(config.cacheDir, 'snapshot');
    return { dir, manifest: await validateSnapshot(dir, config.allowPartial), crawled: false };
  }
  const dir = config.crawl.out;
  const compare = openDiffCache(diffCacheDir(config.cacheDir)).compare;
  const code = await runSnapshot(config.crawl, io, [env.SNAPSHOT_API_KEY], compare);
  if (code !== 0)
    throw new BuildError(
      BUILD_EXIT_CODES.crawlFailed,
      `the crawl did not complete (crawler exit ${code}); nothing was built`,
    );
  return { dir, manifest: await validateSnapshot(dir, config.allowPartial), crawled: true };
}
