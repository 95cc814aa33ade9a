/**
 * The `.json` twin of every content and media item page: `<kind>/<key>/index.json` beside the page's `index.html`,
 * linked from it. It holds what the site derived about the item (`node`: tree place, URLs per language, media file;
 * `usedBy`: the items referencing it) and the item exactly as the snapshot stored it (`item`). The snapshot's line is
 * copied as bytes (one positioned read, no parse: `readBytes` of scripts/core/snapshot-format.ts), so writing 100k
 * twins costs little more than the file writes. Into a new site every twin is written: reading the last site's twin to
 * compare and linking it when equal took longer (18.8–58.4 s at 100k items) than writing them all (8.8–12.5 s); with
 * `--keep-times` a twin written again byte for byte keeps its time all the same (scripts/pipeline/unchanged-files.ts).
 * A build that updates the last site in place leaves a twin there when it is the same (`KeepTwins`). With
 * `--take-unchanged` each build records the hash and the file stamp of every twin it leaves in the site (the twins'
 * record, `readTwinRecord`; scripts/core/file-stamp.ts), so the next one knows a twin is the same by hashing what it
 * would write and taking the live file's stamp, without opening the file: at 100k items, opening and reading the 79k
 * live twins was 6 of the 11 s of CPU the twins took. A twin whose stamp is not the one recorded (written by another
 * build, copied, edited by hand) is read and compared as before.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { writeKeptList } from '#core/commit-journal.ts';
import { bytesHash, fileStamp } from '#core/file-stamp.ts';
import { answerOnThread, runOnThread } from '#core/thread-job.ts';
import { openItemReader } from '#core/snapshot-format.ts';
import { partitionOfKey, type Partition } from '../../partition.ts';
import { SITE_DATA_FILES, type SiteNode, type UsedByEntry } from '../site-data-format.ts';
import { readSiteNodes } from '../site-nodes.ts';
import { openUsedByIndex } from '../used-by-index.ts';
import { createLineWriter } from './line-writer.ts';

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
  /** The record of the twins in `live` that the build which left them there wrote (`readTwinRecord`), if any. */
  recorded?: string;
}

/**
 * The twins a build left in its site, a line each after a header: `<path under the site>\t<hash of the bytes>\t<stamp>`
 * (scripts/core/file-stamp.ts). Written into the build's working folder and moved beside the snapshot once the site
 * is in place, as the item pages' inputs are (scripts/pipeline/build-work.ts).
 */
const TWIN_RECORD_HEADER = '{"twinRecord":1}';

/**
 * A twin record's entries by path, each `<hash>\t<stamp>` (one string, not an object: at a million twins that is
 * about a third less memory); empty when the file is not there, not a record, or damaged.
 */
async function readTwinRecord(file: string | undefined): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  if (file === undefined) return entries;
  try {
    let first = true;
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      if (first) {
        if (line !== TWIN_RECORD_HEADER) return new Map();
        first = false;
        continue;
      }
      const [rel, hash, stamp, extra] = line.split('\t');
      if (rel === undefined || hash === undefined || stamp === undefined || extra !== undefined) return new Map();
      entries.set(rel, `${hash}\t${stamp}`);
    }
    return entries;
  } catch {
    // Not there, or unreadable: every twin is compared by its bytes.
    return new Map();
  }
}

async function writeTwinRecord(file: string, lines: readonly string[]): Promise<void> {
  const writer = createLineWriter(file);
  try {
    await writer.write(`${TWIN_RECORD_HEADER}\n`);
    for (let i = 0; i < lines.length; i += 10000) await writer.write(`${lines.slice(i, i + 10000).join('\n')}\n`);
  } finally {
    await writer.close();
  }
}

/** The twin at `file`, or undefined when there is none to read. */
async function lastTwin(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes the twins of the partition's items (every item without `partition`) into `outDir`, and, with `recordOut`,
 * records each twin it leaves in the site (`writeTwinRecord`).
 */
export async function writeItemJsonFiles(
  snapshotDir: string,
  siteDataDir: string,
  outDir: string,
  partition?: Partition,
  keep?: KeepTwins,
  recordOut?: string,
): Promise<ItemJsonSummary> {
  const recorded = await readTwinRecord(keep?.recorded);
  const usedBy = openUsedByIndex(path.join(siteDataDir, SITE_DATA_FILES.usedBy));
  const nodes = (await readSiteNodes(siteDataDir)).filter(
    (n) => partition === undefined || partitionOfKey(n.key, partition.count) === partition.index,
  );
  // Every chunk file stays open: the twins are written in tree order, which jumps between chunks.
  const reader = openItemReader(snapshotDir, Number.POSITIVE_INFINITY);
  let bytes = 0;
  const kept: string[] = [];
  const record: string[] = [];
  try {
    for (let i = 0; i < nodes.length; i += WRITE_BATCH) {
      await Promise.all(
        nodes.slice(i, i + WRITE_BATCH).map(async (node) => {
          const body = twinOf(node, usedBy.get(node.key), reader.readBytes(node));
          bytes += body.length;
          const rel = `${node.kind}/${node.key}/${ITEM_JSON_FILE}`;
          const hash = keep !== undefined || recordOut !== undefined ? bytesHash(body) : '';
          if (keep !== undefined) {
            const live = path.join(keep.live, rel);
            const stamp = fileStamp(live);
            const last = recorded.get(rel);
            // The live twin as this build's record says it was left: the same bytes when the hashes are the same.
            // Otherwise (no record, another stamp) its bytes say.
            const same =
              stamp !== undefined &&
              (last?.endsWith(`\t${stamp}`) === true
                ? last === `${hash}\t${stamp}`
                : (await lastTwin(live))?.equals(body) === true);
            if (same) {
              kept.push(rel);
              record.push(`${rel}\t${hash}\t${stamp}`);
              return;
            }
          }
          const dir = path.join(outDir, node.kind, node.key);
          await mkdir(dir, { recursive: true });
          const file = path.join(dir, ITEM_JSON_FILE);
          await writeFile(file, body);
          // Moved into place, or swapped in with its folder, a file keeps its stamp.
          if (recordOut !== undefined) record.push(`${rel}\t${hash}\t${fileStamp(file) ?? '-'}`);
        }),
      );
    }
  } finally {
    reader.close();
    usedBy.close();
  }
  if (keep !== undefined) writeKeptList(keep.keptOut, kept);
  if (recordOut !== undefined) await writeTwinRecord(recordOut, record);
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
  recordOut?: string;
}

const TWINS = 'item JSON twins';

/** `writeItemJsonFiles` on a thread of its own, with a small young generation. A failure keeps its `code` (ENOSPC). */
export function writeItemJsonFilesOnThread(
  snapshotDir: string,
  siteDataDir: string,
  outDir: string,
  partition?: Partition,
  keep?: KeepTwins,
  recordOut?: string,
): Promise<ItemJsonSummary> {
  const job: TwinsJob = {
    snapshotDir,
    siteDataDir,
    outDir,
    ...(partition ? { partition } : {}),
    ...(keep ? { keep } : {}),
    ...(recordOut ? { recordOut } : {}),
  };
  return runOnThread<ItemJsonSummary>(import.meta.url, TWINS, job, 'the JSON twins', {
    resourceLimits: { maxYoungGenerationSizeMb: TWINS_YOUNG_GENERATION_MB },
  }).answer;
}

answerOnThread(TWINS, ({ snapshotDir, siteDataDir, outDir, partition, keep, recordOut }: TwinsJob) =>
  writeItemJsonFiles(snapshotDir, siteDataDir, outDir, partition, keep, recordOut),
);
