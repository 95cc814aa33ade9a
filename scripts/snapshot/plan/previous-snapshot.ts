/**
 * The previous snapshot for `--since-snapshot`: its index (slim, in memory) and its chunks (read on demand,
 * checked against the old manifest's sha256 before any line is reused).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CrawlLog } from '../crawl-log.ts';
import { recoverFolderSwap } from '../../core/folder-swap.ts';
import {
  ITEM_KINDS,
  getContentTypes,
  getManifest,
  iterateIndex,
  type ContentTypesFile,
  type FileEntry,
  type IndexEntry,
  type ItemKind,
} from '../../core/snapshot-format.ts';
import type { TreeEntry } from './tree-walk.ts';
import type { SameType } from './type-baseline.ts';

const CACHED_CHUNKS = 4;

interface OldEntry {
  summary: string;
  chunk: string;
  offset: number;
  length: number;
}

export interface PreviousSnapshot {
  /** The previous snapshot's types, to compare with this crawl's before any item is reused. */
  types: ContentTypesFile;
  /** Incremental crawls in a row that led to the previous snapshot (0: it was a full crawl). */
  incrementalRuns: number;
  /**
   * Ids whose summary, and every ancestor's summary, is unchanged, and whose type (with its compositions) is the
   * same in both snapshots: their old full item is still what the source holds.
   */
  listReusable(kind: ItemKind, entries: readonly TreeEntry[], sameType: SameType): Set<number>;
  /** The old item's JSON line, or undefined when its chunk no longer matches the old manifest. */
  findItemJson(kind: ItemKind, id: number): Promise<string | undefined>;
}

/**
 * Everything that, when changed, changes an item's by-id body: its own summary fields, and (through `path`)
 * those of its ancestors.
 */
const summaryOf = (entry: TreeEntry | IndexEntry): string =>
  JSON.stringify([
    entry.key,
    entry.name,
    entry.url,
    entry.type,
    entry.parentId,
    entry.level,
    entry.sortOrder,
    entry.createDate,
    entry.updateDate,
  ]);

export async function openPreviousSnapshot(dir: string, log: CrawlLog): Promise<PreviousSnapshot | undefined> {
  let files: Record<string, FileEntry>;
  let types: ContentTypesFile;
  let incrementalRuns: number;
  const entries = new Map<ItemKind, Map<number, OldEntry>>();
  try {
    await recoverFolderSwap(dir);
    const manifest = await getManifest(dir);
    files = manifest.files;
    incrementalRuns = manifest.incrementalRuns ?? 0;
    types = await getContentTypes(dir);
    for (const kind of ITEM_KINDS) {
      const byId = new Map<number, OldEntry>();
      for await (const entry of iterateIndex(dir, kind)) {
        if (entry.chunk === null || entry.offset === null || entry.length === null) continue;
        byId.set(entry.id, {
          summary: summaryOf(entry),
          chunk: entry.chunk,
          offset: entry.offset,
          length: entry.length,
        });
      }
      entries.set(kind, byId);
    }
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    log.addWarning({
      code: 'previous-snapshot-unusable',
      message: `--since-snapshot ${dir} cannot be read (${why}); fetching every item`,
    });
    return undefined;
  }
  // Promises, not buffers: items of one chunk are asked for many at a time, and each chunk must be read once.
  const chunks = new Map<string, Promise<Buffer | undefined>>();

  async function readChunk(name: string): Promise<Buffer | undefined> {
    const buffer = await readFile(path.join(dir, name)).catch(() => undefined);
    if (buffer !== undefined && createHash('sha256').update(buffer).digest('hex') === files[name]?.sha256)
      return buffer;
    log.addWarning({
      code: 'previous-chunk-damaged',
      message: `${name} of the previous snapshot does not match its manifest; its items are fetched again`,
    });
    return undefined;
  }

  function findChunk(name: string): Promise<Buffer | undefined> {
    const cached = chunks.get(name);
    if (cached !== undefined) return cached;
    if (chunks.size >= CACHED_CHUNKS) chunks.delete(chunks.keys().next().value as string);
    const reading = readChunk(name);
    chunks.set(name, reading);
    return reading;
  }

  return {
    types,
    incrementalRuns,
    listReusable(kind, fresh, sameType) {
      const old = entries.get(kind) ?? new Map<number, OldEntry>();
      const reusable = new Set<number>();
      for (const entry of fresh) {
        const unchanged = old.get(entry.id)?.summary === summaryOf(entry) && sameType(kind, entry.type);
        if (unchanged && (entry.parentId === -1 || reusable.has(entry.parentId))) reusable.add(entry.id);
      }
      return reusable;
    },
    async findItemJson(kind, id) {
      const entry = entries.get(kind)?.get(id);
      const buffer = entry === undefined ? undefined : await findChunk(entry.chunk);
      if (entry === undefined || buffer === undefined) return undefined;
      return buffer.toString('utf8', entry.offset, entry.offset + entry.length);
    },
  };
}
