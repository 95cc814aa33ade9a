/**
 * The item page writer: after `astro build`, every item page (content, media, pending drafts, unpublished items),
 * written as the layout Astro rendered once (src/lib/pages/item-shell.ts) around the page's markup from the one
 * composition Astro's own route uses too (src/lib/pages/item-page-html.ts). Runs as its own process,
 * `node scripts/pipeline/item-pages.ts <outDir> [claimsDir [pagesPerClaim]]`, with env SITE_CONFIG naming the site
 * config Astro read; prints one JSON line with what it wrote.
 *
 * With a claims folder, several writers share the pages. The pages are cut into runs (of PAGES_PER_CLAIM unless the
 * writer is told another size) in one order every writer derives alike, and a writer renders a run only after
 * creating its claim file there, exclusively, so exactly one writer gets each run. A writer started late takes the
 * runs nobody has claimed yet (scripts/pipeline/item-page-writers.ts starts one when the search index is done and a
 * core is free).
 */
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GUID_PATTERN } from '../core/identifiers.ts';
import { endWithParent } from './child-run.ts';
import {
  ITEM_PAGE_KINDS,
  listItemPages,
  renderItemPageHtml,
  type ItemPageTarget,
} from '../../src/lib/pages/item-page-html.ts';
import { fillItemShell, SHELL_FILE, splitItemShell } from '../../src/lib/pages/item-shell.ts';
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
  /** How many writers shared the pages (absent: one). */
  writers?: number;
}

/** One writer's part, as it prints it: `unshown` carries each page's place in the shared order, to merge by. */
export interface WriterPart extends Omit<ItemPagesSummary, 'unshown' | 'writers'> {
  unshown: Array<{ kind: ItemKind; key: string; reason: string; at: number }>;
  runs: number;
}

/** Pages being written at once: enough to keep the disk busy while the next page is built. */
const WRITES_IN_FLIGHT = 16;
/** Pages in one claim: small enough that writers finish close together, large enough that claims cost nothing. */
export const PAGES_PER_CLAIM = 500;
/** The file in the claims folder that says how many runs there are (written by every writer, the same number). */
export const RUNS_FILE = 'runs';

/** Every page the writers share, in one order: kind by kind, each kind's pages as its list gives them. */
async function listTargets(): Promise<Array<{ target: ItemPageTarget; hidden: boolean }>> {
  const all: Array<{ target: ItemPageTarget; hidden: boolean }> = [];
  for (const kind of ITEM_PAGE_KINDS) {
    const hidden = kind === 'drafts' || kind === 'unpublished';
    for (const target of await listItemPages(kind, 'writer')) {
      // The snapshot format makes every key a GUID; anything else could leave its folder, so it is refused unwritten.
      if (!GUID_PATTERN.test(target.key)) throw new Error(`${kind} key ${JSON.stringify(target.key)} is no GUID`);
      all.push({ target, hidden });
    }
  }
  return all;
}

/** Whether this writer gets run `run`: always without a claims folder, else if its claim file was ours to create. */
async function claim(claimsDir: string | undefined, run: number): Promise<boolean> {
  if (claimsDir === undefined) return true;
  try {
    await (await open(path.join(claimsDir, String(run)), 'wx')).close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Renders every run this writer claims (every run without a claims folder), in order; says how many it claimed. */
export async function forEachClaimedRun(
  claimsDir: string | undefined,
  runs: number,
  render: (run: number) => Promise<void>,
): Promise<number> {
  let claimed = 0;
  for (let run = 0; run < runs; run++) {
    if (!(await claim(claimsDir, run))) continue;
    claimed++;
    await render(run);
  }
  return claimed;
}

export async function writeItemPages(
  outDir: string,
  claimsDir?: string,
  onProgress?: (done: number) => void,
  pagesPerClaim = PAGES_PER_CLAIM,
): Promise<WriterPart> {
  const started = performance.now();
  const shellFile = path.join(outDir, SHELL_FILE);
  const shell = splitItemShell(
    await readFile(shellFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new Error(`astro build wrote no item shell at ${shellFile} (${error.code ?? error.message})`);
    }),
  );
  const targets = await listTargets();
  const runs = Math.ceil(targets.length / pagesPerClaim);
  if (claimsDir !== undefined) {
    await mkdir(claimsDir, { recursive: true });
    // Whole or not at all for a reader: written aside, then renamed into place.
    const aside = path.join(claimsDir, `${RUNS_FILE}.${process.pid}`);
    await writeFile(aside, String(runs));
    await rename(aside, path.join(claimsDir, RUNS_FILE));
  }
  const inFlight = new Set<Promise<void>>();
  const part: WriterPart = { pages: 0, hiddenPages: 0, bytes: 0, millis: 0, unshown: [], runs: 0 };
  part.runs = await forEachClaimedRun(claimsDir, runs, async (run) => {
    const end = Math.min(targets.length, (run + 1) * pagesPerClaim);
    for (let at = run * pagesPerClaim; at < end; at++) {
      const { target, hidden } = targets[at]!;
      const page = await renderItemPageHtml(target);
      if (page.unshown !== undefined && !hidden)
        part.unshown.push({ kind: target.kind as ItemKind, key: target.key, reason: page.unshown, at });
      const html = Buffer.from(fillItemShell(shell, page.title, page.body), 'utf8');
      const dir = path.join(outDir, target.kind, target.key);
      const write = mkdir(dir, { recursive: true })
        .then(() => writeFile(path.join(dir, 'index.html'), html))
        .finally(() => inFlight.delete(write));
      // Marked as handled here; the race below or the last Promise.all reports the failure.
      write.catch(() => undefined);
      inFlight.add(write);
      if (hidden) part.hiddenPages!++;
      else part.pages++;
      part.bytes += html.length;
      if (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
      if (onProgress !== undefined && !hidden && part.pages % 10000 === 0) onProgress(part.pages);
    }
  });
  await Promise.all(inFlight);
  part.millis = Math.round(performance.now() - started);
  return part;
}

if (import.meta.main) {
  endWithParent();
  const [outDir, claimsDir, size] = process.argv.slice(2);
  try {
    const pagesPerClaim = size === undefined ? PAGES_PER_CLAIM : Number(size);
    if (outDir === undefined || !Number.isInteger(pagesPerClaim) || pagesPerClaim < 1)
      throw new Error(
        'usage: node scripts/pipeline/item-pages.ts <outDir> [claimsDir [pagesPerClaim]] (env SITE_CONFIG set)',
      );
    const part = await writeItemPages(
      path.resolve(outDir),
      claimsDir === undefined ? undefined : path.resolve(claimsDir),
      (done) => process.stderr.write(`item pages: ${done} written\n`),
      pagesPerClaim,
    );
    process.stdout.write(`${JSON.stringify(part)}\n`);
  } catch (error) {
    process.stderr.write(`item pages: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
