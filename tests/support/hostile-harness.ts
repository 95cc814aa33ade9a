/**
 * One hostile-source run through `npm run build` (crawl → site) in a measured child process, with the checks every
 * run makes: the exit code, the peak RSS under a ceiling, and either "the previous snapshot and the previous dist/
 * are byte-identical" (a refused run) or "the new snapshot validates and the site was built" (an accepted one).
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  getManifest,
  getReport,
  listDamagedFiles,
  type Manifest,
  type Report,
} from '../../scripts/core/snapshot-format.ts';
import { startHostileSource, type HostileSource, type Misbehaviour } from './hostile-source.ts';
import { runMeasured, type MeasuredRun } from './measured-child.ts';
import { fingerprintIfPresent as fingerprint } from './fingerprint.ts';

export { fingerprint };

export const HOSTILE_KEY = 'Hostile+Key/with"odd\\chars é 0123456789';
export const FAST = [
  '--quiet',
  '--retries',
  '1',
  '--retry-base-ms',
  '1',
  '--retry-max-ms',
  '5',
  '--timeout-ms',
  '5000',
];

export interface Workspace {
  dir: string;
  cache: string;
  snapshot: string;
  dist: string;
}

/** A folder with a good snapshot and a built dist/ from a well-behaved source: what refused runs must not touch. */
export async function makeBaseline(): Promise<Workspace> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hostile-'));
  const workspace = {
    dir,
    cache: path.join(dir, 'cache'),
    snapshot: path.join(dir, 'cache', 'snapshot'),
    dist: path.join(dir, 'dist'),
  };
  const source = await startHostileSource({});
  try {
    const run = await buildFrom(source, workspace, []);
    assert.equal(run.code, 0, run.stderr);
  } finally {
    await source.close();
  }
  return workspace;
}

export async function copyWorkspace(from: Workspace): Promise<Workspace> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hostile-'));
  await cp(from.dir, dir, { recursive: true });
  return {
    dir,
    cache: path.join(dir, 'cache'),
    snapshot: path.join(dir, 'cache', 'snapshot'),
    dist: path.join(dir, 'dist'),
  };
}

export const dropWorkspace = (workspace: Workspace): Promise<void> =>
  rm(workspace.dir, { recursive: true, force: true });

/**
 * The suite's workspaces: a baseline built once before its tests and every workspace removed after them. Returns
 * `fresh`, which gives each test its own copy of the baseline.
 */
export function useWorkspaces(): () => Promise<Workspace> {
  let baseline: Workspace | undefined;
  const workspaces: Workspace[] = [];
  before(async () => {
    baseline = await makeBaseline();
  });
  after(async () => {
    for (const workspace of [...(baseline === undefined ? [] : [baseline]), ...workspaces])
      await dropWorkspace(workspace);
  });
  return async () => {
    if (baseline === undefined) throw new Error('the baseline workspace was not built');
    const workspace = await copyWorkspace(baseline);
    workspaces.push(workspace);
    return workspace;
  };
}

function buildFrom(source: HostileSource, workspace: Workspace, args: string[]): Promise<MeasuredRun> {
  const argv = ['--source', source.url, '--cache', workspace.cache, '--out', workspace.dist, ...FAST, ...args];
  return runMeasured('build', argv, { SNAPSHOT_API_KEY: HOSTILE_KEY });
}

export interface Refusal {
  crawlerExit: number;
  ceilingMiB: number;
  args?: string[];
}

/** The run must fail with the crawler's `crawlerExit`, leaving snapshot and dist/ byte-identical. */
export async function expectRefused(
  workspace: Workspace,
  behaviour: Misbehaviour,
  refusal: Refusal,
): Promise<MeasuredRun> {
  const before = { snapshot: await fingerprint(workspace.snapshot), dist: await fingerprint(workspace.dist) };
  assert.ok(Object.keys(before.snapshot).length > 0 && Object.keys(before.dist).length > 0, 'the baseline exists');
  const source = await startHostileSource(behaviour);
  let run: MeasuredRun;
  try {
    run = await buildFrom(source, workspace, refusal.args ?? []);
  } finally {
    await source.close();
  }
  assert.equal(run.code, 5, `build exit: ${run.stderr}`);
  assert.match(run.stderr, new RegExp(`crawler exit ${refusal.crawlerExit}\\)`), run.stderr);
  assert.deepEqual(await fingerprint(workspace.snapshot), before.snapshot, 'the previous snapshot is byte-identical');
  assert.deepEqual(await fingerprint(workspace.dist), before.dist, 'the previous dist/ is byte-identical');
  assert.ok(
    run.peakRssMiB < refusal.ceilingMiB,
    `peak RSS ${run.peakRssMiB.toFixed(0)} MiB ≥ ${refusal.ceilingMiB} MiB`,
  );
  return run;
}

export interface Acceptance {
  ceilingMiB: number;
  args?: string[];
}

/** The run must succeed: a valid, intact snapshot and a built site. */
export async function expectBuilt(
  workspace: Workspace,
  behaviour: Misbehaviour,
  acceptance: Acceptance,
): Promise<{ run: MeasuredRun; manifest: Manifest; report: Report }> {
  const source = await startHostileSource(behaviour);
  let run: MeasuredRun;
  try {
    run = await buildFrom(source, workspace, acceptance.args ?? []);
  } finally {
    await source.close();
  }
  assert.equal(run.code, 0, run.stderr);
  const manifest = await getManifest(workspace.snapshot);
  assert.deepEqual(await listDamagedFiles(workspace.snapshot, manifest), []);
  assert.ok((await stat(path.join(workspace.dist, 'index.html'))).isFile(), 'the site was built');
  assert.ok(
    run.peakRssMiB < acceptance.ceilingMiB,
    `peak RSS ${run.peakRssMiB.toFixed(0)} MiB ≥ ${acceptance.ceilingMiB} MiB`,
  );
  return { run, manifest, report: await getReport(workspace.snapshot) };
}
