/**
 * A nightly build over the last site (`--take-unchanged`, item-page-reuse.ts) puts only what changed into place.
 * A site is hundreds of thousands of files, and on a night where 1 % of the items changed, a new site written whole
 * beside the last one was mostly file system work: at 100k items, 207k files placed (106k item pages by link, 79k
 * JSON twins written), walked to be measured, and the last site's 207k removed after the swap, about 45 s of a
 * night's 81 s. So such a build writes into its staging folder only what it renders, and names the files it keeps
 * from the last site (the item pages it takes, the twins whose bytes are the same); this puts the staging folder's
 * files into place over the last site's, removes the last site's files the new one does not hold, and leaves every
 * other file as it is, its time too (what `--keep-times` gives a whole site), so a sync sends only what changed.
 * Staged files with the same bytes as the last site's are dropped unmoved, so they keep their times as well.
 *
 * The moves go through a journal (scripts/core/commit-journal.ts): a build killed on the way leaves the last site, or
 * a commit the next run finishes; never a mix that stays.
 */
import { lstatSync, mkdirSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { COMMIT_JOURNAL, finishCommit, listFiles, writeJournal } from '../core/commit-journal.ts';
import { linkOrCopySync, type LinkState } from '../core/link-or-copy.ts';
import { WORK_NAME } from '../core/mount-swap.ts';
import { answerOnThread, runOnThread } from '../core/thread-job.ts';
import { countFile, emptySize, turnEvery } from './dir-stats.ts';
import { comparisonBuffers, sameBytes, type SiteChanges } from './unchanged-files.ts';

/** The bytes of a file placed in `out`, undefined when it is missing or not a file. */
function fileSize(file: string): number | undefined {
  try {
    const stats = lstatSync(file);
    return stats.isFile() ? stats.size : undefined;
  } catch {
    return undefined;
  }
}

/** The last site's files (paths under it) and their sizes. */
export interface SiteListing {
  files: string[];
  sizes: number[];
}

/**
 * `out`'s files and their sizes; one gone between the folder's listing and its own is left out, and so are folders of
 * build work inside `out` (a mount point's staging folder and the like).
 */
function listSite(out: string): SiteListing {
  const listing: SiteListing = { files: [], sizes: [] };
  for (const rel of listFiles(out, (name) => WORK_NAME.test(name))) {
    const size = fileSize(path.join(out, rel));
    if (size === undefined) continue;
    listing.files.push(rel);
    listing.sizes.push(size);
  }
  return listing;
}

const LISTING = 'site listing';

/**
 * The last site's files listed on a thread, from the start of the build: the build writes nothing into `out` until
 * it commits, and the listing is mostly waiting on the disk (on a cold one, 7.4 s of a night's commit at 100k items
 * went to reading the last site's folders), which the site data's computing hides.
 */
export function listSiteOnThread(out: string): Promise<SiteListing> {
  const listed = runOnThread<SiteListing>(import.meta.url, LISTING, out, 'the site listing').answer;
  // Not awaited until the commit: a listing that fails is said there, not as an unhandled rejection meanwhile.
  listed.catch(() => {});
  return listed;
}

answerOnThread(LISTING, (out: string) => listSite(out));

/**
 * Puts the files in `staging` into place in `out`, keeps the `kept` files of `out`, and removes the rest of `out`'s
 * files; returns what changed, and the new site's size. `listing` is `out`'s files as listed before (listed now
 * without it); `signal` stops it until the journal is written.
 */
export async function commitInPlace(
  staging: string,
  out: string,
  kept: Iterable<string>,
  signal?: AbortSignal,
  listing?: Promise<SiteListing>,
): Promise<SiteChanges> {
  const changes: SiteChanges = { unchanged: 0, changed: 0, added: 0, removed: 0, size: emptySize() };
  const chunks = comparisonBuffers();
  const keptFiles = new Set<string>(kept);
  const staged = new Set<string>();
  const turn = turnEvery(signal);
  // The staged files: the same bytes as the last site's are dropped (the last one stays, with its time).
  for (const rel of listFiles(staging, (name) => name === COMMIT_JOURNAL)) {
    const fresh = path.join(staging, rel);
    const size = statSync(fresh).size;
    const before = fileSize(path.join(out, rel));
    staged.add(rel);
    countFile(changes.size, rel, size);
    if (before === undefined) changes.added += 1;
    else if (before === size && sameBytes(fresh, path.join(out, rel), size, chunks)) {
      unlinkSync(fresh);
      changes.unchanged += 1;
    } else changes.changed += 1;
    await turn();
  }
  // The last site's files: kept, or removed.
  const removals: string[] = [];
  let keptFound = 0;
  const { files, sizes } = listing === undefined ? listSite(out) : await listing;
  for (const [i, rel] of files.entries()) {
    if (staged.has(rel)) continue;
    if (keptFiles.has(rel)) {
      keptFound += 1;
      countFile(changes.size, rel, sizes[i] ?? 0);
    } else removals.push(rel);
    await turn();
  }
  // A file kept that the last site did not hold when it was listed (removed by hand as the build started): the new
  // site would lack it, so nothing is put into place.
  const keptStaged = [...keptFiles].filter((rel) => staged.has(rel)).length;
  if (keptFound + keptStaged !== keptFiles.size)
    throw new Error(
      `${keptFiles.size - keptStaged - keptFound} of the files this build kept from the site in ${out} are gone ` +
        'from it: build again',
    );
  changes.unchanged += keptFound;
  changes.removed = removals.length;
  signal?.throwIfAborted();
  await writeJournal(staging, removals);
  await finishCommit(staging, out);
  return changes;
}

/**
 * Whether putting the staging folder into place is worth it: when most of the site was written again (the code
 * changed, so no page could be taken), comparing and moving each file costs more than swapping in a whole site (at
 * 100k items, 40 s against 18 s).
 */
export const worthUpdating = (kept: number, placed: number): boolean => kept * 2 >= placed;

/** The `kept` files of the last site in `out`, placed in `staging` (by link where it can), for a whole new site. */
export async function placeKept(out: string, staging: string, kept: readonly string[], signal?: AbortSignal) {
  const links: LinkState = { tried: true };
  const made = new Set<string>();
  const turn = turnEvery(signal);
  for (const rel of kept) {
    const dir = path.dirname(path.join(staging, rel));
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    linkOrCopySync(path.join(out, rel), path.join(staging, rel), links);
    await turn();
  }
}
