/**
 * Runs `npm run snapshot` or `npm run build` in a child process and reports its exit code, output, peak RSS
 * (`process.resourceUsage().maxRSS`, read by the child itself just before it exits) and the largest heap it kept live
 * (the heap in use just after each full garbage collection, the most of them).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const RUNNER = path.resolve(import.meta.dirname, 'measured-child-main.ts');
const TRAILER = /\nLIVE_BYTES (\d+)\nPEAK_RSS_KIB (\d+)\n?$/;

export interface MeasuredRun {
  code: number;
  stdout: string;
  stderr: string;
  peakRssMiB: number;
  /** NaN when no full collection ran. */
  liveHeapMiB: number;
}

export function runMeasured(
  command: 'snapshot' | 'build',
  args: string[],
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<MeasuredRun> {
  const child = spawn(process.execPath, [...nodeArgs, RUNNER, command, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const trailer = TRAILER.exec(stderr);
      const live = Number(trailer?.[1] ?? NaN);
      resolve({
        code: code ?? -1,
        stdout,
        stderr: stderr.replace(TRAILER, '\n'),
        peakRssMiB: Number(trailer?.[2] ?? NaN) / 1024,
        liveHeapMiB: live > 0 ? live / 1048576 : NaN,
      });
    });
  });
}
