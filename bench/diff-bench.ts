/**
 * The diff of two large snapshots that differ in 1% of items: wall time and peak RSS of `npm run diff` in its own
 * process. `npm run bench` runs it on the snapshot it crawled; on its own:
 *   node bench/diff-bench.ts --items N [--work-dir DIR] [--keep]   (generates and crawls a demo database first)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { SnapshotDiff } from '../scripts/core/diff-format.ts';
import { runMeasured, type Measured } from './measure.ts';
import { writeEditedSnapshot } from './snapshot-edit.ts';

const ROOT = resolve(import.meta.dirname, '..');
const NODE = process.execPath;
/** One item in a hundred is changed. */
const EVERY_NTH = 100;

export interface DiffBench {
  s: number;
  peakRssMB: number;
  edited: number;
  listed: number;
}

export async function benchDiff(snapshot: string, work: string): Promise<DiffBench> {
  const edited = join(work, 'snapshot-edited');
  const out = join(work, 'changes.json');
  rmSync(edited, { recursive: true, force: true });
  const written = writeEditedSnapshot(snapshot, edited, EVERY_NTH);
  const args = [
    join(ROOT, 'scripts/commands/diff.ts'),
    '--from',
    snapshot,
    '--to',
    edited,
    '--format',
    'json',
    '--out',
    out,
  ];
  const run: Measured = await runMeasured(NODE, args);
  if (run.exitCode !== 0) throw new Error(`diff failed (exit ${run.exitCode}): ${run.stderr.trim()}`);
  const diff = JSON.parse(readFileSync(out, 'utf8')) as SnapshotDiff;
  rmSync(edited, { recursive: true, force: true });
  rmSync(out, { force: true });
  const listed = diff.items.changed.length;
  if (listed !== written.edited)
    throw new Error(`diff listed ${listed} changed items where ${written.edited} were edited`);
  return {
    s: Math.round(run.ms) / 1000,
    peakRssMB: Math.round(run.peakRssBytes / 1048576),
    edited: written.edited,
    listed,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      items: { type: 'string', default: '10000' },
      'work-dir': { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const items = Number(values.items);
  const work = resolve(values['work-dir'] ?? join(ROOT, 'bench/.work', `diff-${items}`));
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const say = (line: string) => process.stderr.write(`bench: ${line}\n`);
  const db = join(work, 'demo.db');
  const snapshot = join(work, 'snapshot');
  for (const [step, args] of [
    ['generate', [join(ROOT, 'scripts/commands/demo-db.ts'), '--out', db, '--items', String(items)]],
    [
      'crawl',
      [join(ROOT, 'scripts/commands/snapshot.ts'), '--db', db, '--out', snapshot, '--quiet', '--concurrency', '8'],
    ],
  ] as const) {
    const run = await runMeasured(NODE, [...args]);
    if (run.exitCode !== 0) throw new Error(`${step} failed: ${run.stderr.trim()}`);
    say(`${step}: ${Math.round(run.ms) / 1000} s`);
  }
  const manifest = JSON.parse(readFileSync(join(snapshot, 'manifest.json'), 'utf8')) as {
    counts: { content: number; media: number };
  };
  const result = {
    date: new Date().toISOString(),
    items: manifest.counts.content + manifest.counts.media,
    diff: await benchDiff(snapshot, work),
  };
  const { s, peakRssMB, edited } = result.diff;
  say(`diff of ${result.items} items, ${edited} changed: ${s} s, peak RSS ${peakRssMB} MB`);
  const results = join(ROOT, 'bench/results');
  mkdirSync(results, { recursive: true });
  writeFileSync(
    join(results, `${result.date.slice(0, 10)}-diff-${items}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
  if (!values.keep) rmSync(work, { recursive: true, force: true });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
