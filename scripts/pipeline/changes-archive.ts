/**
 * The earlier nights' change lists for the site's archive and feed: with `--history DIR --keep N`, each pair of
 * consecutive snapshots kept there (newest first) is compared, so the N − 1 nights before tonight stay browsable and a
 * removed item keeps its page while a night in the archive mentions it. One diff per kept pair (kept between builds:
 * diff-cache.ts), written beside the other site data; nothing when fewer than two are kept.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { CHANGES_ARCHIVE_FILE, type SnapshotDiff } from '../core/diff-format.ts';
import type { Manifest } from '../core/snapshot-format.ts';
import { listKeptSnapshots } from '../core/snapshot-history.ts';
import { diffSnapshots, type CompareSnapshots } from '../diff/diff-snapshots.ts';
import { valuePieces } from '../../src/lib/json-pieces.ts';
import { writeJsonPieces } from '../../src/lib/site-data/derive/line-writer.ts';

/** The site is published: only the snapshots' own folder names, never the build machine's paths. */
export const publishedDiff = (diff: SnapshotDiff): SnapshotDiff => ({
  ...diff,
  from: { ...diff.from, dir: path.basename(diff.from.dir) },
  to: { ...diff.to, dir: path.basename(diff.to.dir) },
});

export async function writeChangesArchive(
  historyDir: string | undefined,
  current: Pick<Manifest, 'startedAt' | 'finishedAt'>,
  siteDataDir: string,
  compare: CompareSnapshots = diffSnapshots,
): Promise<number> {
  const file = path.join(siteDataDir, CHANGES_ARCHIVE_FILE);
  await rm(file, { force: true });
  if (historyDir === undefined) return 0;
  const kept = (await listKeptSnapshots(historyDir)).filter(
    ({ manifest }) => manifest.startedAt !== current.startedAt || manifest.finishedAt !== current.finishedAt,
  );
  const nights: SnapshotDiff[] = [];
  for (let index = 0; index + 1 < kept.length; index += 1) {
    const [newer, older] = [kept[index], kept[index + 1]];
    if (newer === undefined || older === undefined) continue;
    nights.push(publishedDiff(await compare(older.dir, newer.dir)));
  }
  if (nights.length > 0) await writeJsonPieces(file, valuePieces(nights, 4));
  return nights.length;
}
