/**
 * The snapshot format (version 1): the contract between the crawler and the site.
 * docs/snapshot-format.md explains every file; this module is the single definition both sides import.
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import {
  CONTENT_TYPES_FILE,
  MANIFEST_FILE,
  REPORT_FILE,
  contentTypesFileSchema,
  indexEntrySchema,
  indexFileOf,
  itemRecordSchema,
  manifestSchema,
  reportSchema,
  type ContentTypesFile,
  type IndexEntry,
  type ItemKind,
  type ItemRecord,
  type Manifest,
  type Report,
} from './snapshot-schemas.ts';

export * from './snapshot-schemas.ts';

async function readJsonFile<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  return schema.parse(JSON.parse(await readFile(file, 'utf8')));
}

export const getManifest = (dir: string): Promise<Manifest> =>
  readJsonFile(path.join(dir, MANIFEST_FILE), manifestSchema);
export const getContentTypes = (dir: string): Promise<ContentTypesFile> =>
  readJsonFile(path.join(dir, CONTENT_TYPES_FILE), contentTypesFileSchema);
export const getReport = (dir: string): Promise<Report> => readJsonFile(path.join(dir, REPORT_FILE), reportSchema);

const NEWLINE = 0x0a;

/**
 * Streams one NDJSON file line by line, so 200k items never sit in memory together. Lines end at `\n` only:
 * readline also splits at `\r`, U+2028 and U+2029, which JSON allows raw inside strings.
 */
/** Each line of an NDJSON file, parsed and checked, with its size in bytes (newline excluded). */
export async function* iterateNdjsonSized<T>(
  file: string,
  schema: z.ZodType<T>,
  onBytes?: (bytes: Buffer) => void,
): AsyncGenerator<{ value: T; bytes: number }> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    onBytes?.(chunk);
    const buffer = rest.length === 0 ? chunk : Buffer.concat([rest, chunk]);
    let start = 0;
    for (let end = buffer.indexOf(NEWLINE, start); end >= 0; end = buffer.indexOf(NEWLINE, start)) {
      if (end > start)
        yield { value: schema.parse(JSON.parse(buffer.toString('utf8', start, end))), bytes: end - start };
      start = end + 1;
    }
    rest = buffer.subarray(start);
  }
  if (rest.length > 0) yield { value: schema.parse(JSON.parse(rest.toString('utf8'))), bytes: rest.length };
}

/** `onBytes` sees every byte of the file as it is read (a FileCheck, see snapshot-verify.ts). */
export async function* iterateNdjson<T>(
  file: string,
  schema: z.ZodType<T>,
  onBytes?: (bytes: Buffer) => void,
): AsyncGenerator<T> {
  for await (const line of iterateNdjsonSized(file, schema, onBytes)) yield line.value;
}

export const iterateIndex = (dir: string, kind: ItemKind): AsyncGenerator<IndexEntry> =>
  iterateNdjson(path.join(dir, indexFileOf(kind)), indexEntrySchema);

/** Files whose sha256, size or record count differs from the manifest, or that are missing: empty when intact. */
export async function listDamagedFiles(dir: string, manifest: Manifest): Promise<string[]> {
  const damaged: string[] = [];
  for (const [name, expected] of Object.entries(manifest.files)) {
    const buffer = await readFile(path.join(dir, name)).catch(() => undefined);
    if (buffer === undefined) {
      damaged.push(`${name}: missing`);
      continue;
    }
    const sha256 = createHash('sha256').update(buffer).digest('hex');
    const records = name.endsWith('.ndjson')
      ? buffer
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== '').length
      : expected.records;
    if (sha256 !== expected.sha256 || buffer.length !== expected.bytes || records !== expected.records)
      damaged.push(`${name}: differs from the manifest`);
  }
  return damaged;
}

/** Reads one item with a single positioned read, using the offset and length from its index entry. */
export async function findItem(dir: string, entry: IndexEntry): Promise<ItemRecord | undefined> {
  const reader = openItemReader(dir, 1);
  try {
    return reader.read(entry);
  } finally {
    reader.close();
  }
}

export interface ItemReader {
  /** The full item an index entry points at, or undefined when the crawler could not read it. */
  read(entry: IndexEntry): ItemRecord | undefined;
  /** The item's bytes as the chunk holds them, unparsed, or undefined when the crawler could not read it. */
  readBytes(entry: IndexEntry): Buffer | undefined;
  close(): void;
}

/**
 * Reads many items by their index entries with synchronous positioned reads, keeping the last few chunk files open.
 * A build reads one item per page, in chunk order: one open and one read per chunk instead of an open, a read and a
 * close per item, and no round trip through the thread pool.
 */
export function openItemReader(dir: string, keepOpen = 4): ItemReader {
  const open = new Map<string, number>();
  const fdOf = (chunk: string): number => {
    let fd = open.get(chunk);
    if (fd !== undefined) {
      open.delete(chunk);
      open.set(chunk, fd);
      return fd;
    }
    fd = openSync(path.join(dir, chunk), 'r');
    open.set(chunk, fd);
    for (const [oldest, oldFd] of open) {
      if (open.size <= keepOpen) break;
      closeSync(oldFd);
      open.delete(oldest);
    }
    return fd;
  };
  const readBytes = (entry: IndexEntry): Buffer | undefined => {
    if (entry.chunk === null || entry.offset === null || entry.length === null) return undefined;
    const buffer = Buffer.allocUnsafe(entry.length);
    const got = readSync(fdOf(entry.chunk), buffer, 0, entry.length, entry.offset);
    if (got !== entry.length) throw new Error(`${entry.chunk} ends before the item at offset ${entry.offset}`);
    return buffer;
  };
  return {
    read(entry) {
      const buffer = readBytes(entry);
      return buffer === undefined ? undefined : itemRecordSchema.parse(JSON.parse(buffer.toString('utf8')));
    },
    readBytes,
    close() {
      for (const fd of open.values()) closeSync(fd);
      open.clear();
    },
  };
}
