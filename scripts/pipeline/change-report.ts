/**
 * After a complete crawl: one line saying what changed since the previous snapshot (`--compare-with`, or the newest
 * one kept in `--history`). The full list is `npm run diff`'s; a comparison that fails is said, never fatal.
 */
import { describeChangeCounts } from '../core/diff-format.ts';
import { diffSnapshots, type CompareSnapshots } from '../diff/diff-snapshots.ts';
import type { SnapshotConfig } from '../snapshot/config.ts';
import type { Manifest } from '../core/snapshot-format.ts';
import { findPreviousSnapshot } from '../core/snapshot-history.ts';

async function findPrevious(
  config: SnapshotConfig,
  current: Pick<Manifest, 'startedAt' | 'finishedAt'>,
): Promise<string | undefined> {
  if (config.compareWith !== undefined) return config.compareWith;
  if (config.history === undefined) return undefined;
  return (await findPreviousSnapshot(config.history, current))?.dir;
}

export async function reportChanges(
  config: SnapshotConfig,
  current: Pick<Manifest, 'startedAt' | 'finishedAt'>,
  say: (line: string) => unknown,
  compare: CompareSnapshots = diffSnapshots,
): Promise<void> {
  const previous = await findPrevious(config, current);
  if (previous === undefined) return;
  try {
    const diff = await compare(previous, config.out);
    say(
      `snapshot: since ${diff.from.finishedAt}: ${describeChangeCounts(diff)} (npm run diff -- --from ` +
        `${previous} --to ${config.out})`,
    );
  } catch (error) {
    say(
      `snapshot: not compared with ${previous}: ` +
        `${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
    );
  }
}
