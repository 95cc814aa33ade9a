/**
 * A build's temporary folders left behind in `dirs`: names holding `tmp-<pid>` or `old-<pid>` (a build names its
 * working, staging and Astro output folders after its process) whose process has ended. A folder of another process
 * still running is not a leftover: test files run side by side and share the checkout's `.astro`, where another
 * file's build may be at work. This process's own folders always count.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

const running = (pid: number): boolean => pid !== process.pid && existsSync(`/proc/${pid}`);

export async function leftovers(...dirs: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const dir of dirs)
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const pid = /(?:tmp|old)-(\d+)/.exec(name)?.[1];
      if (pid !== undefined && !running(Number(pid))) found.push(path.join(dir, name));
    }
  return found;
}
