/**
 * Runs `npm run snapshot` or `npm run build` in a child process and reports its exit code, output and peak RSS
 * (`process.resourceUsage().maxRSS`, read by the child itself just before it exits).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const RUNNER = path.resolve(import.meta.dirname, 'measured-child-main.ts');

export interface MeasuredRun {
  code: number;
  stdout: string;
  stderr: string;
  peakRssMiB: number;
}

export function runMeasured(
  command: 'snapshot' | 'build',
  args: string[],
  env: Record<string, string> = {},
): Promise<MeasuredRun> {
  const child = spawn(process.execPath, [RUNNER, command, ...args], {
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
      const rss = /\nPEAK_RSS_KIB (\d+)\n?$/.exec(stderr);
      resolve({
        code: code ?? -1,
        stdout,
        stderr: stderr.replace(/\nPEAK_RSS_KIB \d+\n?$/, '\n'),
        peakRssMiB: Number(rss?.[1] ?? NaN) / 1024,
      });
    });
  });
}
