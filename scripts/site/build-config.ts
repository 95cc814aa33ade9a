/**
 * `npm run build` flags + environment → one frozen, validated configuration; every problem is reported at once.
 * Source flags (--source, --db, --api-key-file, --demo-items, …) are the crawler's and are handed to it unchanged;
 * the crawler validates them itself.
 */
import path from 'node:path';
import { z } from 'zod';
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
  readonly searchShardSize: number;
  /** Render only this share of the item pages (see src/lib/partition.ts and scripts/merge-partitions.ts). */
  readonly partition?: Partition;
  readonly crawlerArgs: readonly string[];
  readonly quiet: boolean;
  readonly verbose: boolean;
}

const OWN_VALUES = ['snapshot', 'out', 'base', 'cache', 'media-origin', 'search-shard-size', 'title', 'partition'] as const;
const OWN_SWITCHES = ['allow-partial', 'no-search', 'quiet', 'verbose'] as const;
const CRAWLER_VALUES = ['source', 'db', 'api-key-file', 'since-snapshot', 'max-failures', 'concurrency', 'timeout-ms', 'retries', 'retry-base-ms', 'retry-max-ms', 'demo-items',
  'max-content-types', 'max-answer-bytes', 'max-decompressed-bytes', 'max-depth'];
const CRAWLER_SWITCHES = ['allow-shrink', 'follow-redirects'];

export const BUILD_USAGE = `Usage: npm run build -- [--snapshot DIR | --source URL | --db FILE] [options]
  --snapshot DIR        build from this existing snapshot (otherwise crawl into <cache>/snapshot first)
  --source URL | --db FILE | --demo-items N | --api-key-file FILE | …   crawler options (see npm run snapshot -- --help;
                        --allow-shrink, --follow-redirects and the --max-* caps too);
                        neither --source nor --db nor env SNAPSHOT_SOURCE_URL: the embedded demo source
  --out DIR             output folder (default dist)
  --base /path/         host under a sub-path (or env SITE_BASE; default /)
  --cache DIR           working folder for the snapshot and the site data (default .cache)
  --allow-partial       build from a snapshot whose manifest says "partial"
  --title "NAME"        name this snapshot (shown in the <title> of every page and on the home page)
  --media-origin URL    show media images from this origin (or env SITE_MEDIA_ORIGIN; default: none are fetched)
  --no-search           skip the Pagefind index; --search-shard-size N: records per index bundle (default 20000)
  --partition I/K       render only partition I of K of the item pages (and index only their search records);
                        join the K outputs with npm run merge-partitions
  --quiet, --verbose
Exit codes: 0 ok, 2 usage, 3 snapshot missing or invalid, 4 partial snapshot refused, 5 crawl failed,
6 site data failed, 7 astro build failed, 8 search index failed.`;

const schema = z.object({
  snapshot: z.string().min(1).optional(),
  out: z.string().min(1).default('dist'),
  base: z.string().regex(/^[A-Za-z0-9/_.~-]*$/, 'may hold only letters, digits, / _ . ~ -').optional(),
  cache: z.string().min(1).default('.cache'),
  'media-origin': z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  title: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters').refine((t) => !/[\u0000-\u001f]/.test(t), 'must not hold control characters').optional(),
  'search-shard-size': z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().min(100).max(1_000_000)).default(20_000),
});

export function normalizeBase(value: string | undefined): string {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

export function loadBuildConfig(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, cwd: string): { config?: BuildConfig; problems: string[] } {
  const values: Record<string, string> = {};
  const switches = new Set<string>();
  const crawlerArgs: string[] = [];
  const problems: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(argv[i] as string);
    const name = match?.[1];
    const takeValue = (): string | undefined => match?.[2] ?? (i + 1 < argv.length && !(argv[i + 1] as string).startsWith('--') ? argv[++i] : undefined);
    if (name === undefined) problems.push(`unexpected argument ${JSON.stringify((argv[i] as string).slice(0, 40))}`);
    else if ((OWN_SWITCHES as readonly string[]).includes(name)) switches.add(name);
    else if (CRAWLER_SWITCHES.includes(name)) crawlerArgs.push(`--${name}`);
    else if ((OWN_VALUES as readonly string[]).includes(name) || CRAWLER_VALUES.includes(name)) {
      const value = takeValue();
      if (value === undefined) problems.push(`--${name} needs a value`);
      else if (CRAWLER_VALUES.includes(name)) crawlerArgs.push(`--${name}`, value);
      else values[name] = value;
    } else problems.push(`unknown option --${name}`);
  }
  const parsed = schema.safeParse({ ...values, base: values.base ?? env.SITE_BASE, 'media-origin': values['media-origin'] ?? (env.SITE_MEDIA_ORIGIN || undefined) });
  if (!parsed.success) for (const issue of parsed.error.issues) problems.push(`--${String(issue.path[0])}: ${issue.message}`);
  const partition = values.partition === undefined ? undefined : parsePartition(values.partition);
  if (partition?.problem !== undefined) problems.push(`--partition: ${partition.problem}`);
  if (values.snapshot !== undefined && crawlerArgs.length > 0) problems.push('--snapshot builds from an existing snapshot: drop the crawler options, or drop --snapshot');
  if (problems.length > 0 || !parsed.success) return { problems };
  const f = parsed.data;
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
      searchShardSize: f['search-shard-size'],
      ...(partition?.partition !== undefined ? { partition: partition.partition } : {}),
      crawlerArgs: Object.freeze([...crawlerArgs, ...(switches.has('verbose') ? ['--verbose'] : [])]),
      quiet: switches.has('quiet'),
      verbose: switches.has('verbose'),
    }),
  };
}
