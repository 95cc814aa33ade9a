/**
 * A night where 1 % of the items changed, built over the site of the night before, as a nightly job builds it: the
 * whole of `npm run build -- --snapshot … --compare-with …` (site data, changes, pages and search, SQLite, swap),
 * once taking the pages whose inputs did not change from the last site (`--take-unchanged`:
 * scripts/pipeline/item-page-reuse.ts) and once as the build does by default, every page rendered and nothing
 * recorded. `npm run bench` runs it on the snapshot it crawled:
 *   night 1  the crawled snapshot, `--take-unchanged` into an empty folder (not measured: the site to build over);
 *   night 2  the snapshot with every 100th item edited, `--take-unchanged`: the incremental build;
 *   night 3  the same edited snapshot again, by default, over night 2's site: the full build, comparing the snapshots
 *            anew as night 2 did.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runMeasured, type Measured } from './measure.ts';
import { writeEditedSnapshot } from './snapshot-edit.ts';

const ROOT = resolve(import.meta.dirname, '..');
const NODE = process.execPath;
const EVERY_NTH = 100;

/**
 * Where a night's time went, in seconds, from the build's own lines: the site-data step, then the render step (Astro,
 * then the item page writer, with the JSON twins and the SQLite file beside it) side by side with the search index;
 * `rest` is the night's wall time outside those two (the Changes section, the commit or swap, starting processes). A
 * step the build did not say is absent.
 */
export interface NightSteps {
  siteData?: number;
  sideBySide?: number;
  astro?: number;
  itemPages?: number;
  twins?: number;
  sqlite?: number;
  search?: number;
  rest?: number;
}

const STEP_LINES: ReadonlyArray<[Exclude<keyof NightSteps, 'rest'>, RegExp]> = [
  ['siteData', /^build: site data ready in ([\d.]+)s$/m],
  ['sideBySide', /, side by side in ([\d.]+)s$/m],
  ['astro', /^build: pages done in [\d.]+s: astro ([\d.]+)s/m],
  ['itemPages', /item pages written in ([\d.]+)s/],
  ['twins', /^build: item JSON: .* in ([\d.]+)s$/m],
  ['sqlite', /^build: snapshot\.sqlite: .* in ([\d.]+)s$/m],
  ['search', /^build: site data .*, search ([\d.]+)s \(/m],
];

/** A night's steps (`NightSteps`) from what its build printed, and the night's wall time in seconds. */
export function nightSteps(output: string, totalS: number): NightSteps {
  const steps: NightSteps = {};
  for (const [name, line] of STEP_LINES) {
    const found = line.exec(output);
    if (found !== null) steps[name] = Number(found[1]);
  }
  if (steps.siteData !== undefined && steps.sideBySide !== undefined)
    steps.rest = Math.round((totalS - steps.siteData - steps.sideBySide) * 10) / 10;
  return steps;
}

type NightFigures = { s: number; cpuS: number; userS: number; peakRssMB: number; steps: NightSteps };

export interface IncrementalBench {
  /** Items edited between the nights. */
  edited: number;
  /** Wall time, CPU time of the whole process tree (and its user part), peak RSS and steps of each night. */
  full: NightFigures;
  incremental: NightFigures & { pagesTaken: number; pages: number };
  /** The incremental night's time over the full one's. */
  ratio: number;
}

const figures = (run: Measured): NightFigures => ({
  s: Math.round(run.ms) / 1000,
  cpuS: Math.round(run.cpuMs) / 1000,
  userS: Math.round(run.userMs) / 1000,
  peakRssMB: Math.round(run.peakRssBytes / 1048576),
  steps: nightSteps(`${run.stdout}\n${run.stderr}`, run.ms / 1000),
});

export async function benchIncremental(
  snapshot: string,
  work: string,
  heapFlag: string,
  searchEngine = 'auto',
): Promise<IncrementalBench> {
  const edited = join(work, 'snapshot-nightly');
  const out = join(work, 'nightly-site');
  const cache = join(work, 'nightly-cache');
  for (const dir of [edited, out, cache]) rmSync(dir, { recursive: true, force: true });
  const written = writeEditedSnapshot(snapshot, edited, EVERY_NTH);
  const build = async (name: string, args: string[]): Promise<Measured> => {
    const run = await runMeasured(NODE, [
      heapFlag,
      join(ROOT, 'scripts/commands/build.ts'),
      ...args,
      '--search-engine',
      searchEngine,
      '--out',
      out,
      '--cache',
      cache,
    ]);
    if (run.exitCode !== 0) throw new Error(`${name} failed (exit ${run.exitCode}): ${run.stderr.trim()}`);
    return run;
  };
  try {
    await build('night 1', ['--snapshot', snapshot, '--take-unchanged']);
    const tonight = ['--snapshot', edited, '--compare-with', snapshot];
    const incremental = await build('night 2', [...tonight, '--take-unchanged']);
    // Night 3 compares the two snapshots again, as a night built by default does: night 2's comparison, kept in the
    // cache (scripts/pipeline/diff-cache.ts), would spare it 6–10 s that no real night is spared.
    rmSync(join(cache, 'diffs'), { recursive: true, force: true });
    const full = await build('night 3', tonight);
    const said = `${incremental.stdout}\n${incremental.stderr}`;
    const pages = /\((\d+) of all (\d+) taken from the last site\)/.exec(said);
    if (pages === null) throw new Error(`night 2 did not say how many pages it took:\n${said}`);
    return {
      edited: written.edited,
      full: figures(full),
      incremental: {
        ...figures(incremental),
        pagesTaken: Number(pages[1]),
        pages: Number(pages[2]),
      },
      ratio: Math.round((incremental.ms / full.ms) * 100) / 100,
    };
  } finally {
    for (const dir of [edited, out, cache]) rmSync(dir, { recursive: true, force: true });
  }
}
