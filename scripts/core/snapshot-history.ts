/**
 * Snapshot history (`--history DIR`, `--keep N`): earlier snapshots kept side by side, each in a folder named by the
 * time its crawl finished. A kept snapshot is never written again; its files are hard links to the snapshot it was
 * taken from (no copy: snapshot files are only ever replaced by renaming folders, never rewritten), or copies where the
 * file system cannot link.
 */
import { copyFile, link, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { findStat, recoverFolderSwap } from './folder-swap.ts';
import { getManifest, type Manifest } from './snapshot-format.ts';

export const DEFAULT_KEEP = 1;

export interface KeptSnapshot {
  dir: string;
  manifest: Manifest;
}

const folderNameOf = (manifest: Manifest): string => manifest.finishedAt.replace(/[^0-9A-Za-z.-]/g, '-');

async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isFile()) await link(source, target).catch(() => copyFile(source, target));
  }
}

/** Complete snapshots in the history folder, newest first. */
export async function listKeptSnapshots(historyDir: string): Promise<KeptSnapshot[]> {
  const names = await readdir(historyDir).catch(() => [] as string[]);
  const kept: KeptSnapshot[] = [];
  for (const name of names.filter((n) => !n.includes('.tmp-'))) {
    const dir = path.join(historyDir, name);
    const manifest = await getManifest(dir).catch(() => undefined);
    if (manifest?.status === 'complete') kept.push({ dir, manifest });
  }
  return kept.sort((a, b) => b.manifest.finishedAt.localeCompare(a.manifest.finishedAt));
}

/**
 * Keeps the complete snapshot at `dir` (if there is one) in the history, then removes all but the newest `keep`.
 * Returns where it was kept.
 */
export async function keepSnapshot(dir: string, historyDir: string, keep: number): Promise<string | undefined> {
  // A run that died between its two renames left the last good snapshot aside: that is the one to keep.
  await recoverFolderSwap(dir);
  const manifest = await getManifest(dir).catch(() => undefined);
  let kept: string | undefined;
  if (manifest?.status === 'complete') {
    kept = path.join(historyDir, folderNameOf(manifest));
    if ((await findStat(kept)) === undefined) {
      const tmp = `${kept}.tmp-${process.pid}`;
      await rm(tmp, { recursive: true, force: true });
      await linkTree(dir, tmp);
      await rename(tmp, kept);
    }
  }
  for (const old of (await listKeptSnapshots(historyDir)).slice(keep))
    await rm(old.dir, { recursive: true, force: true });
  return kept;
}

/** The newest kept snapshot that is not `current` itself (the same crawl, by its times). */
export async function findPreviousSnapshot(
  historyDir: string,
  current: Pick<Manifest, 'startedAt' | 'finishedAt'>,
): Promise<KeptSnapshot | undefined> {
  const same = (m: Manifest): boolean => m.startedAt === current.startedAt && m.finishedAt === current.finishedAt;
  return (await listKeptSnapshots(historyDir)).find((kept) => !same(kept.manifest));
}
