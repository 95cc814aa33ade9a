/**
 * Joins the outputs of a partitioned build (`npm run build -- --partition I/K`) into one site: the union of their
 * files, built beside the target and swapped in whole like `npm run build` does. A path present in several outputs must
 * hold the same bytes in each (the pages every partition renders); anything else is refused and nothing is replaced.
 * The search bundles each partition wrote are listed together in `search-bundles.json`, partition 1's `pagefind/`
 * first.
 */
import { copyFile, link, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { recoverFolderSwap, stagingFolder, swapIntoPlace } from '../core/folder-swap.ts';
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
  if (sa.size !== sb.size) return false;
  const [ba, bb] = await Promise.all([readFile(a), readFile(b)]);
  return ba.equals(bb);
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
    if (entry.isFile()) files.push(relative);
    else if (!entry.isDirectory())
      throw new MergeError(MERGE_EXIT_CODES.conflict, `${path.join(dir, relative)} is neither a file nor a folder`);
  }
  return files.filter((f) => !MERGE_ONLY.has(f)).sort();
}

/**
 * A partition's file in the joined site: a hard link where the partition sits on the same file system, so joining a
 * 26 GB site (1M items) takes no second 26 GB of disk and no time to copy; a copy where it does not (another disk, a
 * mount), or where the file system refuses links. The partition folders are the jobs' artifacts: linked files are
 * shared with them, so they are not to be edited in place afterwards.
 */
async function linkOrCopy(source: string, target: string, links: { tried: boolean }): Promise<void> {
  if (links.tried) {
    try {
      await link(source, target);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
      if (code !== 'EMLINK') links.tried = false;
    }
  }
  await copyFile(source, target, constants.COPYFILE_EXCL);
}

/** Links or copies one partition's files into `staging`; a path already there must hold the same bytes. */
async function addPartition(
  dir: string,
  staging: string,
  firstFrom: Map<string, string>,
  links: { tried: boolean },
): Promise<number> {
  let shared = 0;
  const files = await listFiles(dir);
  for (let i = 0; i < files.length; i += COPY_BATCH) {
    await Promise.all(
      files.slice(i, i + COPY_BATCH).map(async (file) => {
        const source = path.join(dir, file);
        const target = path.join(staging, file);
        const earlier = firstFrom.get(file);
        if (earlier !== undefined) {
          if (!(await sameBytes(source, target))) {
            throw new MergeError(
              MERGE_EXIT_CODES.conflict,
              `conflicting file ${file}: ${earlier} and ${dir} hold different bytes`,
            );
          }
          shared += 1;
          return;
        }
        firstFrom.set(file, dir);
        await mkdir(path.dirname(target), { recursive: true });
        await linkOrCopy(source, target, links);
      }),
    );
  }
  return shared;
}

export async function mergePartitions(dirs: readonly string[], outDir: string): Promise<MergeSummary> {
  const started = Date.now();
  const parts = await readPartitionSet(dirs);
  await recoverFolderSwap(outDir);
  const staging = await stagingFolder(outDir);
  await rm(staging, { recursive: true, force: true });
  try {
    await mkdir(staging, { recursive: true });
    const firstFrom = new Map<string, string>();
    let shared = 0;
    const links = { tried: true };
    for (const part of parts) shared += await addPartition(part.dir, staging, firstFrom, links);
    const bundles = parts.flatMap((p) => p.bundles);
    if (bundles.length > 0)
      await writeFile(path.join(staging, 'search-bundles.json'), `${JSON.stringify({ bundles })}\n`);
    await swapIntoPlace(staging, outDir);
    return { partitions: parts.length, files: firstFrom.size, shared, bundles, millis: Date.now() - started };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
