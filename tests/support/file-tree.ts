/** Small folder trees for the tests of a site's files: written from a map of paths, read back as one. */
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listTree } from './partition-sites.ts';

/** Writes `files` (path under `root` → bytes) under `root`; `time`, when given, is their modification time. */
export async function writeTree(root: string, files: Record<string, string | Buffer>, time?: Date): Promise<void> {
  for (const [name, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), body);
    if (time !== undefined) await utimes(path.join(root, name), time, time);
  }
}

/** Every file under `root` with its text, `/` between the parts of its path. */
export async function readTree(root: string): Promise<Record<string, string>> {
  const files = await listTree(root);
  const texts = await Promise.all(files.map((file) => readFile(path.join(root, file), 'utf8')));
  return Object.fromEntries(files.map((file, i) => [file.split(path.sep).join('/'), texts[i] as string]));
}
