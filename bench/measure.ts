import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface Measured {
  ms: number;
  peakRssBytes: number;
  /** CPU time (user + system) of the process tree, from the children this process waited for. */
  cpuMs: number;
  /** Its user part: the work itself, which a disk busy with other work inflates less than the system part. */
  userMs: number;
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** Child processes of `pid`, transitively, from /proc (Linux). */
function listTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = parents.get(ppid);
      if (list) list.push(Number(entry));
      else parents.set(ppid, [Number(entry)]);
    } catch {
      /* the process ended while we looked */
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU time of this process's waited-for children (cutime + cstime in /proc/self/stat, which include their own waited
 * children): taken before and after a step, it tells the step's own work from a machine busy with other work.
 */
function childCpuMs(): { cpu: number; user: number } {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [user, system] = [Number(fields[13]) * 10, Number(fields[14]) * 10];
    return { cpu: user + system, user };
  } catch {
    return { cpu: 0, user: 0 };
  }
}

/**
 * Runs a command and samples the resident memory of its whole process tree (a build spawns workers and the
 * Pagefind binary), so the peak is what the machine had to hold, not one process's share.
 */
export function runMeasured(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; echo?: boolean } = {},
): Promise<Measured> {
  const started = performance.now();
  const cpuBefore = childCpuMs();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let peak = 0;
  child.stdout.on('data', (c: Buffer) => {
    stdout += c;
    if (options.echo) process.stderr.write(c);
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c;
    if (options.echo) process.stderr.write(c);
  });
  const timer = setInterval(() => {
    if (child.pid === undefined) return;
    peak = Math.max(
      peak,
      listTree(child.pid).reduce((sum, pid) => sum + rssBytes(pid), 0),
    );
  }, 100);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) => {
      clearInterval(timer);
      const cpuAfter = childCpuMs();
      const [cpuMs, userMs] = [cpuAfter.cpu - cpuBefore.cpu, cpuAfter.user - cpuBefore.user];
      resolve({ ms: performance.now() - started, peakRssBytes: peak, cpuMs, userMs, exitCode, stdout, stderr });
    });
  });
}
