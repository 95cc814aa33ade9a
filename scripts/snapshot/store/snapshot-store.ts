/**
 * Writes a snapshot into `<out>.tmp-<pid>` as the crawl goes, then moves it into place:
 * complete → the previous snapshot is renamed aside and removed only once the new one is at `<out>`;
 * partial → it goes to `<out>.partial` and `<out>` is not touched; discarded → nothing remains.
 */
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../crawl-errors.ts';
import { findStat, recoverFolderSwap, swapIntoPlace } from '../../core/folder-swap.ts';
import {
  createItemChunks,
  createNdjsonFile,
  writeJsonFile,
  type ItemChunks,
  type NdjsonFile,
} from './ndjson-writer.ts';
import {
  CONTENT_TYPES_FILE,
  ITEM_KINDS,
  MANIFEST_FILE,
  REPORT_FILE,
  indexFileOf,
  type ContentTypesFile,
  type FileEntry,
  type IndexEntry,
  type ItemKind,
  type Manifest,
  type Report,
} from '../../core/snapshot-format.ts';
import type { TreeEntry } from '../plan/tree-walk.ts';
import type { ExtraSink } from '../plan/extras-plan.ts';
import { extraFileOf, type ExtraName } from '../../core/snapshot-extras.ts';

export interface SnapshotParts {
  manifest: Omit<Manifest, 'files'>;
  contentTypes: ContentTypesFile;
  report: Report;
}

export interface SnapshotStore {
  /** Appends the full item (when there is one) to the current chunk and its summary to the index. */
  writeItem(kind: ItemKind, entry: TreeEntry, itemJson: string | undefined): Promise<void>;
  /**
   * A file for one extra's entries (snapshot-extras.ts), written as they come: kept in the snapshot when the extra
   * ends `offered`, else removed.
   */
  openExtra(name: ExtraName): Promise<ExtraSink>;
  /** Writes the JSON files and moves the folder into place (or beside it, when `refused`); returns where it went. */
  finish(parts: SnapshotParts, refused?: boolean): Promise<string>;
  discard(): Promise<void>;
}

export async function openSnapshotStore(out: string, perChunk: number): Promise<SnapshotStore> {
  await recoverFolderSwap(out);
  await checkOutput(out);
  const tmp = `${out}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  for (const kind of ITEM_KINDS) await mkdir(path.join(tmp, kind), { recursive: true });
  const chunks = new Map<ItemKind, ItemChunks>(ITEM_KINDS.map((kind) => [kind, createItemChunks(tmp, kind, perChunk)]));
  const indexes = new Map<ItemKind, NdjsonFile>();
  for (const kind of ITEM_KINDS) indexes.set(kind, await createNdjsonFile(path.join(tmp, indexFileOf(kind))));

  async function writeItem(kind: ItemKind, entry: TreeEntry, itemJson: string | undefined): Promise<void> {
    const at = itemJson === undefined ? undefined : await chunks.get(kind)?.append(itemJson);
    const line: IndexEntry = {
      id: entry.id,
      key: entry.key,
      name: entry.name,
      url: entry.url,
      type: entry.type,
      parentId: entry.parentId,
      level: entry.level,
      sortOrder: entry.sortOrder,
      createDate: entry.createDate,
      updateDate: entry.updateDate,
      chunk: at?.chunk ?? null,
      offset: at?.offset ?? null,
      length: at?.length ?? null,
      childCount: entry.childCount,
    };
    await indexes.get(kind)?.append(JSON.stringify(line));
  }

  const extraFiles: Record<string, FileEntry> = {};
  const openExtras = new Set<NdjsonFile>();

  /** The file is made with the first entry, or at the end of an offered list without any, so a source that offers no
   * extra leaves no `extras/` folder. */
  async function openExtra(name: ExtraName): Promise<ExtraSink> {
    const file = path.join(tmp, extraFileOf(name));
    let out: NdjsonFile | undefined;
    const opened = async (): Promise<NdjsonFile> => {
      if (out === undefined) {
        await mkdir(path.dirname(file), { recursive: true });
        out = await createNdjsonFile(file);
        openExtras.add(out);
      }
      return out;
    };
    return {
      add: async (entry) => void (await (await opened()).append(JSON.stringify(entry))),
      async end(status) {
        if (status === 'offered') {
          const done = await opened();
          openExtras.delete(done);
          extraFiles[extraFileOf(name)] = await done.close();
        } else if (out !== undefined) {
          openExtras.delete(out);
          await out.abandon();
          await rm(file, { force: true });
          await rmdir(path.dirname(file)).catch(() => undefined);
        }
      },
    };
  }

  async function finish(parts: SnapshotParts, refused = false): Promise<string> {
    const files: Record<string, FileEntry> = { ...extraFiles };
    for (const kind of ITEM_KINDS) {
      Object.assign(files, await chunks.get(kind)?.close());
      const index = await indexes.get(kind)?.close();
      if (index !== undefined) files[indexFileOf(kind)] = index;
    }
    files[CONTENT_TYPES_FILE] = await writeJsonFile(
      path.join(tmp, CONTENT_TYPES_FILE),
      parts.contentTypes,
      parts.contentTypes.contentTypes.length,
    );
    files[REPORT_FILE] = await writeJsonFile(path.join(tmp, REPORT_FILE), parts.report, parts.report.failures.length);
    const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
    await writeJsonFile(path.join(tmp, MANIFEST_FILE), { ...parts.manifest, files: sorted }, 1);
    if (parts.manifest.status === 'complete' && !refused) {
      await swapIntoPlace(tmp, out);
      await rm(`${out}.partial`, { recursive: true, force: true });
      return out;
    }
    await rm(`${out}.partial`, { recursive: true, force: true });
    await rename(tmp, `${out}.partial`);
    return `${out}.partial`;
  }

  async function discard(): Promise<void> {
    for (const out of openExtras) await out.abandon();
    for (const kind of ITEM_KINDS) {
      await chunks.get(kind)?.abandon();
      await indexes.get(kind)?.abandon();
    }
    await rm(tmp, { recursive: true, force: true });
  }

  return { writeItem, openExtra, finish, discard };
}

/** `<out>` must be absent, an empty folder, or a snapshot: anything else is not ours to replace. */
async function checkOutput(out: string): Promise<void> {
  const stat = await findStat(out);
  if (stat === undefined) return void (await mkdir(path.dirname(out), { recursive: true }));
  if (!stat.isDirectory()) throw new UsageError([`--out ${out} exists and is not a folder`]);
  const names = await readdir(out);
  if (names.length > 0 && !names.includes(MANIFEST_FILE)) {
    throw new UsageError([`refusing to replace ${out}: it is not empty and holds no ${MANIFEST_FILE}`]);
  }
}
