/**
 * Positioned access to the full item lines of one snapshot, a few chunks cached: both sides are read in tree order,
 * so consecutive items mostly share a chunk and each chunk is read about once.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IndexEntry, Manifest } from '../core/snapshot-format.ts';

const CACHED_CHUNKS = 4;

export interface ItemLocation {
  chunk: string | null;
  offset: number | null;
  length: number | null;
}

export interface ItemLines {
  /** The item's JSON line, or undefined when the snapshot holds no full body for it. */
  findLine(location: ItemLocation): Promise<Buffer | undefined>;
  /** The chunk's sha256 as the manifest records it. */
  findChunkHash(chunk: string): string | undefined;
}

export const locationOf = (entry: IndexEntry): ItemLocation => ({
  chunk: entry.chunk,
  offset: entry.offset,
  length: entry.length,
});

export function openItemLines(dir: string, manifest: Manifest): ItemLines {
  const chunks = new Map<string, Promise<Buffer>>();

  function findChunk(name: string): Promise<Buffer> {
    const cached = chunks.get(name);
    if (cached !== undefined) return cached;
    if (chunks.size >= CACHED_CHUNKS) chunks.delete(chunks.keys().next().value as string);
    const reading = readFile(path.join(dir, name));
    chunks.set(name, reading);
    return reading;
  }

  return {
    async findLine({ chunk, offset, length }) {
      if (chunk === null || offset === null || length === null) return undefined;
      const buffer = await findChunk(chunk);
      return buffer.subarray(offset, offset + length);
    },
    findChunkHash: (chunk) => manifest.files[chunk]?.sha256,
  };
}

/**
 * True when both lines are certainly the same bytes without reading them: the same place in a chunk whose checksum
 * is the same in both manifests.
 */
export function isSameStoredLine(a: ItemLocation, b: ItemLocation, from: ItemLines, to: ItemLines): boolean {
  if (a.chunk === null || a.chunk !== b.chunk || a.offset !== b.offset || a.length !== b.length) return false;
  const hash = from.findChunkHash(a.chunk);
  return hash !== undefined && hash === to.findChunkHash(a.chunk);
}
