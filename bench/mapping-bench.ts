/**
 * The mapping workbook of the bench's snapshot: `npm run mapping` in its own process (wall time, peak RSS, file size
 * and rows), then once more with `--from` the first workbook (reading it back and carrying its answers by key).
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runMeasured, type Measured } from './measure.ts';

const ROOT = resolve(import.meta.dirname, '..');
const NODE = process.execPath;

export interface MappingBench {
  s: number;
  peakRssMB: number;
  bytes: number;
  /** The command's own summary: rows per sheet. */
  summary: string;
  from: { s: number; peakRssMB: number };
}

function checked(step: string, m: Measured): Measured {
  if (m.exitCode !== 0) throw new Error(`${step} failed (exit ${m.exitCode}): ${m.stderr.trim().split('\n').at(-1)}`);
  return m;
}

export async function benchMapping(snapshot: string, work: string): Promise<MappingBench> {
  const command = join(ROOT, 'scripts/commands/mapping.ts');
  const first = join(work, 'mapping.xlsx');
  const write = checked('mapping', await runMeasured(NODE, [command, '--snapshot', snapshot, '--out', first]));
  const again = checked(
    'mapping --from',
    await runMeasured(NODE, [command, '--snapshot', snapshot, '--out', join(work, 'mapping-2.xlsx'), '--from', first]),
  );
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  return {
    s: Math.round(write.ms) / 1000,
    peakRssMB: mb(write.peakRssBytes),
    bytes: statSync(first).size,
    summary: write.stdout.trim().replace(/^mapping: /, ''),
    from: { s: Math.round(again.ms) / 1000, peakRssMB: mb(again.peakRssBytes) },
  };
}
