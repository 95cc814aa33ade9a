/**
 * `npm run build` flags + environment → one frozen, validated configuration; every problem is reported at once.
 * Source flags (--source, --db, --api-key-file, --demo-items, …) are the crawler's and are handed to it unchanged;
 * the crawler validates them itself.
 */
import path from 'node:path';
import { z } from 'zod';
import { flagProblems, parseFlags, type FlagSpec } from '../core/cli/flags.ts';
import { SNAPSHOT_FLAGS } from '../snapshot/config.ts';
import { parsePartition, type Partition } from '../../src/lib/partition.ts';

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
  /** Write downloads/snapshot.sqlite (scripts/build/sqlite/); it grows with the values, about 6.5 KB an item. */
  readonly sqlite: boolean;
  readonly searchShardSize: number;
  /** Index after rendering instead of beside it: slower, but only one of the two in memory at a time. */
  readonly searchAfterAstro: boolean;
  /** Render every item page through Astro instead of the item page writer (src/lib/pages/item-shell.ts). */
  readonly astroItemPages: boolean;
  /** Render only this share of the item pages (see src/lib/partition.ts and scripts/commands/merge-partitions.ts). */
  readonly partition?: Partition;
  readonly crawlerArgs: readonly string[];
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
  readonly quiet: boolean;
  readonly verbose: boolean;
}

const OWN_VALUES = [
  'snapshot',
  'out',
  'base',
  'cache',
  'media-origin',
  'search-shard-size',
  'title',
  'history',
  'keep',
  'compare-with',
  'partition',
  'mapping',
  'decisions',
  'rules',
  'estimate',
] as const;
const OWN_SWITCHES = [
  'allow-partial',
  'no-search',
  'no-sqlite',
  'search-after-astro',
  'astro-item-pages',
  'quiet',
  'verbose',
] as const;
/** The crawler's own flags, handed to it unchanged; --out, --quiet and --verbose are the build's. */
const CRAWLER_VALUES = SNAPSHOT_FLAGS.values.filter(
  (name) => name !== 'out' && !(OWN_VALUES as readonly string[]).includes(name),
);
const CRAWLER_SWITCHES = SNAPSHOT_FLAGS.switches.filter((name) => !(OWN_SWITCHES as readonly string[]).includes(name));
const BUILD_FLAGS: FlagSpec = {
  values: [...OWN_VALUES, ...CRAWLER_VALUES],
  switches: [...OWN_SWITCHES, ...CRAWLER_SWITCHES],
};

export const BUILD_USAGE =
  `Usage: npm run build -- [--snapshot DIR | --source URL | --db FILE] [options]
  --snapshot DIR        build from this existing snapshot (otherwise crawl into <cache>/snapshot first)
  --source URL | --db FILE | --demo-items N | --api-key-file FILE | …   crawler options ` +
  `(see npm run snapshot -- --help;
                        --allow-shrink, --follow-redirects and the --max-* caps too);
                        neither --source nor --db nor env SNAPSHOT_SOURCE_URL: the embedded demo source
  --history DIR         keep the previous snapshot there (--keep N of them, default 1) and show what changed since it
  --compare-with DIR    show what changed since this snapshot (instead of the newest one in --history)
  --mapping FILE.xlsx   a filled mapping workbook (npm run mapping): adds the Mapping section and its coverage
  --decisions FILE.csv  decisions by GUID (key, disposition, target type, owner, priority, note, decided-at):
                        shown in the Decisions inventory and on item pages (docs/decisions.md)
  --rules FILE.yaml     ordered rules (first match wins) deciding the items no decision names
  --estimate FILE.yaml  minutes per item by type or band, per manual property, per language: the Estimate page
                        (docs/estimate.md)
  --out DIR             output folder (default dist)
  --base /path/         host under a sub-path (or env SITE_BASE; default /)
  --cache DIR           working folder for the snapshot and the site data (default .cache)
  --allow-partial       build from a snapshot whose manifest says "partial"
  --title "NAME"        name this snapshot (shown in the <title> of every page and on the home page)
  --media-origin URL    show media images from this origin (or env SITE_MEDIA_ORIGIN; default: none are fetched)
  --no-search           skip the Pagefind index; --search-shard-size N: records per index bundle at most
                        (default 30000); bundles also split the records' bytes evenly, 16 MB each at most
  --no-sqlite           skip downloads/snapshot.sqlite (about 6.5 KB an item: 500 MB at 80,000 items, past the
                        file size limits of many static hosts)
  --search-after-astro  build the search index after astro build instead of beside it (less memory, more time)
  --astro-item-pages    render every item page through Astro's own page loop (same pages, 2–3 times the time;
                        the same bytes, as the tests check: both place src/lib/pages/item-page-html.ts)
  --partition I/K       render only partition I of K of the item pages (and index only their search records);
                        join the K outputs with npm run merge-partitions
  --quiet, --verbose
Exit codes: 0 ok, 2 usage, 3 snapshot missing or invalid, 4 partial snapshot refused, 5 crawl failed,
6 site data failed, 7 astro build or item page writer failed, 8 search index failed,
9 the mapping workbook unusable, 10 no space left on device, 11 the decisions or rules file unusable,
12 the estimate file unusable, 130/143 stopped by SIGINT/SIGTERM (nothing published, temporary folders removed).`;

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
  'search-shard-size': z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(100).max(1_000_000))
    .default(30_000),
});

export function normalizeBase(value: string | undefined): string {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

export function loadBuildConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): { config?: BuildConfig; problems: string[] } {
  const { given, values, switches, problems } = parseFlags(argv, BUILD_FLAGS);
  const crawlerArgs = given
    .filter(({ name }) => CRAWLER_VALUES.includes(name) || CRAWLER_SWITCHES.includes(name))
    .flatMap(({ name, value }) => (value === undefined ? [`--${name}`] : [`--${name}`, value]));
  const own = Object.fromEntries(Object.entries(values).filter(([name]) => !CRAWLER_VALUES.includes(name)));
  const parsed = schema.safeParse({
    ...own,
    base: values.base ?? env.SITE_BASE,
    'media-origin': values['media-origin'] ?? (env.SITE_MEDIA_ORIGIN || undefined),
  });
  if (!parsed.success) problems.push(...flagProblems(parsed.error));
  if (values.keep !== undefined && values.history === undefined) problems.push('--keep N needs --history DIR');
  const partition = values.partition === undefined ? undefined : parsePartition(values.partition);
  if (partition?.problem !== undefined) problems.push(`--partition: ${partition.problem}`);
  if (values.snapshot !== undefined && crawlerArgs.length > 0)
    problems.push('--snapshot builds from an existing snapshot: drop the crawler options, or drop --snapshot');
  if (problems.length > 0 || !parsed.success) return { problems };
  const f = parsed.data;
  const history = f.history === undefined ? undefined : path.resolve(cwd, f.history);
  // The crawl keeps the snapshot it replaces; building from an existing snapshot only reads the history.
  if (history !== undefined && f.snapshot === undefined) {
    crawlerArgs.push('--history', history, ...(f.keep ? ['--keep', String(f.keep)] : []));
  }
  return {
    problems,
    config: Object.freeze({
      ...(f.snapshot !== undefined ? { snapshotDir: path.resolve(cwd, f.snapshot) } : {}),
      cacheDir: path.resolve(cwd, f.cache),
      outDir: path.resolve(cwd, f.out),
      base: normalizeBase(f.base),
      allowPartial: switches.has('allow-partial'),
      ...(f['media-origin'] !== undefined ? { mediaOrigin: new URL(f['media-origin']).origin } : {}),
      ...(f.title !== undefined ? { title: f.title } : {}),
      search: !switches.has('no-search'),
      sqlite: !switches.has('no-sqlite'),
      searchShardSize: f['search-shard-size'],
      searchAfterAstro: switches.has('search-after-astro'),
      astroItemPages: switches.has('astro-item-pages'),
      ...(history !== undefined ? { historyDir: history } : {}),
      ...(f['compare-with'] !== undefined ? { compareWith: path.resolve(cwd, f['compare-with']) } : {}),
      ...(f.mapping !== undefined ? { mappingFile: path.resolve(cwd, f.mapping) } : {}),
      ...(f.decisions !== undefined ? { decisionsFile: path.resolve(cwd, f.decisions) } : {}),
      ...(f.rules !== undefined ? { rulesFile: path.resolve(cwd, f.rules) } : {}),
      ...(f.estimate !== undefined ? { estimateFile: path.resolve(cwd, f.estimate) } : {}),
      ...(partition?.partition !== undefined ? { partition: partition.partition } : {}),
      crawlerArgs: Object.freeze([...crawlerArgs, ...(switches.has('verbose') ? ['--verbose'] : [])]),
      quiet: switches.has('quiet'),
      verbose: switches.has('verbose'),
    }),
  };
}
