/**
 * `npm run bench -- --items N [--concurrency C]`: the whole pipeline on a demo database of N items, each step a
 * measured child process (time and peak RSS of its process tree), against two floors: the read service's saturated
 * by-id throughput, and N trivial pages built by the same Astro and by Hugo.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { measureDir } from '../scripts/pipeline/dir-stats.ts';
import { buildAstroFloor, buildHugoFloor } from './floors.ts';
import { runMeasured, type Measured } from './measure.ts';
import { timeSearches } from './search-timing.ts';
import { pickQueries } from './search-queries.ts';
import { appendBenchmarkRow, appendCrawlRow, averageItemBytes } from './report.ts';
import { benchDiff } from './diff-bench.ts';
import { benchIncremental } from './incremental-bench.ts';
import { benchMapping } from './mapping-bench.ts';
import { timeTable } from './table-timing.ts';
import { collectTargets, startServiceProcess } from './service-process.ts';
import { wantedHeapMegabytes } from '../scripts/core/heap-room.ts';
import { SEARCH_ENGINE_CHOICES } from '../scripts/pipeline/build-config.ts';

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
    'search-after-astro': { type: 'boolean', default: false },
    'astro-item-pages': { type: 'boolean', default: false },
    'search-engine': { type: 'string', default: 'auto' },
    until: { type: 'string' },
    'reuse-db': { type: 'boolean', default: false },
    skip: { type: 'string', default: '' },
    resume: { type: 'boolean', default: false },
  },
});
/** Side measurements a run may leave out (`--skip floors,diff,mapping`): at 1M the Hugo floor alone needs ~35 GB. */
const SKIPPABLE = ['floors', 'diff', 'mapping', 'incremental'] as const;
const skipped = new Set(values.skip.split(',').filter(Boolean));
for (const name of skipped)
  if (!(SKIPPABLE as readonly string[]).includes(name)) {
    process.stderr.write(`bench: --skip takes ${SKIPPABLE.join(', ')} (comma-separated), not '${name}'\n`);
    process.exit(2);
  }
const items = Number(values.items);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(items) || items < 50 || !Number.isInteger(concurrency) || concurrency < 1) {
  process.stderr.write('bench: --items must be an integer ≥ 50 and --concurrency ≥ 1\n');
  process.exit(2);
}
if (!(SEARCH_ENGINE_CHOICES as readonly string[]).includes(values['search-engine'])) {
  process.stderr.write(
    `bench: --search-engine takes ${SEARCH_ENGINE_CHOICES.join(', ')}, not '${values['search-engine']}'\n`,
  );
  process.exit(2);
}
if (values.until !== undefined && values.until !== 'crawl') {
  process.stderr.write(`bench: --until takes 'crawl' (stop after the crawl), not '${values.until}'\n`);
  process.exit(2);
}
const work = resolve(values['work-dir'] ?? join(ROOT, 'bench/.work', String(items)));
/**
 * Each measured step is recorded in the work folder as it ends (`bench-progress.json`); `--resume` (with the folder of
 * a run that was given --keep and stopped) takes the steps recorded there as done and runs the rest on their output.
 */
const PROGRESS = join(work, 'bench-progress.json');
type Done = Measured & { parsed?: unknown };
const progress: Record<string, Done> =
  values.resume && existsSync(PROGRESS) ? (JSON.parse(readFileSync(PROGRESS, 'utf8')) as Record<string, Done>) : {};
if (values.resume && Object.keys(progress).length === 0) {
  process.stderr.write(`bench: --resume: no ${PROGRESS} (run with --keep --work-dir DIR first)\n`);
  process.exit(2);
}
function remember(name: string, m: Measured, parsed?: unknown): Measured {
  progress[name] = { ...m, stderr: '', ...(parsed === undefined ? {} : { parsed }) };
  writeFileSync(PROGRESS, JSON.stringify(progress, null, 2));
  return m;
}
if (!values.resume) {
  if (values['reuse-db'] && existsSync(work))
    for (const name of readdirSync(work, { withFileTypes: true }))
      if (name.name !== 'demo.db') rmSync(join(work, name.name), { recursive: true, force: true });
  if (!values['reuse-db']) rmSync(work, { recursive: true, force: true });
}
mkdirSync(work, { recursive: true });
const say = (line: string) => process.stderr.write(`bench: ${line}\n`);
const mb = (bytes: number) => Math.round(bytes / 1048576);
const s = (ms: number) => Math.round(ms) / 1000;

function check(step: string, m: Measured): Measured {
  if (m.exitCode !== 0)
    throw new Error(`${step} failed (exit ${m.exitCode}): ${m.stderr.trim().split('\n').slice(-5).join(' | ')}`);
  say(`${step}: ${s(m.ms)} s (CPU ${s(m.cpuMs)} s), peak RSS ${mb(m.peakRssBytes)} MB`);
  return m;
}

/** The work folder's database from an earlier run, crawled again; its generation is not measured (0 s). */
function reusedDatabase(file: string): Measured {
  if (!existsSync(file)) {
    process.stderr.write(`bench: --reuse-db: no ${file} (run once with --keep --work-dir DIR first)\n`);
    process.exit(2);
  }
  say(`generate: reused ${file}`);
  return { ms: 0, peakRssBytes: 0, cpuMs: 0, userMs: 0, exitCode: 0, stdout: '', stderr: '' };
}

/**
 * No item in the demo holds more children than this: one item with its children is the largest answer the crawler
 * asks for (about 3.5 MB here), and the demo's news listing alone holds over a quarter of its documents otherwise.
 */
const MAX_CHILDREN = 10_000;
const db = join(work, 'demo.db');
const snapshot = join(work, 'snapshot');
const siteData = join(work, 'site-data');
const dist = join(work, 'dist');
say(`${items} items, concurrency ${concurrency}, work in ${work}`);
/** --reuse-db: the work folder's demo.db from an earlier run with the same --items (--keep) is crawled again. */
const resumedSteps: string[] = [];
const resumed = (name: string): Done | undefined => {
  const done = progress[name];
  if (done !== undefined) {
    say(`${name}: done in the run resumed (${s(done.ms)} s)`);
    resumedSteps.push(name);
  }
  return done;
};
const generate =
  resumed('generate') ??
  (values['reuse-db']
    ? reusedDatabase(db)
    : check(
        'generate',
        await runMeasured(NODE, [
          join(ROOT, 'scripts/commands/demo-db.ts'),
          ...['--out', db, '--items', String(items), '--max-children', String(MAX_CHILDREN)],
        ]),
      ));
remember('generate', generate);

let floor: { requests: number; perSecond: number; errors: number };
let crawl: Measured;
const crawled = resumed('crawl');
const floored = progress['load floor'];
if (crawled !== undefined && floored !== undefined) {
  crawl = crawled;
  floor = floored.parsed as typeof floor;
} else {
  const service = await startServiceProcess(db);
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
    remember('load floor', load, floor);
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
    remember('crawl', crawl);
  } finally {
    await service.close();
  }
}
const manifest = JSON.parse(readFileSync(join(snapshot, 'manifest.json'), 'utf8'));
const requests: number = manifest.http.requests;
/** The largest answer the crawl read, and its tree windows (report.json): what one request costs the source. */
const answers = JSON.parse(readFileSync(join(snapshot, 'report.json'), 'utf8')).answers ?? {};
const largestAnswer = { bytes: answers.largest?.bytes ?? 0, url: answers.largest?.url ?? '' };
const crawlRatio = crawl.ms / ((requests / floor.perSecond) * 1000);
const crawlFigures = {
  s: s(crawl.ms),
  cpuS: s(crawl.cpuMs),
  peakRssMB: mb(crawl.peakRssBytes),
  requests,
  ratio: Math.round(crawlRatio * 100) / 100,
  largestAnswer,
  windows: answers.windows ?? {},
};
say(
  `crawl: ${requests} requests, ratio ${crawlFigures.ratio}, largest answer ${largestAnswer.bytes} B (${largestAnswer.url})`,
);
if (values.until === 'crawl') {
  const row = {
    date: new Date().toISOString(),
    items,
    concurrency,
    until: 'crawl',
    machine: { cores: cpus().length, ramGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
    // The published items the crawl found: N generated items are not N pages.
    counts: {
      content: manifest.counts.content,
      media: manifest.counts.media,
      published: manifest.counts.content + manifest.counts.media,
    },
    generate: { s: s(generate.ms), peakRssMB: mb(generate.peakRssBytes) },
    floor: { byIdPerSecond: Math.round(floor.perSecond), requests: floor.requests, errors: floor.errors },
    crawl: crawlFigures,
  };
  mkdirSync(values['results-dir'], { recursive: true });
  const file = freeName(values['results-dir'], `${row.date.slice(0, 10)}-${items}-crawl`);
  writeFileSync(file, `${JSON.stringify(row, null, 2)}\n`);
  appendCrawlRow(values['benchmarks-file'], row);
  say(`results: ${file}`);
  process.stdout.write(`${JSON.stringify(row)}\n`);
  if (!values.keep) rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

const diff = skipped.has('diff') ? null : await benchDiff(snapshot, work);
if (diff) say(`diff (1% of items changed): ${diff.s} s, peak RSS ${diff.peakRssMB} MB`);
const mappingWorkbook = skipped.has('mapping') ? null : await benchMapping(snapshot, work);
if (mappingWorkbook)
  say(
    `mapping workbook: ${mappingWorkbook.s} s, peak RSS ${mappingWorkbook.peakRssMB} MB, ` +
      `${Math.round(mappingWorkbook.bytes / 1024)} KB (${mappingWorkbook.summary}); with --from it: ` +
      `${mappingWorkbook.from.s} s, peak RSS ${mappingWorkbook.from.peakRssMB} MB`,
  );
// The site-data and render steps run with the heap room `npm run build` gives itself (scripts/commands/heap-room.ts).
/** `<base>.json`, or the first of `<base>-2.json`, `<base>-3.json`, … not taken: a day's runs each keep their file. */
function freeName(dir: string, base: string): string {
  for (let n = 1; ; n++) {
    const file = join(dir, n === 1 ? `${base}.json` : `${base}-${n}.json`);
    if (!existsSync(file)) return file;
  }
}

const HEAP = `--max-old-space-size=${wantedHeapMegabytes(totalmem())}`;

const stepSiteData =
  resumed('site data') ??
  remember(
    'site data',
    check('site data', await runMeasured(NODE, [HEAP, join(ROOT, 'bench/steps.ts'), 'site-data', snapshot, siteData])),
  );
const siteDataCosts = JSON.parse(stepSiteData.stdout) as {
  auditMillis: number;
  diagramsMillis: number;
  /** Absent from steps recorded before the bench compared the drafts as the build does. */
  draftsMillis?: number;
  drafts?: number;
};
say(
  `  of which the content audit ${s(siteDataCosts.auditMillis)} s, the model diagrams ${s(siteDataCosts.diagramsMillis)} s` +
    (siteDataCosts.draftsMillis === undefined
      ? ''
      : `, the ${siteDataCosts.drafts} drafts compared in ${s(siteDataCosts.draftsMillis)} s`),
);
// Astro renders while Pagefind indexes, as `npm run build` runs them (or one after the other with
// --search-after-astro); each side reports its own time.
// A run resumed before this step renders again into a fresh folder: the step moves Astro's output to where none is.
if (progress.render === undefined) rmSync(dist, { recursive: true, force: true });
const stepRender =
  resumed('render') ??
  remember(
    'render',
    check(
      'astro build + search index, side by side',
      await runMeasured(NODE, [
        HEAP,
        ...[join(ROOT, 'bench/steps.ts'), 'render', snapshot, siteData, dist, join(work, 'cache')],
        ...(values['search-after-astro'] ? ['search-after-astro'] : ['side-by-side']),
        ...(values['astro-item-pages'] ? ['astro-item-pages'] : []),
        `engine=${values['search-engine']}`,
      ]),
    ),
  );
const render = JSON.parse(stepRender.stdout) as {
  /** The index written: `auto` chooses by the pages (scripts/pipeline/build-config.ts). */
  engine?: 'pagefind' | 'words';
  pagesMillis: number;
  astroMillis: number;
  itemPages?: { pages: number; millis: number };
  searchMillis: number;
};
say(
  `  pages ${s(render.pagesMillis)} s (astro ${s(render.astroMillis)} s` +
    (render.itemPages ? `, item page writer ${render.itemPages.pages} pages in ${s(render.itemPages.millis)} s` : '') +
    `), search index ${s(render.searchMillis)} s`,
);
const stepSqlite =
  resumed('sqlite') ??
  remember(
    'sqlite',
    check(
      'snapshot.sqlite',
      await runMeasured(NODE, [join(ROOT, 'bench/steps.ts'), 'sqlite', snapshot, siteData, join(work, 'sqlite')]),
    ),
  );
const sqlite = {
  s: s(stepSqlite.ms),
  peakRssMB: mb(stepSqlite.peakRssBytes),
  MB: Math.round((JSON.parse(stepSqlite.stdout) as { bytes: number }).bytes / 104857.6) / 10,
};
say(`  snapshot.sqlite: ${sqlite.MB} MB`);
const incremental = skipped.has('incremental')
  ? null
  : await benchIncremental(snapshot, work, HEAP, values['search-engine']);
if (incremental)
  say(
    `nightly build, 1% of items changed (${incremental.edited}): everything rendered ${incremental.full.s} s ` +
      `(CPU ${incremental.full.cpuS} s, user ${incremental.full.userS} s, peak ${incremental.full.peakRssMB} MB); --take-unchanged ` +
      `${incremental.incremental.s} s (CPU ${incremental.incremental.cpuS} s, user ${incremental.incremental.userS} s, ` +
      `peak ${incremental.incremental.peakRssMB} MB, ${incremental.incremental.pagesTaken} of ` +
      `${incremental.incremental.pages} pages taken): ratio ${incremental.ratio}`,
  );
const { pages } = await measureDir(dist);
let indexBytes = 0;
for (const bundle of readdirSync(dist).filter((d) => d.startsWith('pagefind') || d === 'words'))
  indexBytes += (await measureDir(join(dist, bundle))).bytes;
const picked = pickQueries(siteData);
const search = await timeSearches(dist, picked.cold, picked.queries, picked.typed);
say(`search page ready in ${search.readyMs} ms after ${Math.round(search.readyBytes / 1024)} KB`);
for (const q of [search.coldFirst, ...search.queries])
  say(
    `query ${q.label} “${q.query}”${q.filter ? ` [${q.filter}]` : ''}: ${Math.round(q.ms)} ms, ` +
      `${Math.round(q.bytes / 1024)} KB (${q.results})`,
  );
if (search.typed)
  say(
    `name typed at ${search.typed.keyMs} ms a key “${search.typed.query}”: the keys took ${search.typed.typingMs} ms, ` +
      `the results came ${search.typed.resultsMs} ms after the first (${search.typed.results})`,
  );
const table = await timeTable(dist);
say(
  `items table (${table.path} path): ready in ${table.readyMs} ms after ${Math.round(table.readyBytes / 1024)} KB, ` +
    `every row in ${table.completeMs} ms after ${Math.round(table.completeBytes / 1024)} KB; ` +
    table.actions.map((a) => `${a.action} ${a.ms} ms (${a.bytes} B)`).join(', '),
);

const textBytes = averageItemBytes(manifest);
const astroFloor = skipped.has('floors')
  ? undefined
  : check('astro floor', await buildAstroFloor(work, pages, textBytes));
const hugoFloor = skipped.has('floors') ? undefined : await buildHugoFloor(work, pages, textBytes);
if (hugoFloor?.exitCode === 0) say(`hugo floor: ${s(hugoFloor.ms)} s, peak RSS ${mb(hugoFloor.peakRssBytes)} MB`);
else if (!skipped.has('floors')) say('hugo floor: hugo is not installed (apt-get install hugo); ratio left out');

const siteBuildMs = stepSiteData.ms + stepRender.ms;
const pipelineMs = crawl.ms + siteBuildMs;
// What the audit and the diagrams add to the build: their time in the site-data step against the rest of the build.
const auditAndDiagramsMs = siteDataCosts.auditMillis + siteDataCosts.diagramsMillis;
const auditAndDiagrams = {
  auditS: s(siteDataCosts.auditMillis),
  diagramsS: s(siteDataCosts.diagramsMillis),
  addedPercent: Math.round((auditAndDiagramsMs / Math.max(1, siteBuildMs - auditAndDiagramsMs)) * 1000) / 10,
};
say(`content audit + model diagrams: ${s(auditAndDiagramsMs)} s, +${auditAndDiagrams.addedPercent}% of the build`);
const warm = search.queries.map((q) => q.ms).sort((x, y) => x - y);
const result = {
  date: new Date().toISOString(),
  items,
  concurrency,
  searchAfterAstro: values['search-after-astro'],
  // Steps taken from the stopped run this one resumed (--resume), measured there.
  ...(resumedSteps.length > 0 ? { resumed: resumedSteps } : {}),
  astroItemPages: values['astro-item-pages'],
  ...((render.engine ?? values['search-engine']) === 'words' ? { searchEngine: 'words' as const } : {}),
  machine: { cores: cpus().length, ramGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
  counts: {
    content: manifest.counts.content,
    media: manifest.counts.media,
    contentTypes: manifest.counts.contentTypes,
    // N generated items are not N pages: the published items the crawl found, and the pages the build wrote.
    published: manifest.counts.content + manifest.counts.media,
    pages,
  },
  generate: { s: s(generate.ms), peakRssMB: mb(generate.peakRssBytes) },
  floor: { byIdPerSecond: Math.round(floor.perSecond), requests: floor.requests, errors: floor.errors },
  crawl: crawlFigures,
  // CPU time next to wall time: on a shared machine the wall time of a step moves with the load, its CPU time not.
  siteData: { s: s(stepSiteData.ms), cpuS: s(stepSiteData.cpuMs), peakRssMB: mb(stepSiteData.peakRssBytes) },
  auditAndDiagrams,
  render: { s: s(stepRender.ms), cpuS: s(stepRender.cpuMs), peakRssMB: mb(stepRender.peakRssBytes) },
  // The SQLite export, written by the build after the pages (docs/sqlite.md); not part of siteBuildMs above.
  sqlite,
  // All pages: Astro's, then the item page writer's (absent with --astro-item-pages).
  astro: {
    s: s(render.pagesMillis),
    pagesPerSecond: Math.round(pages / (render.pagesMillis / 1000)),
    astroOnlyS: s(render.astroMillis),
    itemPages: render.itemPages ? { pages: render.itemPages.pages, s: s(render.itemPages.millis) } : null,
  },
  diff,
  mapping: mappingWorkbook,
  // A night where 1% of the items changed, built whole over the night before's site (bench/incremental-bench.ts).
  incremental,
  search: {
    s: s(render.searchMillis),
    indexMB: Math.round(indexBytes / 104857.6) / 10,
    readyMs: search.readyMs,
    readyKB: Math.round(search.readyBytes / 1024),
    coldFirst: search.coldFirst,
    medianMs: Math.round(warm[Math.floor((warm.length - 1) / 2)] ?? 0),
    maxMs: Math.round(warm.at(-1) ?? 0),
    maxKB: Math.round(Math.max(0, ...search.queries.map((q) => q.bytes)) / 1024),
    queries: search.queries,
    typed: search.typed ?? null,
  },
  table,
  floors: {
    astro: astroFloor ? { s: s(astroFloor.ms), peakRssMB: mb(astroFloor.peakRssBytes), textBytes } : null,
    hugo: hugoFloor?.exitCode === 0 ? { s: s(hugoFloor.ms), peakRssMB: mb(hugoFloor.peakRssBytes) } : null,
  },
  ratios: {
    siteBuildToAstroFloor: astroFloor ? Math.round((siteBuildMs / astroFloor.ms) * 100) / 100 : null,
    siteBuildToHugo: hugoFloor?.exitCode === 0 ? Math.round((siteBuildMs / hugoFloor.ms) * 100) / 100 : null,
    buildMsPerItem: Math.round((siteBuildMs / (manifest.counts.content + manifest.counts.media)) * 1000) / 1000,
  },
  pipeline: {
    s: s(pipelineMs),
    peakRssMB: Math.max(...[crawl, stepSiteData, stepRender].map((m) => mb(m.peakRssBytes))),
  },
};
mkdirSync(values['results-dir'], { recursive: true });
const resultFile = freeName(values['results-dir'], `${result.date.slice(0, 10)}-${items}`);
writeFileSync(resultFile, `${JSON.stringify(result, null, 2)}\n`);
appendBenchmarkRow(values['benchmarks-file'], result);
say(
  `pipeline (generate excluded): ${result.pipeline.s} s, peak RSS of any step ${result.pipeline.peakRssMB} MB; ` +
    `crawl ratio ${result.crawl.ratio}; build ÷ Astro floor ${result.ratios.siteBuildToAstroFloor}` +
    (result.ratios.siteBuildToHugo === null ? '' : `, ÷ Hugo ${result.ratios.siteBuildToHugo}`),
);
say(`results: ${resultFile}`);
process.stdout.write(`${JSON.stringify(result)}\n`);
if (!values.keep) rmSync(work, { recursive: true, force: true });
