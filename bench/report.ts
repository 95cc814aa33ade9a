/** The bench's row in BENCHMARKS.md, and the average item size the floors are built with. */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';

interface Timed {
  ms: number;
  bytes: number;
}

/** The fields of a bench result the row shows (bench.ts writes the whole result as JSON). */
export interface BenchRow {
  date: string;
  items: number;
  concurrency: number;
  searchAfterAstro: boolean;
  astroItemPages?: boolean;
  /** Set when the run built the word index (`--search-engine words`) instead of Pagefind's. */
  searchEngine?: 'words';
  machine: { cores: number; ramGiB: number };
  /** What was built from the N generated items: the published items the crawl found, and the site's pages. */
  counts?: { content: number; media: number; pages?: number };
  pipeline: { s: number; peakRssMB: number };
  floor: { byIdPerSecond: number };
  crawl: { s: number; ratio: number };
  siteData: { s: number };
  auditAndDiagrams?: { auditS: number; diagramsS: number; addedPercent: number };
  render: { s: number };
  astro: { s: number; pagesPerSecond: number };
  search: { s: number; indexMB: number; coldFirst: Timed; medianMs: number; maxMs: number; maxKB: number };
  floors: { astro: { s: number } | null; hugo: { s: number } | null };
  ratios: { siteBuildToAstroFloor: number | null; siteBuildToHugo: number | null; buildMsPerItem: number };
  table: { readyMs: number; readyBytes: number; actions: Timed[] };
}

const HEADER =
  `# Benchmarks\n\nRows appended by \`npm run bench -- --items N --concurrency C\` ` +
  `(see bench/README.md for what each column means).\n\n` +
  `| date | items | machine | pipeline s | peak RSS MB | floor req/s | crawl s | crawl ratio | ` +
  `site data s | astro s | pages/s | search s | index MB | query ms (KB) | Astro floor s | Hugo s | ` +
  `build ÷ Astro floor | build ÷ Hugo | build ms/item | command | table ready ms (KB); slowest action ms (B) | ` +
  `astro ∥ search s | search median / max ms, max KB; cold first ms | audit + diagrams s (+% of build) |\n` +
  `|${'---|'.repeat(24)}\n`;

export function appendBenchmarkRow(file: string, r: BenchRow & { search: { queries: Timed[] } }): void {
  if (!existsSync(file)) writeFileSync(file, HEADER);
  const slowest = r.table.actions.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, bytes: 0 });
  const t = `${r.table.readyMs} (${Math.round(r.table.readyBytes / 1024)}); ${slowest.ms} (${slowest.bytes})`;
  const q = r.search.queries.map((x) => `${Math.round(x.ms)} (${Math.round(x.bytes / 1024)})`).join(', ');
  const s = r.search;
  appendFileSync(
    file,
    `| ${r.date.slice(0, 10)} | ${itemsCell(r)} | ${r.machine.cores} cores, ${r.machine.ramGiB} GiB | ` +
      `${r.pipeline.s} | ${r.pipeline.peakRssMB} | ${r.floor.byIdPerSecond} | ${r.crawl.s} | ${r.crawl.ratio} | ` +
      `${r.siteData.s} | ${r.astro.s} | ${r.astro.pagesPerSecond} | ${s.s} | ${s.indexMB} | ${q} | ` +
      `${r.floors.astro?.s ?? 'n/a'} | ${r.floors.hugo?.s ?? 'n/a'} | ${r.ratios.siteBuildToAstroFloor ?? 'n/a'} | ` +
      `${r.ratios.siteBuildToHugo ?? 'n/a'} | ${r.ratios.buildMsPerItem} | \`npm run bench -- --items ${r.items} ` +
      `--concurrency ${r.concurrency}${r.searchAfterAstro ? ' --search-after-astro' : ''}${r.astroItemPages ? ' --astro-item-pages' : ''}${r.searchEngine ? ` --search-engine ${r.searchEngine}` : ''}\` | ${t} | ${r.render.s} | ${s.medianMs} / ${s.maxMs}, ${s.maxKB}; ` +
      `${Math.round(s.coldFirst.ms)} | ${added(r.auditAndDiagrams)} |\n`,
  );
}

/** A crawl-only run (`--until crawl`): the crawl's columns, the others n/a (the site was not built). */
export function appendCrawlRow(
  file: string,
  r: Pick<BenchRow, 'date' | 'items' | 'concurrency' | 'machine' | 'floor' | 'counts'> & {
    crawl: { s: number; ratio: number; peakRssMB: number };
  },
): void {
  if (!existsSync(file)) writeFileSync(file, HEADER);
  const cells = [
    r.date.slice(0, 10),
    itemsCell(r),
    `${r.machine.cores} cores, ${r.machine.ramGiB} GiB`,
    'n/a',
    r.crawl.peakRssMB,
    r.floor.byIdPerSecond,
    r.crawl.s,
    r.crawl.ratio,
    ...Array<string>(11).fill('n/a'),
    `\`npm run bench -- --items ${r.items} --concurrency ${r.concurrency} --until crawl\``,
    ...Array<string>(4).fill('n/a'),
  ];
  appendFileSync(file, `| ${cells.join(' | ')} |\n`);
}

/** "100000 (79,087 published, 79,322 pages)": the demo items generated, then what the crawl and the build made. */
function itemsCell(r: Pick<BenchRow, 'items' | 'counts'>): string {
  if (r.counts === undefined) return String(r.items);
  const n = (x: number) => x.toLocaleString('en-US');
  const pages = r.counts.pages === undefined ? '' : `, ${n(r.counts.pages)} pages`;
  return `${r.items} (${n(r.counts.content + r.counts.media)} published${pages})`;
}

const added = (a: BenchRow['auditAndDiagrams']): string =>
  a ? `${(a.auditS + a.diagramsS).toFixed(1)} (+${a.addedPercent}%)` : 'n/a';

/** Bytes of an average full item in the snapshot, so floor pages carry as much text as the site's item pages. */
export function averageItemBytes(m: { files: Record<string, { bytes: number; records: number }> }): number {
  const chunks = Object.entries(m.files)
    .filter(([f]) => /items-\d+\.ndjson$/.test(f))
    .map(([, v]) => v);
  const bytes = chunks.reduce((sum, c) => sum + c.bytes, 0);
  const records = chunks.reduce((sum, c) => sum + c.records, 0);
  return Math.max(200, Math.round(bytes / Math.max(1, records)));
}
