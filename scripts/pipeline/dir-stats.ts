/** Counts the HTML pages and bytes of the built site, for the summary. */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export async function measureDir(dir: string): Promise<{ pages: number; files: number; bytes: number }> {
  let pages = 0;
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    if (entry.name.endsWith('.html')) pages += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { pages, files, bytes };
}

export const formatBytes = (n: number): string =>
  n >= 1 << 30
    ? `${(n / (1 << 30)).toFixed(2)} GiB`
    : n >= 1 << 20
      ? `${(n / (1 << 20)).toFixed(1)} MiB`
      : `${(n / 1024).toFixed(0)} KiB`;
