/**
 * Where `astro build` writes. Astro renders from a `.prerender/` folder inside its output folder, whose chunks import
 * the checkout's node_modules, and then renames its assets out of it; for an output folder outside its working
 * directory it uses the checkout's `.astro/.prerender/` instead, shared by every build of the checkout. So Astro always
 * gets a folder of its own inside the checkout: the staging folder itself when that lies there (the default `dist`),
 * else `.astro/out.tmp-<pid>`, moved to the staging folder afterwards (renamed on one file system, copied across two:
 * another disk, a tmpfs, a container's bind mount).
 */
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { recoverFolderSwap } from '../core/folder-swap.ts';

function inside(dir: string, root: string): boolean {
  const relative = path.relative(root, dir);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

export async function astroOutDir(root: string, staging: string): Promise<string> {
  if (inside(staging, root)) return staging;
  const base = path.join(root, '.astro', 'out');
  await mkdir(path.dirname(base), { recursive: true });
  await recoverFolderSwap(base);
  const dir = `${base}.tmp-${process.pid}`;
  await rm(dir, { recursive: true, force: true });
  return dir;
}

/** Moves folder `from` to `to` (which must not exist): a rename, or a copy where the two lie on different devices. */
export async function moveFolder(from: string, to: string): Promise<void> {
  if (from === to) return;
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  }
}
