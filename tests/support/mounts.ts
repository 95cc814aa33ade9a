/** A small tmpfs or a bind mount for tests (they run as root in CI); a refused mount is reported, not thrown. */
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';

function run(args: string[]): string | undefined {
  try {
    execFileSync('mount', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    return undefined;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `mount ${args.join(' ')} was refused: ${stderr || (error as Error).message}`;
  }
}

/** A tmpfs of `size` (e.g. '64m') at `dir`; returns why it could not be mounted, or undefined. */
export async function mountTmpfs(dir: string, size: string): Promise<string | undefined> {
  await mkdir(dir, { recursive: true });
  return run(['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
}

export async function mountBind(from: string, to: string): Promise<string | undefined> {
  await mkdir(from, { recursive: true });
  await mkdir(to, { recursive: true });
  return run(['--bind', from, to]);
}

export function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'ignore' });
  } catch {
    // not mounted
  }
}
