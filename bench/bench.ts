/**
 * `npm run bench -- --items N [--concurrency C]`: the whole pipeline on a demo database of N items, each step a
 * measured child process (time and peak RSS of its process tree), against two floors: the read service's saturated
 * by-id throughput, and N trivial pages built by the same Astro and by Hugo.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { measureDir } from '../scripts/build/dir-stats.ts';
import { buildAstroFloor, buildHugoFloor } from './floors.ts';
import { runMeasured, type Measured } from './measure.ts';
import { timeSearches } from './search-timing.ts';
import { benchDiff } from './diff-bench.ts';
import { timeTable } from './table-timing.ts';
import { collectTargets, startServiceProcess } from './service-process.ts';

const ROOT = resolve(import.meta.dirname, '..');
const NODE = process.execPath;
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '8' },
    'results-dir': { type: 'string', default: join(ROOT, 'bench/results') },
    'benchmarks-file': { type: 'string', default: join(ROOT, 'BENCHMARKS.md') },
    'work-dir': { type: 'string' },
    'load-seconds': { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
  },
});
const items = Number(values.items);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(items) || items < 50 || !Number.isInteger(concurrency) || concurrency < 1) {
  process.stderr.write('bench: --items must be an integer ≥ 50 and --concurrency ≥ 1\n');
  process.exit(2);
}
const work = resolve(values['work-dir'] ?? join(ROOT, 'bench/.work', String(items)));
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const say = (line: string) => process.stderr.write(`bench: ${line}\n`);
const mb = (bytes: number) => Math.round(bytes / 1048576);
const s = (ms: number) => Math.round(ms) / 1000;

function check(step: string, m: Measured): Measured {
  if (m.exitCode !== 0)
    throw new Error(`${step} failed (exit ${m.exitCode}): ${m.stderr.trim().split('\n').slice(-5).join(' | ')}`);
  say(`${step}: ${s(m.ms)} s, peak RSS ${mb(m.peakRssBytes)} MB`);
  return m;
}

const db = join(work, 'demo.db');
const snapshot = join(work, 'snapshot');
const siteData = join(work, 'site-data');
const dist = join(work, 'dist');
say(`${items} items, concurrency ${concurrency}, work in ${work}`);
const generate = check(
  'generate',
  await runMeasured(NODE, [join(ROOT, 'scripts/commands/demo-db.ts'), '--out', db, '--items', String(items)]),
);

const service = await startServiceProcess(db);
let floor: { requests: number; perSecond: number; errors: number };
let crawl: Measured;
try {
  const targets = await collectTargets(service.url);
  const targetsFile = join(work, 'targets.json');
  writeFileSync(targetsFile, JSON.stringify(targets));
  const load = check(
    'load floor',
    await runMeasured(NODE, [
      join(ROOT, 'bench/load-worker.ts'),
      service.url,
      targetsFile,
      String(concurrency),
      String(Number(values['load-seconds']) * 1000),
    ]),
  );
  floor = JSON.parse(load.stdout);
  crawl = check(
    'crawl',
    await runMeasured(NODE, [
      join(ROOT, 'scripts/commands/snapshot.ts'),
      '--out',
      snapshot,
      '--source',
      service.url,
      '--concurrency',
      String(concurrency),
      '--quiet',
    ]),
  );
} finally {
  await service.close();
}
const manifest = JSON.parse(readFileSync(join(snapshot, 'manifest.json'), 'utf8'));
const requests: number = manifest.http.requests;
const crawlRatio = crawl.ms / ((requests / floor.perSecond) * 1000);

const diff = await benchDiff(snapshot, work);
say(`diff (1% of items changed): ${diff.s} s, peak RSS ${diff.peakRssMB} MB`);

const stepSiteData = check(
  'site data',
  await runMeasured(NODE, [join(ROOT, 'bench/steps.ts'), 'site-data', snapshot, siteData]),
);
const stepAstro = check(
  'astro build',
  await runMeasured(NODE, [join(ROOT, 'bench/steps.ts'), 'astro', snapshot, siteData, dist, join(work, 'cache')]),
);
const { pages } = await measureDir(dist);
const stepSearch = check(
  'search index',
  await runMeasured(NODE, [join(ROOT, 'bench/steps.ts'), 'search', siteData, dist]),
);
let indexBytes = 0;
for (const bundle of readdirSync(dist).filter((d) => d.startsWith('pagefind')))
  indexBytes += (await measureDir(join(dist, bundle))).bytes;
const queries = await timeSearches(dist, pickQueries(siteData));
for (const q of queries)
  say(`query “${q.query}”: ${Math.round(q.ms)} ms, ${Math.round(q.bytes / 1024)} KB (${q.results})`);
const table = await timeTable(dist);
say(
  `items table: ready in ${table.readyMs} ms after ${Math.round(table.readyBytes / 1024)} KB; ${table.actions.map((a) => `${a.action} ${a.ms} ms (${a.bytes} B)`).join(', ')}`,
);

const textBytes = averageItemBytes(snapshot, manifest);
const astroFloor = check('astro floor', await buildAstroFloor(work, pages, textBytes));
const hugoFloor = await buildHugoFloor(work, pages, textBytes);
if (hugoFloor?.exitCode === 0) say(`hugo floor: ${s(hugoFloor.ms)} s, peak RSS ${mb(hugoFloor.peakRssBytes)} MB`);
else say('hugo floor: hugo is not installed (apt-get install hugo); ratio left out');

const siteBuildMs = stepSiteData.ms + stepAstro.ms + stepSearch.ms;
const pipelineMs = crawl.ms + siteBuildMs;
const result = {
  date: new Date().toISOString(),
  items,
  concurrency,
  machine: { cores: cpus().length, ramGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
  counts: {
    content: manifest.counts.content,
    media: manifest.counts.media,
    contentTypes: manifest.counts.contentTypes,
    pages,
  },
  generate: { s: s(generate.ms), peakRssMB: mb(generate.peakRssBytes) },
  floor: { byIdPerSecond: Math.round(floor.perSecond), requests: floor.requests, errors: floor.errors },
  crawl: { s: s(crawl.ms), peakRssMB: mb(crawl.peakRssBytes), requests, ratio: Math.round(crawlRatio * 100) / 100 },
  siteData: { s: s(stepSiteData.ms), peakRssMB: mb(stepSiteData.peakRssBytes) },
  astro: {
    s: s(stepAstro.ms),
    peakRssMB: mb(stepAstro.peakRssBytes),
    pagesPerSecond: Math.round(pages / (stepAstro.ms / 1000)),
  },
  diff,
  search: {
    s: s(stepSearch.ms),
    peakRssMB: mb(stepSearch.peakRssBytes),
    indexMB: Math.round(indexBytes / 104857.6) / 10,
    queries,
  },
  table,
  floors: {
    astro: { s: s(astroFloor.ms), peakRssMB: mb(astroFloor.peakRssBytes), textBytes },
    hugo: hugoFloor?.exitCode === 0 ? { s: s(hugoFloor.ms), peakRssMB: mb(hugoFloor.peakRssBytes) } : null,
  },
  ratios: {
    siteBuildToAstroFloor: Math.round((siteBuildMs / astroFloor.ms) * 100) / 100,
    siteBuildToHugo: hugoFloor?.exitCode === 0 ? Math.round((siteBuildMs / hugoFloor.ms) * 100) / 100 : null,
    buildMsPerItem: Math.round((siteBuildMs / (manifest.counts.content + manifest.counts.media)) * 1000) / 1000,
  },
  pipeline: {
    s: s(pipelineMs),
    peakRssMB: Math.max(...[crawl, stepSiteData, stepAstro, stepSearch].map((m) => mb(m.peakRssBytes))),
  },
};
mkdirSync(values['results-dir'], { recursive: true });
const resultFile = join(values['results-dir'], `${result.date.slice(0, 10)}-${items}.json`);
writeFileSync(resultFile, `${JSON.stringify(result, null, 2)}\n`);
appendBenchmarkRow(values['benchmarks-file'], result);
say(
  `pipeline (generate excluded): ${result.pipeline.s} s, peak RSS of any step ${result.pipeline.peakRssMB} MB; ` +
    `crawl ratio ${result.crawl.ratio}; build ÷ Astro floor ${result.ratios.siteBuildToAstroFloor}${result.ratios.siteBuildToHugo === null ? '' : `, ÷ Hugo ${result.ratios.siteBuildToHugo}`}`,
);
say(`results: ${resultFile}`);
process.stdout.write(`${JSON.stringify(result)}\n`);
if (!values.keep) rmSync(work, { recursive: true, force: true });

function appendBenchmarkRow(file: string, r: typeof result): void {
  if (!existsSync(file)) {
    writeFileSync(
      file,
      `# Benchmarks\n\nRows appended by \`npm run bench -- --items N --concurrency C\` (see bench/README.md for ` +
        `what each column means).\n\n| date | items | machine | pipeline s | peak RSS MB | floor req/s | crawl s ` +
        `| crawl ratio | site data s | astro s | pages/s | search s | index MB | query ms (KB) | Astro floor s | ` +
        `Hugo s | build ÷ Astro floor | build ÷ Hugo | build ms/item | command | table ready ms (KB); slowest ` +
        `action ms (B) |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n`,
    );
  }
  const slowest = r.table.actions.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, bytes: 0 });
  const t = `${r.table.readyMs} (${Math.round(r.table.readyBytes / 1024)}); ${slowest.ms} (${slowest.bytes})`;
  const q = r.search.queries.map((x) => `${Math.round(x.ms)} (${Math.round(x.bytes / 1024)})`).join(', ');
  appendFileSync(
    file,
    `| ${r.date.slice(0, 10)} | ${r.items} | ${r.machine.cores} cores, ${r.machine.ramGiB} GiB | ` +
      `${r.pipeline.s} | ${r.pipeline.peakRssMB} | ${r.floor.byIdPerSecond} | ${r.crawl.s} | ${r.crawl.ratio} | ` +
      `${r.siteData.s} | ${r.astro.s} | ${r.astro.pagesPerSecond} | ${r.search.s} | ${r.search.indexMB} | ${q} | ` +
      `${r.floors.astro.s} | ${r.floors.hugo?.s ?? 'n/a'} | ${r.ratios.siteBuildToAstroFloor} | ` +
      `${r.ratios.siteBuildToHugo ?? 'n/a'} | ${r.ratios.buildMsPerItem} | \`npm run bench -- --items ${r.items} ` +
      `--concurrency ${r.concurrency}\` | ${t} |\n`,
  );
}

/** Bytes of an average full item in the snapshot, so floor pages carry as much text as the site's item pages. */
function averageItemBytes(dir: string, m: { files: Record<string, { bytes: number; records: number }> }): number {
  const chunks = Object.entries(m.files)
    .filter(([f]) => /items-\d+\.ndjson$/.test(f))
    .map(([, v]) => v);
  const bytes = chunks.reduce((sum, c) => sum + c.bytes, 0);
  const records = chunks.reduce((sum, c) => sum + c.records, 0);
  return Math.max(200, Math.round(bytes / Math.max(1, records)));
}

/**
 * Three queries from the data (a common word, a rarer one, a two-word phrase), then an exact lookup by GUID and by
 * URL.
 */
function pickQueries(dir: string): string[] {
  const counts = new Map<string, number>();
  const lines = readFileSync(join(dir, 'search-records.ndjson'), 'utf8').split('\n').slice(0, 2000);
  for (const line of lines) {
    if (!line) continue;
    const words =
      String(JSON.parse(line).content ?? '')
        .toLowerCase()
        .match(/[a-z]{5,}/g) ?? [];
    for (const w of new Set(words)) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  const common = sorted[0] ?? 'content';
  const rare = sorted[Math.floor(sorted.length * 0.6)] ?? 'media';
  const middle = readFileSync(join(dir, 'nodes.ndjson'), 'utf8').split('\n').filter(Boolean);
  const node = JSON.parse(middle[Math.floor(middle.length / 2)] ?? '{}') as { key?: string; url?: string | null };
  const withUrl = middle.map((l) => JSON.parse(l) as { url?: string | null }).find((n) => n.url && n.url.length > 1);
  return [
    common,
    rare,
    `${sorted[1] ?? 'home'} ${sorted[2] ?? 'page'}`,
    ...(node.key ? [node.key.toUpperCase()] : []),
    ...(withUrl?.url ? [withUrl.url] : []),
  ];
}
