/**
 * The item page writers: one from the start, and a second once the other side of the render step (the search index)
 * is done and leaves a core idle, when enough pages are still unclaimed to be worth its start-up. They share the
 * pages through a claims folder (scripts/pipeline/item-pages.ts says how), so the site is the same bytes however many
 * wrote it. Measured at 100k items on 2 cores: the index ends well before the pages, and the writer ran alone on one
 * core for the rest (about 27 s of a 95 s render step).
 */
import { availableParallelism } from 'node:os';
import { readdir, readFile, rm } from 'node:fs/promises';
import { setTimeout } from 'node:timers/promises';
import path from 'node:path';
import { SHELL_DIR } from '../../src/lib/pages/item-shell.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';
import { runChild, type ChildJob } from './child-run.ts';
import { PAGES_PER_CLAIM, RUNS_FILE, type ItemPagesSummary, type WriterPart } from './item-pages.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ITEM_PAGE_WRITER = path.join(ROOT, 'scripts', 'pipeline', 'item-pages.ts');

/** Pages a writer claims at a time when not PAGES_PER_CLAIM: small runs let a small site be shared (tests). */
export const PAGES_PER_CLAIM_ENV = 'ITEM_PAGES_PER_CLAIM';

/** A late writer loads the whole site data before its first page: worth it only with this share of runs left. */
const LEAST_SHARE_LEFT = 0.1;
const LEAST_RUNS_LEFT = 4;
const COUNT_POLL_MS = 100;

export interface WritersJob extends Omit<ChildJob, 'name' | 'args'> {
  outDir: string;
  /** A folder of this build's own (under the cache), removed when the writers are done. */
  claimsDir: string;
  /** When it settles, a second writer may start (absent: one writer). */
  coreFreed?: Promise<unknown>;
}

/**
 * Whether a writer starting now would find enough runs nobody has claimed. Until the first writer has counted the
 * runs (it lists every page first), this waits for the count, or for the first writer to end.
 */
async function worthAnother(claimsDir: string, firstDone: () => boolean): Promise<boolean> {
  for (;;) {
    const runs = Number(await readFile(path.join(claimsDir, RUNS_FILE), 'utf8').catch(() => 'NaN'));
    if (Number.isInteger(runs)) {
      const claimed = (await readdir(claimsDir)).filter((name) => /^\d+$/.test(name)).length;
      const left = runs - claimed;
      return left >= LEAST_RUNS_LEFT && left >= runs * LEAST_SHARE_LEFT;
    }
    if (firstDone()) return false;
    await setTimeout(COUNT_POLL_MS);
  }
}

function readPart(stdout: string): WriterPart {
  const last = stdout.trim().split('\n').at(-1) ?? '';
  try {
    const part = JSON.parse(last) as Partial<WriterPart>;
    if (typeof part.pages === 'number' && typeof part.millis === 'number' && Array.isArray(part.unshown))
      return part as WriterPart;
  } catch {
    // reported below
  }
  throw new BuildError(
    BUILD_EXIT_CODES.astro,
    `the item page writer ended without its summary (${last.slice(0, 200)})`,
  );
}

/** The writers' parts as one summary; the unshown items in page order, as one writer would have listed them. */
export function mergeParts(parts: WriterPart[], millis: number): ItemPagesSummary {
  const unshown = parts
    .flatMap((p) => p.unshown)
    .sort((a, b) => a.at - b.at)
    .map(({ kind, key, reason }) => ({ kind, key, reason }));
  return {
    pages: parts.reduce((n, p) => n + p.pages, 0),
    hiddenPages: parts.reduce((n, p) => n + (p.hiddenPages ?? 0), 0),
    bytes: parts.reduce((n, p) => n + p.bytes, 0),
    millis,
    unshown,
    writers: parts.length,
  };
}

export async function runItemPageWriters(job: WritersJob): Promise<ItemPagesSummary> {
  const started = performance.now();
  const { outDir, claimsDir, coreFreed, ...child } = job;
  // One writer's failure stops the others; the build's own signal stops them all.
  const writers = new AbortController();
  const signal = child.signal === undefined ? writers.signal : AbortSignal.any([child.signal, writers.signal]);
  const size = Number(child.env[PAGES_PER_CLAIM_ENV] ?? PAGES_PER_CLAIM);
  const pagesPerClaim = Number.isInteger(size) && size > 0 ? size : PAGES_PER_CLAIM;
  const running: Array<Promise<WriterPart>> = [];
  const start = (): Promise<WriterPart> => {
    const name = running.length === 0 ? 'the item page writer' : `item page writer ${running.length + 1}`;
    const part = runChild({
      ...child,
      signal,
      name,
      args: [ITEM_PAGE_WRITER, outDir, claimsDir, String(pagesPerClaim)],
    }).then(readPart);
    part.catch((error: unknown) => writers.abort(error));
    running.push(part);
    return part;
  };
  await rm(claimsDir, { recursive: true, force: true });
  try {
    let firstDone = false;
    const first = start();
    const settledFirst = first.then(
      () => undefined,
      () => undefined,
    );
    void settledFirst.then(() => (firstDone = true));
    if (coreFreed !== undefined && availableParallelism() >= 2) {
      const helped = coreFreed.then(
        async () => {
          if (!firstDone && (await worthAnother(claimsDir, () => firstDone).catch(() => false)) && !firstDone)
            void start();
        },
        () => undefined,
      );
      // Once the decision is made, or the first writer is done (a decision still pending then starts none), every
      // writer there will be is in `running`.
      await Promise.race([helped, settledFirst]);
    }
    const all = await Promise.allSettled(running);
    const failed = all.find((r) => r.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    return mergeParts(
      all.map((r) => (r as PromiseFulfilledResult<WriterPart>).value),
      Math.round(performance.now() - started),
    );
  } finally {
    await rm(claimsDir, { recursive: true, force: true });
    await rm(path.join(outDir, SHELL_DIR), { recursive: true, force: true });
  }
}
