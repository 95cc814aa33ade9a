/**
 * `npm run build` as a child process of its own (its own pid, so its own staging and working folders), with what a
 * test checks afterwards: exit code, output, and the search records the built site holds.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const command = (name: 'build' | 'snapshot'): string => path.join(ROOT, 'scripts', 'commands', `${name}.ts`);

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

export const buildInChild = (
  args: readonly string[],
  env: Record<string, string> = {},
  onStart?: (pid: number) => void,
): Promise<ChildRun> => runInChild('build', args, env, onStart);

/** `npm run <name>` in a child; `onStart` gets its pid (to signal it). */
export function runInChild(
  name: 'build' | 'snapshot',
  args: readonly string[],
  env: Record<string, string> = {},
  onStart?: (pid: number) => void,
): Promise<ChildRun> {
  const child = spawn(process.execPath, [command(name), ...args], {
    cwd: ROOT,
    env: { ...process.env, SITE_BASE: '', SITE_MEDIA_ORIGIN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) onStart?.(child.pid);
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/** Search records in a built site: the pages Pagefind counted in each bundle it lists. */
export async function countSearchRecords(dist: string): Promise<number> {
  const { bundles } = JSON.parse(await readFile(path.join(dist, 'search-bundles.json'), 'utf8')) as {
    bundles: string[];
  };
  let records = 0;
  for (const bundle of bundles) {
    const entry = JSON.parse(await readFile(path.join(dist, bundle, 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    for (const language of Object.values(entry.languages)) records += language.page_count;
  }
  return records;
}

/** `(T of all N taken from the last site)` in a build's output, which must say it. */
export function takenPages(output: string): { taken: number; all: number } {
  const match = /\((\d+) of all (\d+) taken from the last site\)/.exec(output);
  assert.ok(match, `the build says how many pages it took:\n${output}`);
  return { taken: Number(match[1]), all: Number(match[2]) };
}
