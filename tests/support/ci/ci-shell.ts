/**
 * What the simulated CI runners share: a shell step run with bash in the night's workspace, `npm` answered by a
 * stand-in (`npm ci` does nothing, `npm run diff|snapshot` runs the command, `npm run build` the build stand-in),
 * and a cache that outlives the nights, restored by exact key or by the newest key with a given prefix.
 */
import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..', '..', '..');

export interface StepRun {
  code: number;
  output: string;
}

/** A folder holding `npm`; put it first on PATH. */
export async function writeNpmStandIn(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const script = `#!/bin/bash
if [ "$1" = ci ]; then exit 0; fi
[ "$1" = run ] || { echo "npm stand-in: only ci and run" >&2; exit 127; }
shift; [ "$1" = --silent ] && shift
name="$1"; shift; [ "$1" = -- ] && shift
case "$name" in
  build) exec "${process.execPath}" "${REPO}/tests/support/ci/build-stand-in.ts" "$@" ;;
  diff|snapshot) exec "${process.execPath}" "${REPO}/scripts/commands/$name.ts" "$@" ;;
  *) echo "npm stand-in: no script $name" >&2; exit 127 ;;
esac
`;
  await writeFile(path.join(dir, 'npm'), script);
  await chmod(path.join(dir, 'npm'), 0o755);
  return dir;
}

/** Runs one step's script; `errexit` as GitHub runs `run:` steps (`bash -e`), without it as Azure runs `script:`. */
export function runShell(
  script: string,
  options: { cwd: string; bin: string; env: Record<string, string>; errexit: boolean },
): Promise<StepRun> {
  const { SNAPSHOT_SOURCE_URL: _url, SNAPSHOT_API_KEY: _key, ...inherited } = process.env;
  const env = { ...inherited, ...options.env, PATH: `${options.bin}:${process.env.PATH ?? ''}` };
  const flags = ['--noprofile', '--norc', ...(options.errexit ? ['-eo', 'pipefail'] : []), '-c', script];
  return new Promise((resolve) => {
    execFile('bash', flags, { cwd: options.cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

/** The CI cache: entries in the order they were saved; a key once saved is never overwritten. */
export interface CiCache {
  restore(keys: { key: string; prefixes: string[] }, target: string): Promise<string | undefined>;
  save(key: string, source: string): Promise<boolean>;
  listKeys(): Promise<string[]>;
}

export function createCiCache(dir: string): CiCache {
  const entryDir = (index: number) => path.join(dir, String(index).padStart(4, '0'));
  const keysFile = (index: number) => path.join(entryDir(index), 'key');
  async function entries(): Promise<{ index: number; key: string }[]> {
    const names = (await readdir(dir).catch(() => [] as string[])).sort();
    return Promise.all(
      names.map(async (name) => ({ index: Number(name), key: await readFile(keysFile(Number(name)), 'utf8') })),
    );
  }
  return {
    async restore({ key, prefixes }, target) {
      const all = await entries();
      const hit =
        all.find((entry) => entry.key === key) ??
        prefixes
          .map((prefix) => all.toReversed().find((entry) => entry.key.startsWith(prefix)))
          .find((entry) => entry !== undefined);
      if (hit === undefined) return undefined;
      await cp(path.join(entryDir(hit.index), 'data'), target, { recursive: true });
      return hit.key;
    },
    async save(key, source) {
      const all = await entries();
      if (all.some((entry) => entry.key === key)) return false;
      const index = all.length;
      await cp(source, path.join(entryDir(index), 'data'), { recursive: true });
      await writeFile(keysFile(index), key);
      return true;
    },
    listKeys: async () => (await entries()).map((entry) => entry.key),
  };
}
