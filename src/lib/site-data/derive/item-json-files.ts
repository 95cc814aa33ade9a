/**
 * The `.json` twin of every content and media item page: `<kind>/<key>/index.json` beside the page's `index.html`,
 * linked from it. It holds what the site derived about the item (`node`: tree place, URLs per language, media file;
 * `usedBy`: the items referencing it) and the item exactly as the snapshot stored it (`item`). The snapshot's line is
 * copied as bytes (one positioned read, no parse), so writing 100k twins costs little more than the file writes.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

function createChunkReader(snapshotDir: string) {
  const open = new Map<string, number>();
  return {
    /** The item's line as the snapshot wrote it, or undefined for an item whose record failed to crawl. */
    read(node: SiteNode): Buffer | undefined {
      if (node.chunk === null || node.offset === null || node.length === null) return undefined;
      let fd = open.get(node.chunk);
      if (fd === undefined) open.set(node.chunk, (fd = openSync(path.join(snapshotDir, node.chunk), 'r')));
      const buffer = Buffer.allocUnsafe(node.length);
      if (readSync(fd, buffer, 0, node.length, node.offset) !== node.length)
        throw new Error(`${node.chunk} ends before the item at offset ${node.offset}`);
      return buffer;
    },
    close: () => open.forEach((fd) => closeSync(fd)),
  };
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

/** Writes the twins of the partition's items (every item without `partition`) into `outDir`. */
export async function writeItemJsonFiles(
  snapshotDir: string,
  siteDataDir: string,
  outDir: string,
  partition?: Partition,
): Promise<ItemJsonSummary> {
  const usedBy = openUsedByIndex(path.join(siteDataDir, SITE_DATA_FILES.usedBy));
  const nodes = (await readSiteNodes(siteDataDir)).filter(
    (n) => partition === undefined || partitionOfKey(n.key, partition.count) === partition.index,
  );
  const reader = createChunkReader(snapshotDir);
  let bytes = 0;
  try {
    for (let i = 0; i < nodes.length; i += WRITE_BATCH) {
      await Promise.all(
        nodes.slice(i, i + WRITE_BATCH).map(async (node) => {
          const dir = path.join(outDir, node.kind, node.key);
          const body = twinOf(node, usedBy.get(node.key), reader.read(node));
          bytes += body.length;
          await mkdir(dir, { recursive: true });
          await writeFile(path.join(dir, ITEM_JSON_FILE), body);
        }),
      );
    }
  } finally {
    reader.close();
    usedBy.close();
  }
  return { files: nodes.length, bytes };
}
