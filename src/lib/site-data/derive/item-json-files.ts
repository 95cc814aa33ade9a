/**
 * The `.json` twin of every content and media item page: `<kind>/<key>/index.json` beside the page's `index.html`,
 * linked from it. It holds what the site derived about the item (`node`: tree place, URLs per language, media file;
 * `usedBy`: the items referencing it) and the item exactly as the snapshot stored it (`item`). The snapshot's line is
 * copied as bytes (one positioned read, no parse: `readBytes` of scripts/core/snapshot-format.ts), so writing 100k
 * twins costs little more than the file writes. Into a new site every twin is written: reading the last site's twin to
 * compare and linking it when equal took longer (18.8–58.4 s at 100k items) than writing them all (8.8–12.5 s); with
 * `--keep-times` a twin written again byte for byte keeps its time all the same (scripts/pipeline/unchanged-files.ts).
 * A build that updates the last site in place reads the last twin instead and leaves it there when it is the same
 * (`KeepTwins`): reading 79k twins took 0.7–1.2 s, where writing them is file creations.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeKeptList } from '#core/commit-journal.ts';
import { answerOnThread, runOnThread } from '#core/thread-job.ts';
import { openItemReader } from '#core/snapshot-format.ts';
import { partitionOfKey, type Partition } from '../../partition.ts';
import { SITE_DATA_FILES, type SiteNode, type UsedByEntry } from '../site-data-format.ts';
import { readSiteNodes } from '../site-nodes.ts';
import { openUsedByIndex } from '../used-by-index.ts';

export const ITEM_JSON_FILE = 'index.json';
export const ITEM_JSON_VERSION = 1;
const WRITE_BATCH = 64;

export interface ItemJsonSummary {
  files: number;
  bytes: number;
}

function twinOf(node: SiteNode, usedBy: UsedByEntry | undefined, item: Buffer | undefined): Buffer {
  const { chunk: _chunk, offset: _offset, length: _length, ...facts } = node;
  const head = JSON.stringify({
    formatVersion: ITEM_JSON_VERSION,
    page: `${node.kind}/${node.key}/`,
    node: facts,
    usedBy: usedBy ?? { count: 0, from: [] },
  });
  return Buffer.concat([Buffer.from(`${head.slice(0, -1)},"item":`), item ?? Buffer.from('null'), Buffer.from('}\n')]);
}

/**
 * Where a build that updates the last site in place (scripts/pipeline/in-place-commit.ts) keeps twins: a twin whose
 * bytes the last site's `live` folder holds is left there and listed in `keptOut`, not written.
 */
export interface KeepTwins {
  live: string;
  keptOut: string;
}

/** The twin at `file`, or undefined when there is none to read. */
async function lastTwin(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/** Writes the twins of the partition's items (every item without `partition`) into `outDir`. */
export async function writeItemJsonFiles(
  snapshotDir: string,
  siteDataDir: string,
  outDir: string,
  partition?: Partition,
  keep?: KeepTwins,
): Promise<ItemJsonSummary> {
  const usedBy = openUsedByIndex(path.join(siteDataDir, SITE_DATA_FILES.usedBy));
  const nodes = (await readSiteNodes(siteDataDir)).filter(
    (n) => partition === undefined || partitionOfKey(n.key, partition.count) === partition.index,
  );
  // Every chunk file stays open: the twins are written in tree order, which jumps between chunks.
  const reader = openItemReader(snapshotDir, Number.POSITIVE_INFINITY);
  let bytes = 0;
  const kept: string[] = [];
  try {
    for (let i = 0; i < nodes.length; i += WRITE_BATCH) {
      await Promise.all(
        nodes.slice(i, i + WRITE_BATCH).map(async (node) => {
          const body = twinOf(node, usedBy.get(node.key), reader.readBytes(node));
          bytes += body.length;
          const rel = `${node.kind}/${node.key}/${ITEM_JSON_FILE}`;
          if (keep !== undefined && (await lastTwin(path.join(keep.live, rel)))?.equals(body)) {
            kept.push(rel);
            return;
          }
          const dir = path.join(outDir, node.kind, node.key);
          await mkdir(dir, { recursive: true });
          await writeFile(path.join(dir, ITEM_JSON_FILE), body);
        }),
      );
    }
  } finally {
    reader.close();
    usedBy.close();
  }
  if (keep !== undefined) writeKeptList(keep.keptOut, kept);
  return { files: nodes.length, bytes };
}

/**
 * The young generation of the twins' thread, in MB. Written in the build's own process, whose young generation V8
 * sizes for the site-data pass, the twins of 100k items took it from 110 to 345 MB, mostly garbage, while Pagefind
 * wrote a bundle beside: the render step's peak. On a thread held to this, the same twins add about 130 MB.
 */
const TWINS_YOUNG_GENERATION_MB = 32;

interface TwinsJob {
  snapshotDir: string;
  siteDataDir: string;
  outDir: string;
  partition?: Partition;
  keep?: KeepTwins;
}

const TWINS = 'item JSON twins';

/** `writeItemJsonFiles` on a thread of its own, with a small young generation. A failure keeps its `code` (ENOSPC). */
export function writeItemJsonFilesOnThread(
  snapshotDir: string,
  siteDataDir: string,
  outDir: string,
  partition?: Partition,
  keep?: KeepTwins,
): Promise<ItemJsonSummary> {
  const job: TwinsJob = {
    snapshotDir,
    siteDataDir,
    outDir,
    ...(partition ? { partition } : {}),
    ...(keep ? { keep } : {}),
  };
  return runOnThread<ItemJsonSummary>(import.meta.url, TWINS, job, 'the JSON twins', {
    resourceLimits: { maxYoungGenerationSizeMb: TWINS_YOUNG_GENERATION_MB },
  }).answer;
}

answerOnThread(TWINS, ({ snapshotDir, siteDataDir, outDir, partition, keep }: TwinsJob) =>
  writeItemJsonFiles(snapshotDir, siteDataDir, outDir, partition, keep),
);
