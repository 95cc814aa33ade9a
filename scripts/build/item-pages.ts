/**
 * The item page writer: after `astro build`, every content and media item page Astro left to it (see
 * src/lib/pages/item-shell.ts), written as the layout Astro rendered once around the item's own markup. Runs as its
 * own process, `node scripts/build/item-pages.ts <outDir>`, with env SITE_CONFIG naming the site config Astro read;
 * prints one JSON line with what it wrote.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GUID_PATTERN } from '../core/identifiers.ts';
import { endWithParent } from './child-run.ts';
import { renderItemBody, renderItemHead } from '../../src/lib/pages/item-html.ts';
import { getItemPage, listItemNodes } from '../../src/lib/pages/item-page.ts';
import { listHiddenPages, renderHiddenPage } from '../../src/lib/pages/hidden-item-html.ts';
import { fillItemShell, SHELL_DIR, SHELL_FILE, splitItemShell } from '../../src/lib/pages/item-shell.ts';
import type { ItemKind } from '../../src/lib/values/reference-target.ts';

export interface ItemPagesSummary {
  /** Content and media item pages. */
  pages: number;
  /** Pending draft and unpublished item pages (src/lib/pages/hidden-item-html.ts). */
  hiddenPages?: number;
  bytes: number;
  millis: number;
  /** Items whose page could not be rendered with their properties, and why: written without them. */
  unshown: Array<{ kind: ItemKind; key: string; reason: string }>;
}

/** The item's page; one that cannot be rendered is written without its properties, and reported, not fatal. */
async function renderPage(kind: ItemKind, key: string, unshown: ItemPagesSummary['unshown']): Promise<string> {
  try {
    const page = await getItemPage(kind, key);
    return renderItemHead(page) + renderItemBody(page);
  } catch (error) {
    const reason = `could not be rendered (${(error as Error).message?.split('\n')[0]?.slice(0, 200)})`;
    unshown.push({ kind, key, reason });
    const page = await getItemPage(kind, key, reason);
    return renderItemHead(page) + renderItemBody(page);
  }
}

/** Pages being written at once: enough to keep the disk busy while the next page is built. */
const WRITES_IN_FLIGHT = 16;

export async function writeItemPages(outDir: string, onProgress?: (done: number) => void): Promise<ItemPagesSummary> {
  const started = performance.now();
  const shellFile = path.join(outDir, SHELL_FILE);
  const shell = splitItemShell(
    await readFile(shellFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new Error(`astro build wrote no item shell at ${shellFile} (${error.code ?? error.message})`);
    }),
  );
  await rm(path.join(outDir, SHELL_DIR), { recursive: true, force: true });
  const inFlight = new Set<Promise<void>>();
  let pages = 0;
  let bytes = 0;
  const unshown: ItemPagesSummary['unshown'] = [];
  for (const kind of ['content', 'media'] as const satisfies readonly ItemKind[]) {
    for (const node of await listItemNodes(kind, 'writer')) {
      // The snapshot format makes every key a GUID; anything else could leave its folder, so it is refused unwritten.
      if (!GUID_PATTERN.test(node.key)) throw new Error(`${kind} item key ${JSON.stringify(node.key)} is no GUID`);
      const html = Buffer.from(fillItemShell(shell, node.name, await renderPage(kind, node.key, unshown)), 'utf8');
      const dir = path.join(outDir, kind, node.key);
      const write = mkdir(dir, { recursive: true })
        .then(() => writeFile(path.join(dir, 'index.html'), html))
        .finally(() => inFlight.delete(write));
      // Marked as handled here; the race below or the last Promise.all reports the failure.
      write.catch(() => undefined);
      inFlight.add(write);
      pages++;
      bytes += html.length;
      if (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
      if (onProgress !== undefined && pages % 10000 === 0) onProgress(pages);
    }
  }
  let hiddenPages = 0;
  for (const kind of ['drafts', 'unpublished'] as const) {
    for (const hidden of await listHiddenPages(kind, 'writer')) {
      if (!GUID_PATTERN.test(hidden.key)) throw new Error(`${kind} key ${JSON.stringify(hidden.key)} is no GUID`);
      const { title, body } = await renderHiddenPage(hidden);
      const html = Buffer.from(fillItemShell(shell, title, body), 'utf8');
      const dir = path.join(outDir, kind, hidden.key);
      const write = mkdir(dir, { recursive: true })
        .then(() => writeFile(path.join(dir, 'index.html'), html))
        .finally(() => inFlight.delete(write));
      write.catch(() => undefined);
      inFlight.add(write);
      hiddenPages++;
      bytes += html.length;
      if (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
    }
  }
  await Promise.all(inFlight);
  return { pages, hiddenPages, bytes, millis: Math.round(performance.now() - started), unshown };
}

if (import.meta.main) {
  endWithParent();
  const [outDir] = process.argv.slice(2);
  try {
    if (outDir === undefined) throw new Error('usage: node scripts/build/item-pages.ts <outDir> (env SITE_CONFIG set)');
    const summary = await writeItemPages(path.resolve(outDir), (done) =>
      process.stderr.write(`item pages: ${done} written\n`),
    );
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } catch (error) {
    process.stderr.write(`item pages: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
