/** Counts the HTML pages and bytes of the built site, for the summary. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

export interface DirSize {
  pages: number;
  files: number;
  bytes: number;
}

export const emptySize = (): DirSize => ({ pages: 0, files: 0, bytes: 0 });

/** Adds one file of `bytes` to `size`. */
export function countFile(size: DirSize, name: string, bytes: number): void {
  size.files += 1;
  if (name.endsWith('.html')) size.pages += 1;
  size.bytes += bytes;
}

/** Files between two turns of the event loop, so a signal to stop the build is heard while a large site is walked. */
export const FILES_PER_TURN = 2000;

/**
 * What a walk over a site's files calls once a file: every `FILES_PER_TURN` calls the event loop turns, and then a
 * stopped `signal` throws.
 */
export function turnEvery(signal?: AbortSignal): () => Promise<void> {
  let sinceTurn = 0;
  return async () => {
    if (++sinceTurn < FILES_PER_TURN) return;
    sinceTurn = 0;
    await nextTurn();
    signal?.throwIfAborted();
  };
}

/**
 * Synchronous calls, folder by folder: a site is hundreds of thousands of small files, and one promise per stat and
 * a listing of the whole tree at once cost more than the disk's part (see unchanged-files.ts).
 */
export async function measureDir(dir: string): Promise<DirSize> {
  const size = emptySize();
  const turn = turnEvery();
  async function folder(at: string): Promise<void> {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const where = path.join(at, entry.name);
      if (entry.isDirectory()) await folder(where);
      else if (entry.isFile()) {
        countFile(size, entry.name, statSync(where).size);
        await turn();
      }
    }
  }
  await folder(dir);
  return size;
}

export const formatBytes = (n: number): string =>
  n >= 1 << 30
    ? `${(n / (1 << 30)).toFixed(2)} GiB`
    : n >= 1 << 20
      ? `${(n / (1 << 20)).toFixed(1)} MiB`
      : `${(n / 1024).toFixed(0)} KiB`;
