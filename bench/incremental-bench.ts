/**
 * A night where 1 % of the items changed, built over the site of the night before, as a nightly job builds it: the
 * whole of `npm run build -- --snapshot … --compare-with …` (site data, changes, pages and search, SQLite, swap),
 * once with every item page rendered (`--render-all`) and once taking the pages whose inputs did not change from the
 * last site (scripts/pipeline/item-page-reuse.ts). `npm run bench` runs it on the snapshot it crawled:
 *   night 1  the crawled snapshot, into an empty folder (not measured: it makes the site the nights build over);
 *   night 2  the snapshot with every 100th item edited, everything rendered: the full build;
 *   night 3  the crawled snapshot again (the same 1 % changed back), pages taken where they can be: incremental.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runMeasured, type Measured } from './measure.ts';
import { writeEditedSnapshot } from './snapshot-edit.ts';

const ROOT = resolve(import.meta.dirname, '..');
const NODE = process.execPath;
const EVERY_NTH = 100;

export interface IncrementalBench {
  /** Items edited between the nights. */
  edited: number;
  /** Wall time, CPU time of the whole process tree, and peak RSS of each night. */
  full: { s: number; cpuS: number; peakRssMB: number };
  incremental: { s: number; cpuS: number; peakRssMB: number; pagesTaken: number; pages: number; twinsTaken: number };
  /** The incremental night's time over the full one's. */
  ratio: number;
}

const figures = (run: Measured) => ({
  s: Math.round(run.ms) / 1000,
  cpuS: Math.round(run.cpuMs) / 1000,
  peakRssMB: Math.round(run.peakRssBytes / 1048576),
});

export async function benchIncremental(snapshot: string, work: string, heapFlag: string): Promise<IncrementalBench> {
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
      '--out',
      out,
      '--cache',
      cache,
    ]);
    if (run.exitCode !== 0) throw new Error(`${name} failed (exit ${run.exitCode}): ${run.stderr.trim()}`);
    return run;
  };
  try {
    await build('night 1', ['--snapshot', snapshot]);
    const full = await build('night 2', ['--snapshot', edited, '--compare-with', snapshot, '--render-all']);
    const incremental = await build('night 3', ['--snapshot', snapshot, '--compare-with', edited]);
    const said = `${incremental.stdout}\n${incremental.stderr}`;
    const pages = /\((\d+) of all (\d+) taken from the last site\)/.exec(said);
    const twins = /item JSON: .*\((\d+) taken from the last site\)/.exec(said);
    if (pages === null) throw new Error(`night 3 did not say how many pages it took:\n${said}`);
    return {
      edited: written.edited,
      full: figures(full),
      incremental: {
        ...figures(incremental),
        pagesTaken: Number(pages[1]),
        pages: Number(pages[2]),
        twinsTaken: Number(twins?.[1] ?? 0),
      },
      ratio: Math.round((incremental.ms / full.ms) * 100) / 100,
    };
  } finally {
    for (const dir of [edited, out, cache]) rmSync(dir, { recursive: true, force: true });
  }
}
