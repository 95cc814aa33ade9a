/**
 * Joins the outputs of a partitioned build (`npm run build -- --partition I/K`) into one site: the union of their
 * files, built beside the target and swapped in whole like `npm run build` does. A path present in several outputs must
 * hold the same bytes in each (the pages every partition renders); anything else is refused and nothing is replaced.
 * The search bundles each partition wrote are listed together in `search-bundles.json`, partition 1's `pagefind/`
 * first.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { recoverFolderSwap, stagingFolder, swapIntoPlace } from '../core/folder-swap.ts';
import { linkOrCopy, type LinkState } from '../core/link-or-copy.ts';
import { keepUnchangedTimes, type SiteChanges } from './unchanged-files.ts';
import { PARTITION_FILE, type PartitionManifest } from './partition-search.ts';

export const MERGE_EXIT_CODES = { ok: 0, failed: 1, usage: 2, partitions: 3, conflict: 4, diskFull: 10 } as const;

export class MergeError extends Error {
  readonly exitCode: number;
  constructor(exitCode: number, message: string) {
    super(message);
    this.exitCode = exitCode;
  }
}

export interface MergeSummary {
  partitions: number;
  files: number;
  shared: number;
  bundles: string[];
  /** With `keepTimes`: against the site it replaced (unchanged-files.ts). */
  changes?: SiteChanges;
  millis: number;
}

/** Files each partition writes for the merge alone; the merged site gets its own search-bundles.json. */
const MERGE_ONLY = new Set([PARTITION_FILE, 'search-bundles.json']);
const COPY_BATCH = 32;

const manifestSchema = z.object({
  partition: z.string(),
  index: z.number().int().min(1),
  count: z.number().int().min(1),
  bundles: z.array(z.string()),
});

async function readManifest(dir: string): Promise<PartitionManifest> {
  const file = path.join(dir, PARTITION_FILE);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined)
    throw new MergeError(
      MERGE_EXIT_CODES.partitions,
      `${dir} is not a partition output (no ${PARTITION_FILE}; build it with --partition I/K)`,
    );
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new MergeError(MERGE_EXIT_CODES.partitions, `${file} is not a partition manifest`);
  return parsed.data;
}

/** Every partition 1..K exactly once, all of the same K; returns the manifests in partition order. */
async function readPartitionSet(dirs: readonly string[]): Promise<Array<PartitionManifest & { dir: string }>> {
  const parts = await Promise.all(dirs.map(async (dir) => ({ ...(await readManifest(dir)), dir })));
  const count = parts[0]?.count ?? 0;
  const problems: string[] = [];
  if (parts.some((p) => p.count !== count))
    problems.push(`the outputs disagree on K (${parts.map((p) => p.partition).join(', ')})`);
  for (let index = 1; index <= count; index++) {
    const holders = parts.filter((p) => p.index === index);
    if (holders.length === 0) problems.push(`partition ${index}/${count} is missing`);
    if (holders.length > 1)
      problems.push(`partition ${index}/${count} is given twice (${holders.map((h) => h.dir).join(', ')})`);
  }
  if (problems.length > 0) throw new MergeError(MERGE_EXIT_CODES.partitions, problems.join('; '));
  return parts.sort((a, b) => a.index - b.index);
}

async function sameBytes(a: string, b: string): Promise<boolean> {
  const [sa, sb] = await Promise.all([stat(a), stat(b)]);
  if (!sa.isFile() || !sb.isFile() || sa.size !== sb.size) return false;
  const [ba, bb] = await Promise.all([readFile(a), readFile(b)]);
  return ba.equals(bb);
}

/** Where a merge stands: files placed, copies found identical, whether hard links are still worth trying. */
interface MergeState {
  files: number;
  shared: number;
  links: LinkState;
  /** The partitions placed before this one, to name the first holder of a conflicting file. */
  earlier: readonly string[];
}

/**
 * Places one file of partition `dir` at `target`. A path an earlier partition already placed must hold the same bytes
 * (the file system says so: the link or copy finds the target there), so no list of every path is kept. The file goes
 * in as a hard link where the partition sits on the same file system, so joining a 26 GB site (1M items) takes no
 * second 26 GB of disk and no time to copy, and as a copy where it does not (scripts/core/link-or-copy.ts). The
 * partition folders are the jobs' artifacts: linked files are shared with them, so they are not edited in place after.
 */
async function placeFile(dir: string, file: string, staging: string, state: MergeState): Promise<void> {
  const source = path.join(dir, file);
  const target = path.join(staging, file);
  try {
    await linkOrCopy(source, target, state.links);
    state.files += 1;
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (!(await sameBytes(source, target))) {
    const holders = await Promise.all(
      state.earlier.map((other) =>
        stat(path.join(other, file)).then(
          () => other,
          () => undefined,
        ),
      ),
    );
    throw new MergeError(
      MERGE_EXIT_CODES.conflict,
      `conflicting file ${file}: ${holders.find((h) => h !== undefined) ?? 'an earlier partition'} and ${dir} hold ` +
        'different bytes',
    );
  }
  state.shared += 1;
}

/** Folders joined at once: most hold one page each (`content/<key>/index.html`), so folders are the unit of work. */
const FOLDERS_AT_ONCE = 16;

/**
 * Links or copies the files of one folder of a partition into `staging`, a batch at a time as the folder is read, and
 * hands its subfolders to `pending`: memory holds the folders still to join, not the site's 2M paths (listing them
 * whole took the merge to 5.7 GB at 1M items).
 */
async function addFolder(
  dir: string,
  relative: string,
  staging: string,
  state: MergeState,
  pending: string[],
): Promise<void> {
  await mkdir(path.join(staging, relative), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST' && error.code !== 'ENOTDIR') throw error;
    throw new MergeError(
      MERGE_EXIT_CODES.conflict,
      `${relative} is a folder in ${dir} and a file in an earlier partition`,
    );
  });
  let batch: string[] = [];
  const flush = async () => {
    await Promise.all(batch.map((file) => placeFile(dir, file, staging, state)));
    batch = [];
  };
  // One folder's names at once (content/ holds a folder per item): one call, where reading it in parts took three.
  for (const entry of await readdir(path.join(dir, relative), { withFileTypes: true })) {
    const file = relative === '' ? entry.name : path.join(relative, entry.name);
    if (entry.isDirectory()) pending.push(file);
    else if (!entry.isFile())
      throw new MergeError(MERGE_EXIT_CODES.conflict, `${path.join(dir, file)} is neither a file nor a folder`);
    else if (relative !== '' || !MERGE_ONLY.has(file)) {
      batch.push(file);
      if (batch.length >= COPY_BATCH) await flush();
    }
  }
  await flush();
}

/**
 * Joins one partition, FOLDERS_AT_ONCE folders at a time. On a failure nothing new is started, and it is thrown once
 * the folders under way have settled, so none writes into the staging folder after it is removed.
 */
function addPartition(dir: string, staging: string, state: MergeState): Promise<void> {
  const pending = [''];
  let active = 0;
  let failure: { error: unknown } | undefined;
  return new Promise((resolve, reject) => {
    const pump = () => {
      while (failure === undefined && active < FOLDERS_AT_ONCE && pending.length > 0) {
        active += 1;
        addFolder(dir, pending.pop() as string, staging, state, pending).then(
          () => settle(),
          (error: unknown) => {
            failure ??= { error };
            settle();
          },
        );
      }
    };
    const settle = () => {
      active -= 1;
      if (failure !== undefined) {
        if (active === 0) reject(failure.error);
      } else if (active === 0 && pending.length === 0) resolve();
      else pump();
    };
    pump();
  });
}

export async function mergePartitions(
  dirs: readonly string[],
  outDir: string,
  options: { keepTimes?: boolean } = {},
): Promise<MergeSummary> {
  const started = Date.now();
  const parts = await readPartitionSet(dirs);
  await recoverFolderSwap(outDir);
  const staging = await stagingFolder(outDir);
  await rm(staging, { recursive: true, force: true });
  try {
    await mkdir(staging, { recursive: true });
    const state: MergeState = { files: 0, shared: 0, links: { tried: true }, earlier: [] };
    for (const [i, part] of parts.entries()) {
      state.earlier = parts.slice(0, i).map((p) => p.dir);
      await addPartition(part.dir, staging, state);
    }
    const bundles = parts.flatMap((p) => p.bundles);
    if (bundles.length > 0)
      await writeFile(path.join(staging, 'search-bundles.json'), `${JSON.stringify({ bundles })}\n`);
    const changes = options.keepTimes ? await keepUnchangedTimes(staging, outDir, { skip: staging }) : undefined;
    await swapIntoPlace(staging, outDir);
    return {
      partitions: parts.length,
      ...(changes ? { changes } : {}),
      files: state.files,
      shared: state.shared,
      bundles,
      millis: Date.now() - started,
    };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
