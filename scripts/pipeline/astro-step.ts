/**
 * Runs `astro build` as a child process, handing it the typed site config (src/lib/site-config.ts), then the item page
 * writer (scripts/pipeline/item-pages.ts) with the same config, for the item pages Astro left to it.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { SITE_CONFIG_ENV, type SiteConfig } from '../../src/lib/site-config.ts';
import { SITE_DATA_FILES } from '../../src/lib/site-data/site-data-format.ts';
import { astroOutDir, moveFolder } from './astro-out.ts';
import type { BuildConfig } from './build-config.ts';
import { runChild } from './child-run.ts';
import { BESIDE_HEAP_MEGABYTES, usableMemoryBytes, wantedHeapMegabytes } from '../core/heap-room.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';
import type { ItemPagesSummary, Reuse } from './item-pages.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ASTRO = path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
const ITEM_PAGE_WRITER = path.join(ROOT, 'scripts', 'pipeline', 'item-pages.ts');

/** Everything `astro build` needs, typed; written as JSON beside the cache and named by env SITE_CONFIG. */
export function toSiteConfig(config: BuildConfig, snapshotDir: string, siteDataDir: string): SiteConfig {
  return {
    snapshotDir,
    siteDataDir,
    outDir: config.outDir,
    base: config.base,
    astroCacheDir: path.join(config.cacheDir, 'astro'),
    ...(config.mediaOrigin ? { mediaOrigin: config.mediaOrigin } : {}),
    ...(config.title ? { title: config.title } : {}),
    ...(config.partition ? { partition: { index: config.partition.index, count: config.partition.count } } : {}),
    itemPageWriter: !config.astroItemPages,
  };
}

async function writeSiteConfig(config: BuildConfig, snapshotDir: string, siteDataDir: string): Promise<string> {
  const file = path.join(config.cacheDir, `site-config-${process.pid}.json`);
  await mkdir(config.cacheDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(toSiteConfig(config, snapshotDir, siteDataDir), null, 2)}\n`);
  return file;
}

/**
 * The old-space limit given to `astro build`, in MB, from the number of items (the item page writer has its own,
 * `writerHeapMegabytes`). The writer's live heap after a full collection was about 180 MB at 79,000 items when it
 * held every draft, Astro's more while it renders a table; V8 sizes its young generation and how far it lets the heap
 * grow from this limit, so a generous one (8 GB) left the process at about 1 GB of memory at 100k items, and one too
 * tight (513 MB there) had the writer collecting garbage for a third of its time (85 s of CPU for 106,534 pages
 * against 65 s with room). Past that size the live heap grows faster than the items: at 770,450 items (the 1M demo)
 * `astro build` ran out of 2.4 GB, holding the node index (517 MB of `nodes.ndjson`), the used-by index (247 MB) and
 * the extras (128 MB); with used-by.json read by key it still ran out of 2.5 GB there (a partition job, which renders
 * every shared page).
 * So the limit is the larger of 512 MB + 2.5 KB an item and 10 KB an item less 256 MB (the two meet near 100k items),
 * within the share of the machine's memory the build gives itself (scripts/core/heap-room.ts). A
 * `--max-old-space-size` in NODE_OPTIONS wins.
 */
export function astroHeapMegabytes(items: number, totalBytes = usableMemoryBytes()): number {
  const n = Math.max(0, items);
  const room = Math.max(2048, wantedHeapMegabytes(totalBytes));
  return Math.round(Math.max(512 + (2.5 * n) / 1024, Math.min(room, (10 * n) / 1024 - 256)));
}

/**
 * The item page writer's old-space limit, in MB. It holds the site data its pages are made from (the node index, the
 * extras' rows, the decisions), not Astro's tables, and reads each item, draft and unpublished item when its page is
 * made: its live heap after a full collection is about 1.2–1.3 KB an item (103 MB at 79,076 items, 914 MB at 770,450).
 * 512 MB + 3 KB an item gives it 2.5 to 7 times that: 744 MB at 100k (about the shared limit it had), 2.7 GB at 1M,
 * where with Astro's 7.3 GB it grew to 4 GB. Within the same share of the machine's memory as Astro's; a
 * `--max-old-space-size` in NODE_OPTIONS wins.
 */
export function writerHeapMegabytes(items: number, totalBytes = usableMemoryBytes()): number {
  const room = Math.max(2048, wantedHeapMegabytes(totalBytes));
  return Math.round(Math.min(room, 512 + (3 * Math.max(0, items)) / 1024));
}

/**
 * Under `--memory` (MB), one process of the render step runs at a time (render-step.ts): each gets the budget less
 * what a process holds beside its V8 heap, and less the build's own process, which waits beside it. Measured at
 * 770,450 items in partition 1 of 4, which renders the tables' files: `astro build` at 2,827–3,194 MB with a heap
 * limit of 2,560 MB (the files' answers are held beside the heap), the item page writer at 2,006–2,397 MB; the
 * build's own process at 110–270 MB between its steps. The build's own heap is capped the same way (heap-room.ts).
 */
export const withinBudget = (heapMegabytes: number, budgetMegabytes: number | undefined): number =>
  budgetMegabytes === undefined
    ? heapMegabytes
    : Math.max(256, Math.min(heapMegabytes, budgetMegabytes - BESIDE_HEAP_MEGABYTES));

/** Content and media items, from the site data's meta (0 when it cannot be read: Astro reports that itself). */
export async function countItems(siteDataDir: string): Promise<number> {
  try {
    const meta = JSON.parse(await readFile(path.join(siteDataDir, SITE_DATA_FILES.meta), 'utf8')) as {
      counts?: { content?: unknown; media?: unknown };
    };
    const count = Number(meta.counts?.content) + Number(meta.counts?.media);
    return Number.isFinite(count) ? count : 0;
  } catch {
    // Astro reports missing or unreadable site data itself, in its own words.
    return 0;
  }
}

/**
 * The young generation of every Node child of the build (`astro build`, the item page writer, the search, lookup and
 * SQLite steps): semi-spaces of 16 MB, where V8 sizes them from the heap limit (up to 32 MB each, a 64 MB new
 * space). In those processes the larger ones mostly held garbage: at 100k items the render step (all of its processes
 * together) peaked at 1,878 MB with 16 MB against 1,995 MB with V8's sizes (61.5 s against 60.8 s). The build's own
 * process keeps V8's: its site-data pass, with 16 MB semi-spaces, promoted more and peaked at 897 MB against 675–699
 * MB (its JSON twins get a thread of their own: item-json-files.ts). A `--max-semi-space-size` in NODE_OPTIONS wins.
 */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=16';

/** NODE_OPTIONS with `flag` added, unless they already set the option it names. */
const withNodeOption = (options: string, flag: string): string =>
  options.includes(flag.slice(0, flag.indexOf('='))) ? options : `${options} ${flag}`.trim();

/** The environment of a child of the build: the build's, without the crawler's key, with `YOUNG_GENERATION_FLAG`. */
export function childEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const own = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('SNAPSHOT_API')),
  );
  return { ...own, NODE_OPTIONS: withNodeOption(own.NODE_OPTIONS ?? '', YOUNG_GENERATION_FLAG) };
}

/** A child's environment (childEnv) with this heap limit, unless NODE_OPTIONS already sets one. */
export function heapEnv(
  env: Readonly<Record<string, string | undefined>>,
  heapMegabytes: number,
): Record<string, string> {
  const clean = childEnv(env);
  return { ...clean, NODE_OPTIONS: withNodeOption(clean.NODE_OPTIONS ?? '', `--max-old-space-size=${heapMegabytes}`) };
}

export function astroEnv(
  env: Readonly<Record<string, string | undefined>>,
  siteConfigFile: string,
  heapMegabytes: number,
): Record<string, string> {
  return { ...heapEnv(env, heapMegabytes), [SITE_CONFIG_ENV]: siteConfigFile, ASTRO_TELEMETRY_DISABLED: '1' };
}

/**
 * Where the item page writer's pages' inputs are kept between builds (item-page-reuse.ts): beside the snapshot, a file
 * per `--out` (named by a hash of its path) and per partition, so builds sharing a `--cache` into other folders, or K
 * partition jobs, do not replace each other's. The writer records them in the build's working folder; the build moves
 * them here once its site is in place, so they describe the site in `--out`.
 */
export function itemPageInputsFile(config: Pick<BuildConfig, 'cacheDir' | 'partition' | 'outDir'>): string {
  return siteRecordFile(config, 'item-pages');
}

/** Where the JSON twins' record is kept between builds (item-json-files.ts), named as the pages' inputs are. */
export function itemTwinsRecordFile(config: Pick<BuildConfig, 'cacheDir' | 'partition' | 'outDir'>): string {
  return siteRecordFile(config, 'item-json');
}

function siteRecordFile(config: Pick<BuildConfig, 'cacheDir' | 'partition' | 'outDir'>, what: string): string {
  const site = createHash('sha1').update(path.resolve(config.outDir)).digest('hex').slice(0, 12);
  const part = config.partition ? `-${config.partition.index}-of-${config.partition.count}` : '';
  return path.join(config.cacheDir, `${what}-${site}${part}.ndjson`);
}

export interface PagesSummary {
  /** Astro and the item page writer, one after the other. */
  millis: number;
  astroMillis: number;
  /** Absent with --astro-item-pages. */
  itemPages?: ItemPagesSummary;
}

export async function runAstroBuild(
  config: BuildConfig,
  snapshotDir: string,
  siteDataDir: string,
  env: Readonly<Record<string, string | undefined>>,
  log: (text: string) => void,
  signal?: AbortSignal,
  besideWriter?: () => Promise<void>,
  reuse?: Reuse,
): Promise<PagesSummary> {
  const started = Date.now();
  const astroOut = await astroOutDir(ROOT, config.outDir);
  const siteConfigFile = await writeSiteConfig({ ...config, outDir: astroOut }, snapshotDir, siteDataDir);
  try {
    const items = await countItems(siteDataDir);
    const budget = config.memoryMegabytes;
    const childEnv = astroEnv(env, siteConfigFile, withinBudget(astroHeapMegabytes(items), budget));
    const job = { env: childEnv, failCode: BUILD_EXIT_CODES.astro, verbose: config.verbose, log, signal };
    await runChild({ ...job, name: 'astro build', args: [ASTRO, 'build'] });
    await moveFolder(astroOut, config.outDir);
    const astroMillis = Date.now() - started;
    if (config.astroItemPages) {
      await besideWriter?.();
      return { millis: Date.now() - started, astroMillis };
    }
    // What needs Astro's output in place but not the item pages (the JSON twins: file writes, mostly waiting on the
    // disk) runs in this process while the writer renders in its own; after it under --memory.
    const writer = () =>
      runChild({
        ...job,
        env: astroEnv(env, siteConfigFile, withinBudget(writerHeapMegabytes(items), budget)),
        name: 'the item page writer',
        args: [
          ITEM_PAGE_WRITER,
          config.outDir,
          ...(reuse === undefined ? [] : ['--inputs-out', reuse.inputsOut]),
          ...(reuse?.previous === undefined
            ? []
            : ['--previous', reuse.previous.dir, '--inputs', reuse.previous.inputs]),
          ...(reuse?.previous === undefined || !reuse.checkEvery ? [] : ['--check-taken', String(reuse.checkEvery)]),
          ...(reuse?.previous === undefined || reuse.keptOut === undefined ? [] : ['--kept-out', reuse.keptOut]),
        ],
      });
    if (budget !== undefined) {
      const stdout = await writer();
      await besideWriter?.();
      return { millis: Date.now() - started, astroMillis, itemPages: readSummary(stdout) };
    }
    const [written, beside] = await Promise.allSettled([writer(), besideWriter?.()]);
    if (written.status === 'rejected') throw written.reason;
    if (beside.status === 'rejected') throw beside.reason;
    const stdout = written.value;
    return { millis: Date.now() - started, astroMillis, itemPages: readSummary(stdout) };
  } finally {
    await rm(siteConfigFile, { force: true });
    if (astroOut !== config.outDir) await rm(astroOut, { recursive: true, force: true });
  }
}

function readSummary(stdout: string): ItemPagesSummary {
  const last = stdout.trim().split('\n').at(-1) ?? '';
  try {
    const summary = JSON.parse(last) as Partial<ItemPagesSummary>;
    if (typeof summary.pages === 'number' && typeof summary.millis === 'number') return summary as ItemPagesSummary;
  } catch {
    // reported below
  }
  throw new BuildError(
    BUILD_EXIT_CODES.astro,
    `the item page writer ended without its summary (${last.slice(0, 200)})`,
  );
}
