/**
 * The build's site-data step: derived from the snapshot (with the changes, mapping, decisions and estimate the build
 * asks for), or read from a folder a preparation job wrote (`--site-data`, prepared-site-data.ts).
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { SiteDataMeta } from '../../src/lib/site-data/site-data-format.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { SnapshotDamagedError } from '../core/snapshot-verify.ts';
import { describeChangeCounts } from '../core/diff-format.ts';
import { DRAFT_CHANGES_FILE } from '../core/draft-changes.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES, BuildError, classifyFailure } from './build-errors.ts';
import { findPreviousDir, writeChanges } from './changes-step.ts';
import { startSiteDataThreads } from './site-data-threads.ts';
import { diffCacheDir, openDiffCache } from './diff-cache.ts';
import type { CompareSnapshots } from '../diff/diff-snapshots.ts';
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
  // Tonight's comparison (unless an earlier build kept it) and the drafts' changes start on threads of their own and
  // run beside the pass over the items instead of after it (at 100k items, 1 % changed: 8.7 s and 3 s after it). A
  // build held to --memory runs them after, in its own thread: side by side they hold three heaps.
  const threads = config.memoryMegabytes === undefined ? startSiteDataThreads() : undefined;
  const diffs = openDiffCache(diffCacheDir(config.cacheDir), threads?.compare);
  const previous = threads === undefined ? undefined : await findPreviousDir(config, snapshot.manifest);
  const tonight = previous === undefined ? undefined : diffs.compare(previous, snapshot.dir);
  const compare: CompareSnapshots = (fromDir, toDir) =>
    tonight !== undefined && fromDir === previous && toDir === snapshot.dir ? tonight : diffs.compare(fromDir, toDir);
  // Beside the site-data folder, which the pass empties first; a leftover of a killed run goes with its work folder
  // or, beside --site-data-out, as a staging folder's side (folder-swap.ts).
  const draftsDir = `${dir}.drafts`;
  const drafts =
    threads === undefined
      ? undefined
      : mkdir(draftsDir, { recursive: true }).then(() => threads.draftChanges(snapshot.dir, draftsDir));
  // Awaited below; a failure surfaces there, where it did when the work ran after the pass.
  for (const ahead of [tonight, drafts]) ahead?.catch(() => undefined);
  let siteData: Awaited<ReturnType<typeof prepareSiteData>>;
  let changes: Awaited<ReturnType<typeof writeChanges>>;
  try {
    siteData = await prepareSiteData(snapshot.dir, dir, config).catch((error: unknown) => {
      throw siteDataError(snapshot.dir, error);
    });
    progress(`site data ready in ${seconds(siteData.millis)}`);
    warnUnshown(siteData.unshown, err);
    if (drafts === undefined) await writeDraftChanges(snapshot.dir, siteData.dir);
    else {
      await drafts;
      await rename(path.join(draftsDir, DRAFT_CHANGES_FILE), path.join(siteData.dir, DRAFT_CHANGES_FILE));
    }
    changes = await writeChanges(config, snapshot, siteData.dir, compare);
  } finally {
    await threads?.stop();
    await rm(draftsDir, { recursive: true, force: true });
  }
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
