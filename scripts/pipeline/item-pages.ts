/**
 * The item page writer: after `astro build`, every item page (content, media, pending drafts, unpublished items),
 * written as the layout Astro rendered once (src/lib/pages/item-shell.ts) around the page's markup from the one
 * composition Astro's own route uses too (src/lib/pages/item-page-html.ts). Runs as its
 * own process, `node scripts/pipeline/item-pages.ts <outDir>`, with env SITE_CONFIG naming the site config Astro read;
 * prints one JSON line with what it wrote.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import path from 'node:path';
import { GUID_PATTERN } from '../core/identifiers.ts';
import { endWithParent } from './child-run.ts';
import { ITEM_PAGE_KINDS, listItemPages, renderItemPageHtml } from '../../src/lib/pages/item-page-html.ts';
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

/**
 * One page, written at once: this process does nothing else meanwhile, and a synchronous write into the page cache
 * costs less than handing it to the thread pool (a promise, a hand-off and a wake-up per call). At 100k items, with
 * `astro build` and the writer alone on 2 cores, the writer took 44.5–44.7 s against 48.4–53.7 s.
 */
function writePage(dir: string, html: Buffer): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), html);
}

/** Pages written between two turns of the event loop. */
const YIELD_EVERY = 256;

export async function writeItemPages(outDir: string, onProgress?: (done: number) => void): Promise<ItemPagesSummary> {
  const started = performance.now();
  const shellFile = path.join(outDir, SHELL_FILE);
  const shell = splitItemShell(
    await readFile(shellFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new Error(`astro build wrote no item shell at ${shellFile} (${error.code ?? error.message})`);
    }),
  );
  await rm(path.join(outDir, SHELL_DIR), { recursive: true, force: true });
  let [pages, hiddenPages, bytes] = [0, 0, 0];
  const unshown: ItemPagesSummary['unshown'] = [];
  for (const kind of ITEM_PAGE_KINDS) {
    const hidden = kind === 'drafts' || kind === 'unpublished';
    for (const target of await listItemPages(kind, 'writer')) {
      // The snapshot format makes every key a GUID; anything else could leave its folder, so it is refused unwritten.
      if (!GUID_PATTERN.test(target.key)) throw new Error(`${kind} key ${JSON.stringify(target.key)} is no GUID`);
      const page = await renderItemPageHtml(target);
      if (page.unshown !== undefined && !hidden) unshown.push({ kind, key: target.key, reason: page.unshown });
      const html = Buffer.from(fillItemShell(shell, page.title, page.body), 'utf8');
      const dir = path.join(outDir, kind, target.key);
      writePage(dir, html);
      if (hidden) hiddenPages++;
      else pages++;
      bytes += html.length;
      if (onProgress !== undefined && !hidden && pages % 10000 === 0) onProgress(pages);
      // Now and then the event loop turns, so the end of the build (stdin closing: endWithParent) is heard.
      if ((pages + hiddenPages) % YIELD_EVERY === 0) await setImmediate();
    }
  }
  return { pages, hiddenPages, bytes, millis: Math.round(performance.now() - started), unshown };
}

if (import.meta.main) {
  endWithParent();
  const [outDir] = process.argv.slice(2);
  try {
    if (outDir === undefined)
      throw new Error('usage: node scripts/pipeline/item-pages.ts <outDir> (env SITE_CONFIG set)');
    const summary = await writeItemPages(path.resolve(outDir), (done) =>
      process.stderr.write(`item pages: ${done} written\n`),
    );
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } catch (error) {
    process.stderr.write(`item pages: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
