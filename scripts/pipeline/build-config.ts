/**
 * `npm run build` flags + environment → one frozen, validated configuration; every problem is reported at once.
 * The flags are parsed once: the crawler's (--source, --db, --api-key-file, --demo-items, …) become the crawl's own
 * typed configuration through the crawler's reader, and the build runs the crawl with it.
 */
import path from 'node:path';
import { z } from 'zod';
import { flagProblems, parseFlags } from '../core/cli/flags.ts';
import { megabytesOf } from '../core/heap-room.ts';
import { DEFAULT_KEEP } from '../core/snapshot-history.ts';
import { readSnapshotFlags, type SnapshotConfig } from '../snapshot/config.ts';
import { BUILD_FLAGS, CRAWLER_NAMES } from './build-flags.ts';
import { CHECK_TAKEN_EVERY } from './item-page-reuse.ts';
import { parsePartition, type Partition } from '../../src/lib/partition.ts';

/** The search indexes the build can write. */
export const SEARCH_ENGINES = ['pagefind', 'words'] as const;
export type SearchEngineName = (typeof SEARCH_ENGINES)[number];
/** What `--search-engine` takes: an index, or `auto` (the default), which chooses by the site's size. */
export const SEARCH_ENGINE_CHOICES = ['auto', ...SEARCH_ENGINES] as const;
export type SearchEngineChoice = (typeof SEARCH_ENGINE_CHOICES)[number];

/**
 * Pages search finds (its records: every item and content type) from which `auto` writes the word index. Pagefind met
 * every search target of the bench at 79,095 records (100k items: slowest query 156–180 ms), not at 233,977 (300k
 * items: slowest 350–435 ms) nor at 1M (slowest 886–969 ms and 3.4 MB, the cold first query over 1 s, its index
 * 550–610 s to write). At 156,372 (200k items), both built on one site on one machine: Pagefind's slowest query 839 ms
 * and 556 KB, its cold first query 1,770 ms, its index 251 s; the word index's 280 ms and 119 KB, 505 ms, 49 s. Below
 * it Pagefind's stemming, phrases and relevance cost little.
 */
export const WORD_INDEX_FROM_PAGES = 100_000;

/** A build's configuration once its search index is chosen (chooseSearchEngine). */
export type ChosenConfig = BuildConfig & { readonly searchEngine: SearchEngineName };

/**
 * The index `auto` stands for, given the pages the search records hold: the word index from WORD_INDEX_FROM_PAGES,
 * but Pagefind for one partition of a site (the word index numbers the whole site's pages: it is one bundle).
 */
export function chooseSearchEngine(config: BuildConfig, pages: number): ChosenConfig {
  if (config.searchEngine !== 'auto') return config as ChosenConfig;
  const engine: SearchEngineName =
    pages >= WORD_INDEX_FROM_PAGES && config.partition === undefined ? 'words' : 'pagefind';
  return { ...config, searchEngine: engine };
}

export interface BuildConfig {
  readonly snapshotDir?: string;
  readonly cacheDir: string;
  readonly outDir: string;
  readonly base: string;
  readonly allowPartial: boolean;
  readonly mediaOrigin?: string;
  /** The snapshot's name, shown in every page's <title> and on the home page. */
  readonly title?: string;
  readonly search: boolean;
  /** Write downloads/snapshot.sqlite (scripts/pipeline/sqlite/); it grows with the values, about 6.5 KB an item. */
  readonly sqlite: boolean;
  readonly searchShardSize: number;
  /**
   * `pagefind`, `words` (the word index, src/lib/search/word-index.ts), or `auto` (the default): the word index from
   * WORD_INDEX_FROM_PAGES pages (chooseSearchEngine).
   */
  readonly searchEngine: SearchEngineChoice;
  /** Index after rendering instead of beside it: slower, but only one of the two in memory at a time. */
  readonly searchAfterAstro: boolean;
  /** Give the files written again byte for byte their times in the site `outDir` holds (unchanged-files.ts). */
  readonly keepTimes: boolean;
  /**
   * `--memory`, in MB: the render step runs one process at a time (as with `searchAfterAstro`, the item JSON files
   * after the writer too), each with a heap limit within it (scripts/pipeline/astro-step.ts).
   */
  readonly memoryMegabytes?: number;
  /** Render every item page through Astro instead of the item page writer (src/lib/pages/item-shell.ts). */
  readonly astroItemPages: boolean;
  /**
   * Record each item page's inputs, and take from the last such build's site in `outDir` the pages whose inputs did not
   * change (scripts/pipeline/item-page-reuse.ts); otherwise every page is rendered and nothing is recorded.
   */
  readonly takeUnchanged: boolean;
  /** With `takeUnchanged`: take nothing this build (but record). */
  readonly renderAll: boolean;
  /** Every Nth item page taken from the last site is rendered again and compared (0: none). */
  readonly checkTaken: number;
  /** Render only this share of the item pages (see src/lib/partition.ts and merge-run.ts). */
  readonly partition?: Partition;
  /** How to crawl the snapshot into <cache>/snapshot; absent with --snapshot (an existing one is read). */
  readonly crawl?: SnapshotConfig;
  /** Snapshot history: the crawl keeps the previous snapshot there; the build diffs against the newest one kept. */
  readonly historyDir?: string;
  /** The snapshot to diff against, named explicitly (wins over the history). */
  readonly compareWith?: string;
  /** A filled mapping workbook: the site gets a Mapping section and its coverage download. */
  readonly mappingFile?: string;
  /** A decisions file (CSV, by GUID): the Decisions inventory shows each item's disposition from it. */
  readonly decisionsFile?: string;
  /** Rules (YAML, ordered, first match wins) giving items no decision names a disposition. */
  readonly rulesFile?: string;
  /** Minutes per item by type, per manual property, per language: the Estimate page and its downloads. */
  readonly estimateFile?: string;
  /** Prepare the site data into this folder and stop (`--site-data-out`): the shared job of a partitioned build. */
  readonly siteDataOut?: string;
  /** Render from the site data prepared in this folder (`--site-data`) instead of deriving it. */
  readonly siteDataFrom?: string;
  readonly quiet: boolean;
  readonly verbose: boolean;
}

const schema = z.object({
  snapshot: z.string().min(1).optional(),
  out: z.string().min(1).default('dist'),
  base: z
    .string()
    .regex(/^[A-Za-z0-9/_.~-]*$/, 'may hold only letters, digits, / _ . ~ -')
    .optional(),
  cache: z.string().min(1).default('.cache'),
  'media-origin': z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  title: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(120, 'must be at most 120 characters')
    .refine((t) => !/[\u0000-\u001f]/.test(t), 'must not hold control characters')
    .optional(),
  history: z.string().min(1).optional(),
  keep: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1).max(1000))
    .optional(),
  'compare-with': z.string().min(1).optional(),
  mapping: z.string().min(1).optional(),
  decisions: z.string().min(1).optional(),
  rules: z.string().min(1).optional(),
  estimate: z.string().min(1).optional(),
  'site-data-out': z.string().min(1).optional(),
  'site-data': z.string().min(1).optional(),
  memory: z
    .string()
    .transform((text, ctx) => {
      const megabytes = megabytesOf(text);
      if (megabytes === undefined) ctx.addIssue({ code: 'custom', message: 'must be a size such as 3G or 2500M' });
      return megabytes ?? z.NEVER;
    })
    .pipe(
      z
        .number()
        .min(1024, 'must be at least 1G')
        .max(1 << 20, 'must be at most 1024G'),
    )
    .optional(),
  'search-engine': z.enum(SEARCH_ENGINE_CHOICES).default('auto'),
  'search-shard-size': z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(100).max(1_000_000))
    .default(30_000),
  'check-taken': z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(0).max(1_000_000))
    .default(CHECK_TAKEN_EVERY),
});

export function normalizeBase(value: string | undefined): string {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The crawl into <cache>/snapshot: the crawler's flags read by the crawler, the rest set by the build. */
function readCrawl(
  given: { values: Record<string, string>; switches: Set<string> },
  own: { cacheDir: string; history?: string; keep?: number; quiet: boolean; verbose: boolean },
  env: Env,
  cwd: string,
  problems: string[],
): SnapshotConfig | undefined {
  const values = Object.fromEntries(Object.entries(given.values).filter(([name]) => CRAWLER_NAMES.has(name)));
  const switches = new Set([...given.switches].filter((name) => CRAWLER_NAMES.has(name)));
  const demoCache = { ...env, SNAPSHOT_CACHE_DIR: env.SNAPSHOT_CACHE_DIR ?? own.cacheDir };
  const crawl = readSnapshotFlags({ values, switches }, demoCache, cwd, problems);
  if (crawl === undefined) return undefined;
  return Object.freeze({
    ...crawl,
    out: path.join(own.cacheDir, 'snapshot'),
    history: own.history,
    keep: own.keep ?? DEFAULT_KEEP,
    compareWith: undefined,
    quiet: own.quiet,
    verbose: own.verbose,
  });
}

/** What the preparation job applies once, so a job rendering from its site data (`--site-data`) cannot ask again. */
const PREPARED_FLAGS = ['history', 'keep', 'compare-with', 'mapping', 'decisions', 'rules', 'estimate'];

/** The split of a partitioned build: one job prepares the site data, each render job reads it with its snapshot. */
function preparedProblems(values: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (values['site-data'] !== undefined && values['site-data-out'] !== undefined)
    problems.push('--site-data reads prepared site data and --site-data-out prepares it: give one of them');
  if (values['site-data'] !== undefined) {
    if (values.snapshot === undefined)
      problems.push('--site-data needs --snapshot DIR: the snapshot its site data was prepared from');
    for (const name of PREPARED_FLAGS)
      if (values[name] !== undefined)
        problems.push(
          `--${name} is applied by the job that prepares the site data (--site-data-out), not with --site-data`,
        );
  }
  if (values['site-data-out'] !== undefined && values.partition !== undefined)
    problems.push('--site-data-out prepares the site data for every partition: drop --partition');
  return problems;
}

export function loadBuildConfig(
  argv: readonly string[],
  env: Env,
  cwd: string,
): { config?: BuildConfig; problems: string[] } {
  const { given, values, switches, problems } = parseFlags(argv, BUILD_FLAGS);
  const crawlerGiven = given.some(({ name }) => CRAWLER_NAMES.has(name));
  const own = Object.fromEntries(Object.entries(values).filter(([name]) => !CRAWLER_NAMES.has(name)));
  const parsed = schema.safeParse({
    ...own,
    base: values.base ?? env.SITE_BASE,
    'media-origin': values['media-origin'] ?? (env.SITE_MEDIA_ORIGIN || undefined),
  });
  if (!parsed.success) problems.push(...flagProblems(parsed.error));
  if (values.keep !== undefined && values.history === undefined) problems.push('--keep N needs --history DIR');
  const partition = values.partition === undefined ? undefined : parsePartition(values.partition);
  if (partition?.problem !== undefined) problems.push(`--partition: ${partition.problem}`);
  if (values['search-engine'] === 'words' && values.partition !== undefined)
    problems.push('--search-engine words builds one index for the whole site: drop --partition');
  if (values.snapshot !== undefined && crawlerGiven)
    problems.push('--snapshot builds from an existing snapshot: drop the crawler options, or drop --snapshot');
  problems.push(...preparedProblems(values));
  if (!switches.has('take-unchanged'))
    for (const name of ['render-all', 'check-taken'])
      if (switches.has(name) || values[name] !== undefined)
        problems.push(`--${name} goes with --take-unchanged: every item page is rendered without it`);
  const f = parsed.success ? parsed.data : undefined;
  const history = f?.history === undefined ? undefined : path.resolve(cwd, f.history);
  const cacheDir = path.resolve(cwd, f?.cache ?? '.cache');
  const quiet = switches.has('quiet');
  const verbose = switches.has('verbose');
  // The crawl keeps the snapshot it replaces; building from an existing snapshot only reads the history.
  const crawl =
    values.snapshot !== undefined
      ? undefined
      : readCrawl({ values, switches }, { cacheDir, history, keep: f?.keep, quiet, verbose }, env, cwd, problems);
  if (problems.length > 0 || f === undefined) return { problems };
  return {
    problems,
    config: Object.freeze({
      ...(f.snapshot !== undefined ? { snapshotDir: path.resolve(cwd, f.snapshot) } : {}),
      cacheDir,
      outDir: path.resolve(cwd, f.out),
      base: normalizeBase(f.base),
      allowPartial: switches.has('allow-partial'),
      ...(f['media-origin'] !== undefined ? { mediaOrigin: new URL(f['media-origin']).origin } : {}),
      ...(f.title !== undefined ? { title: f.title } : {}),
      search: !switches.has('no-search'),
      sqlite: !switches.has('no-sqlite'),
      searchShardSize: f['search-shard-size'],
      searchEngine: f['search-engine'],
      searchAfterAstro: switches.has('search-after-astro'),
      keepTimes: switches.has('keep-times'),
      ...(f.memory !== undefined ? { memoryMegabytes: f.memory } : {}),
      astroItemPages: switches.has('astro-item-pages'),
      takeUnchanged: switches.has('take-unchanged'),
      renderAll: switches.has('render-all'),
      checkTaken: f['check-taken'],
      ...(history !== undefined ? { historyDir: history } : {}),
      ...(f['compare-with'] !== undefined ? { compareWith: path.resolve(cwd, f['compare-with']) } : {}),
      ...(f.mapping !== undefined ? { mappingFile: path.resolve(cwd, f.mapping) } : {}),
      ...(f.decisions !== undefined ? { decisionsFile: path.resolve(cwd, f.decisions) } : {}),
      ...(f.rules !== undefined ? { rulesFile: path.resolve(cwd, f.rules) } : {}),
      ...(f.estimate !== undefined ? { estimateFile: path.resolve(cwd, f.estimate) } : {}),
      ...(partition?.partition !== undefined ? { partition: partition.partition } : {}),
      ...(f['site-data-out'] !== undefined ? { siteDataOut: path.resolve(cwd, f['site-data-out']) } : {}),
      ...(f['site-data'] !== undefined ? { siteDataFrom: path.resolve(cwd, f['site-data']) } : {}),
      ...(crawl !== undefined ? { crawl } : {}),
      quiet,
      verbose,
    }),
  };
}
