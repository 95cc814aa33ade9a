/** Append-only NDJSON files that hash as they write, and the chunk series that holds full items. */
import { createHash } from 'node:crypto';
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chunkFileOf, type FileEntry, type ItemKind } from '../../core/snapshot-format.ts';

const FLUSH_BYTES = 1 << 20;

export interface LinePosition {
  offset: number;
  /** Bytes of the JSON text, without the newline. */
  length: number;
}

export interface NdjsonFile {
  append(line: string): Promise<LinePosition>;
  close(): Promise<FileEntry>;
  /** Closes without flushing, for a crawl that is thrown away. */
  abandon(): Promise<void>;
}

export async function createNdjsonFile(file: string): Promise<NdjsonFile> {
  const handle = await open(file, 'wx');
  const hash = createHash('sha256');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let bytes = 0;
  let records = 0;

  async function flush(): Promise<void> {
    if (pendingBytes === 0) return;
    const buffer = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await handle.write(buffer);
  }

  return {
    async append(line) {
      const buffer = Buffer.from(`${escapeLineSeparators(line)}\n`, 'utf8');
      const position = { offset: bytes, length: buffer.length - 1 };
      hash.update(buffer);
      pending.push(buffer);
      pendingBytes += buffer.length;
      bytes += buffer.length;
      records += 1;
      if (pendingBytes >= FLUSH_BYTES) await flush();
      return position;
    },
    async close() {
      try {
        await flush();
      } finally {
        await handle.close();
      }
      return { sha256: hash.digest('hex'), bytes, records };
    },
    abandon: () => handle.close().catch(() => {}),
  };
}

/**
 * JSON.stringify leaves U+2028/U+2029 raw inside strings; line readers that follow Unicode (readline, some editors
 * and tools) split there. As `\u2028` escapes they mean the same to every JSON parser and no reader can mis-split.
 */
export const escapeLineSeparators = (json: string): string =>
  json.replace(/[\u2028\u2029]/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));

export interface ItemChunks {
  append(line: string): Promise<LinePosition & { chunk: string }>;
  close(): Promise<Record<string, FileEntry>>;
  abandon(): Promise<void>;
}

/** `<kind>/items-00000.ndjson`, `-00001`, …: a new file every `perChunk` items, in the order they arrive. */
export function createItemChunks(root: string, kind: ItemKind, perChunk: number): ItemChunks {
  const written: Record<string, FileEntry> = {};
  let current: { name: string; file: NdjsonFile; records: number } | undefined;
  let next = 0;

  async function closeCurrent(): Promise<void> {
    if (current === undefined) return;
    written[current.name] = await current.file.close();
    current = undefined;
  }

  return {
    async append(line) {
      if (current !== undefined && current.records >= perChunk) await closeCurrent();
      if (current === undefined) {
        const name = chunkFileOf(kind, next++);
        current = { name, file: await createNdjsonFile(path.join(root, name)), records: 0 };
      }
      current.records += 1;
      return { chunk: current.name, ...(await current.file.append(line)) };
    },
    async close() {
      await closeCurrent();
      return written;
    },
    abandon: async () => current?.file.abandon(),
  };
}

/** Pretty JSON with a trailing newline, and its checksum entry. */
export async function writeJsonFile(file: string, value: unknown, records: number): Promise<FileEntry> {
  const buffer = Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
  await writeFile(file, buffer, { flag: 'wx' });
  return { sha256: createHash('sha256').update(buffer).digest('hex'), bytes: buffer.length, records };
}
