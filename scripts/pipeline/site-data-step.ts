/**
 * The build's site-data step: derived from the snapshot (with the changes, mapping, decisions and estimate the build
 * asks for), or read from a folder a preparation job wrote (`--site-data`, prepared-site-data.ts).
 */
import type { SiteDataMeta } from '../../src/lib/site-data/site-data-format.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { SnapshotDamagedError } from '../core/snapshot-verify.ts';
import { describeChangeCounts } from '../core/diff-format.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES, BuildError, classifyFailure } from './build-errors.ts';
import { writeChanges } from './changes-step.ts';
import { diffCacheDir, openDiffCache } from './diff-cache.ts';
import { applyDecisions, describeDecisions } from './decisions-step.ts';
import { writeDraftChanges } from './drafts-step.ts';
import { applyEstimate, describeEstimate } from './estimate-step.ts';
import { describeMapping, writeMapping } from './mapping-step.ts';
import { readPrepared } from './prepared-site-data.ts';
import type { obtainSnapshot } from './snapshot-step.ts';

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;

/** Names in a terminal line: quoted, control and direction characters escaped (they could rewrite the line). */
const quoted = (text: string): string =>
  JSON.stringify(text).replace(
    /[\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** One warning per item shown without its properties (the first 20, then how many more). */
export function warnUnshown(
  items: ReadonlyArray<{ kind: string; key: string; name?: string; reason?: string; unshown?: string }>,
  err: (line: string) => void,
): void {
  for (const item of items.slice(0, 20))
    err(
      `warning: ${item.kind} item ${item.key}${item.name === undefined ? '' : ` ${quoted(item.name)}`} is shown without its properties: it ${item.reason ?? item.unshown}`,
    );
  if (items.length > 20) err(`warning: ${items.length - 20} more items are shown without their properties`);
}

/** A snapshot that fails its checksums is a bad snapshot (exit 3), not a failure of the site data. */
function siteDataError(snapshotDir: string, error: unknown): BuildError {
  if (error instanceof SnapshotDamagedError)
    return new BuildError(
      BUILD_EXIT_CODES.snapshotInvalid,
      `the snapshot at ${snapshotDir} is damaged: ${error.message}`,
    );
  // A full disk under the cache is said as such (exit 10), not as a failure of the site data.
  const classified = classifyFailure(error);
  if (classified !== undefined) return classified;
  const message = (error as Error).message?.split('\n')[0];
  return new BuildError(BUILD_EXIT_CODES.siteData, `preparing the site data failed: ${message}`, { cause: error });
}

export interface ReadySiteData {
  dir: string;
  meta: SiteDataMeta;
  millis: number;
}

/** The site data derived from the snapshot, with the changes, mapping, decisions and estimate `config` asks for. */
export async function deriveSiteData(
  config: BuildConfig,
  snapshot: Awaited<ReturnType<typeof obtainSnapshot>>,
  dir: string,
  err: (line: string) => void,
  progress: (line: string) => void,
): Promise<ReadySiteData> {
  const siteData = await prepareSiteData(snapshot.dir, dir, config).catch((error: unknown) => {
    throw siteDataError(snapshot.dir, error);
  });
  progress(`site data ready in ${seconds(siteData.millis)}`);
  warnUnshown(siteData.unshown, err);
  await writeDraftChanges(snapshot.dir, siteData.dir);
  const diffs = openDiffCache(diffCacheDir(config.cacheDir));
  const changes = await writeChanges(config, snapshot, siteData.dir, diffs.compare);
  await diffs.prune();
  if (changes !== undefined) progress(`changes since ${changes.from.finishedAt}: ${describeChangeCounts(changes)}`);
  const mapping = await writeMapping(config, snapshot.dir, siteData.dir);
  if (mapping !== undefined) progress(describeMapping(mapping.coverage));
  const decisions = await applyDecisions(config, siteData.dir, err);
  if (config.decisionsFile !== undefined || config.rulesFile !== undefined) progress(describeDecisions(decisions));
  const estimate = await applyEstimate(config, snapshot.dir, siteData.dir, err);
  if (estimate !== undefined) progress(describeEstimate(estimate));
  return { dir: siteData.dir, meta: siteData.meta, millis: siteData.millis };
}

export async function readPreparedSiteData(
  dir: string,
  snapshotDir: string,
  progress: (line: string) => void,
): Promise<ReadySiteData> {
  const meta = await readPrepared(dir, snapshotDir);
  progress(`site data prepared in ${dir} (${meta.counts.content} content, ${meta.counts.media} media)`);
  return { dir, meta, millis: 0 };
}
