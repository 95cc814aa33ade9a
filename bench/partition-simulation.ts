/**
 * `npm run bench:partitions -- --items N [--partitions 2,4] [--snapshot DIR] [--no-single] [--memory SIZE]`: the
 * partitioned build simulated on one machine. A demo database of N items is crawled once (or `--snapshot` names a
 * crawled one); the site is built whole (unless `--no-single`); the site data is prepared once (`--site-data-out`,
 * the shared job), and for each K the site is built as K partitions one after the other from it (each a separate
 * `npm run build -- --site-data DIR --partition I/K` process with its own cache, as K CI jobs would run) and merged.
 * `--memory SIZE` is passed to the preparation job and to each partition job. Each step is measured (wall time, peak
 * RSS of its process tree); the merged site has the whole one's page count. Writes
 * bench/results/<date>-partitions-<N>.json and prints a table.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { measureDir } from '../scripts/pipeline/dir-stats.ts';
import { runMeasured, type Measured } from './measure.ts';

const ROOT = resolve(import.meta.dirname, '..');
const NODE = process.execPath;
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    partitions: { type: 'string', default: '2,4' },
    'work-dir': { type: 'string' },
    'results-dir': { type: 'string', default: join(ROOT, 'bench/results') },
    keep: { type: 'boolean', default: false },
    snapshot: { type: 'string' },
    'no-single': { type: 'boolean', default: false },
    /** Passed to the preparation and each partition job (`npm run build -- --memory SIZE`): within SIZE each. */
    memory: { type: 'string' },
  },
});
const items = Number(values.items);
const counts = values.partitions.split(',').map(Number);
if (!Number.isInteger(items) || items < 50 || counts.some((k) => !Number.isInteger(k) || k < 2 || k > 64)) {
  process.stderr.write('bench: --items must be an integer ≥ 50 and --partitions a list of K between 2 and 64\n');
  process.exit(2);
}
const work = resolve(values['work-dir'] ?? join(ROOT, 'bench/.work', `partitions-${items}`));
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const say = (line: string) => process.stderr.write(`bench: ${line}\n`);
const s = (ms: number) => Math.round(ms) / 1000;
const mb = (bytes: number) => Math.round(bytes / 1048576);

async function step(name: string, script: string, args: string[]): Promise<Measured> {
  const m = await runMeasured(NODE, [join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, SITE_BASE: '', SITE_MEDIA_ORIGIN: '' },
  });
  if (m.exitCode !== 0)
    throw new Error(`${name} failed (exit ${m.exitCode}): ${m.stderr.trim().split('\n').slice(-5).join(' | ')}`);
  say(`${name}: ${s(m.ms)} s, peak RSS ${mb(m.peakRssBytes)} MB`);
  return m;
}

/** The build's summary line says how long `astro build` took: the part of a job that partitioning divides. */
const astroSeconds = (m: Measured): number | null =>
  Number(/\bastro (\d+(?:\.\d+)?)s/.exec(m.stdout)?.[1] ?? NaN) || null;

const db = join(work, 'demo.db');
const snapshot = values.snapshot === undefined ? join(work, 'snapshot') : resolve(values.snapshot);
if (values.snapshot === undefined) {
  await step('generate', 'scripts/commands/demo-db.ts', ['--out', db, '--items', String(items)]);
  await step('crawl', 'scripts/commands/snapshot.ts', ['--db', db, '--out', snapshot, '--quiet']);
}
const build = (name: string, out: string, extra: string[]) =>
  step(name, 'scripts/commands/build.ts', [
    '--snapshot',
    snapshot,
    '--out',
    out,
    '--cache',
    join(work, `cache-${name.replace(/\W+/g, '-')}`),
    '--quiet',
    ...extra,
  ]);
const whole = values['no-single'] ? undefined : await build('single build', join(work, 'single'), []);
const wholeDir = whole ? await measureDir(join(work, 'single')) : undefined;
// The shared job: the site data derived once, for every partition job of every K.
const siteData = join(work, 'site-data');
const prepare = await step('prepare (site data once)', 'scripts/commands/build.ts', [
  '--snapshot',
  snapshot,
  '--site-data-out',
  siteData,
  '--cache',
  join(work, 'cache-prepare'),
  '--quiet',
  ...(values.memory === undefined ? [] : ['--memory', values.memory]),
]);

const runs = [];
for (const k of counts) {
  const parts: Array<{ partition: string; s: number; peakRssMB: number; astroS: number | null }> = [];
  const dirs: string[] = [];
  for (let i = 1; i <= k; i++) {
    const out = join(work, `k${k}-part${i}`);
    const m = await build(`partition ${i}/${k}`, out, [
      ...['--site-data', siteData, '--partition', `${i}/${k}`],
      ...(values.memory === undefined ? [] : ['--memory', values.memory]),
    ]);
    parts.push({ partition: `${i}/${k}`, s: s(m.ms), peakRssMB: mb(m.peakRssBytes), astroS: astroSeconds(m) });
    dirs.push(out);
  }
  const mergedDir = join(work, `k${k}-merged`);
  const merge = await step(`merge K=${k}`, 'scripts/commands/merge-partitions.ts', ['--out', mergedDir, ...dirs]);
  const merged = await measureDir(mergedDir);
  const slowest = Math.max(...parts.map((p) => p.s));
  runs.push({
    k,
    parts,
    merge: { s: s(merge.ms), peakRssMB: mb(merge.peakRssBytes) },
    sequentialS: Math.round((s(prepare.ms) + parts.reduce((sum, p) => sum + p.s, 0) + s(merge.ms)) * 1000) / 1000,
    parallelS: Math.round((s(prepare.ms) + slowest + s(merge.ms)) * 1000) / 1000,
    mergedPages: merged.pages,
    mergedFiles: merged.files,
  });
  if (wholeDir && merged.pages !== wholeDir.pages)
    throw new Error(`K=${k}: merged site has ${merged.pages} pages, the single build ${wholeDir.pages}`);
}

const result = {
  date: new Date().toISOString(),
  items,
  ...(values.memory === undefined ? {} : { memory: values.memory }),
  machine: { cores: cpus().length, ramGiB: Math.round(totalmem() / 2 ** 30) },
  single:
    whole && wholeDir
      ? {
          s: s(whole.ms),
          peakRssMB: mb(whole.peakRssBytes),
          astroS: astroSeconds(whole),
          pages: wholeDir.pages,
          files: wholeDir.files,
        }
      : null,
  prepare: { s: s(prepare.ms), peakRssMB: mb(prepare.peakRssBytes) },
  runs,
};
mkdirSync(values['results-dir'], { recursive: true });
writeFileSync(
  join(values['results-dir'], `${result.date.slice(0, 10)}-partitions-${items}.json`),
  `${JSON.stringify(result, null, 2)}\n`,
);
const single = result.single;
if (single)
  process.stdout.write(`single build: ${single.s} s (astro ${single.astroS} s), peak RSS ${single.peakRssMB} MB\n`);
process.stdout.write(`prepare: ${result.prepare.s} s, peak RSS ${result.prepare.peakRssMB} MB\n`);
process.stdout.write(
  '| K | each job s (astro s, peak RSS MB) | merge s | prepare + sum of jobs + merge s | prepare + slowest job + merge s |\n',
);
process.stdout.write('|---|---|---|---|---|\n');
for (const r of runs) {
  const parts = r.parts.map((p) => `${p.s} (${p.astroS}, ${p.peakRssMB})`).join(', ');
  process.stdout.write(`| ${r.k} | ${parts} | ${r.merge.s} | ${r.sequentialS} | ${r.parallelS} |\n`);
}
if (!values.keep) rmSync(work, { recursive: true, force: true });
