/**
 * One night of the GitHub Actions recipe, run step by step as the runner would: `run:` steps in bash (`-e`), the
 * cache actions against a cache that outlives the nights, uploads recorded, and the runner's rules for which steps
 * run (a step runs only while every earlier one succeeded, unless its `if:` says otherwise). Only what the recipe
 * uses is understood; anything else throws, so a recipe that grows is noticed here.
 */
import { access, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { runShell, type CiCache } from './ci-shell.ts';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

export interface NightContext {
  workspace: string;
  bin: string;
  cache: CiCache;
  runId: string;
  secrets: Record<string, string>;
  vars: Record<string, string>;
}

export interface NightResult {
  ok: boolean;
  steps: { name: string; outcome: 'success' | 'failure' | 'skipped'; output: string }[];
  summary: string;
}

function expand(text: string, night: NightContext): string {
  return text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const [scope, key = ''] = name.split('.');
    if (scope === 'secrets') return night.secrets[key] ?? '';
    if (scope === 'vars') return night.vars[key] ?? '';
    if (name === 'github.run_id') return night.runId;
    throw new Error(`the simulated runner does not know \${{ ${name} }}`);
  });
}

async function shouldRun(step: Step, failed: boolean, workspace: string): Promise<boolean> {
  if (step.if === undefined) return !failed;
  const file = /^hashFiles\('([^']+)'\) != ''$/.exec(step.if.trim())?.[1];
  if (file === undefined) throw new Error(`the simulated runner does not know if: ${step.if}`);
  const exists = await access(path.join(workspace, file)).then(
    () => true,
    () => false,
  );
  return !failed && exists;
}

async function runAction(step: Step, night: NightContext): Promise<string> {
  const action = step.uses?.split('@')[0];
  const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, expand(String(v), night)]));
  const target = path.join(night.workspace, inputs.path ?? '');
  if (action === 'actions/checkout' || action === 'actions/setup-node') return '';
  if (action === 'actions/upload-artifact') return `uploaded ${inputs.name}`;
  if (action === 'actions/cache/restore') {
    const prefixes = (inputs['restore-keys'] ?? '').split('\n').filter((line) => line !== '');
    return `restored ${String(await night.cache.restore({ key: inputs.key ?? '', prefixes }, target))}`;
  }
  if (action === 'actions/cache/save') return `saved ${String(await night.cache.save(inputs.key ?? '', target))}`;
  throw new Error(`the simulated runner does not know ${step.uses}`);
}

export async function runGithubNight(recipe: string, night: NightContext): Promise<NightResult> {
  const workflow = parse(await readFile(recipe, 'utf8')) as { jobs: Record<string, { steps: Step[] }> };
  const summaryFile = path.join(night.workspace, '..', `summary-${night.runId}.md`);
  await writeFile(summaryFile, '');
  const steps: NightResult['steps'] = [];
  let failed = false;
  for (const job of Object.values(workflow.jobs)) {
    for (const step of job.steps) {
      const name = step.name ?? step.uses ?? step.run ?? '';
      if (!(await shouldRun(step, failed, night.workspace))) {
        steps.push({ name, outcome: 'skipped', output: '' });
        continue;
      }
      if (step.uses !== undefined) {
        steps.push({ name, outcome: 'success', output: await runAction(step, night) });
        continue;
      }
      const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(String(v), night)]));
      const run = await runShell(expand(step.run ?? '', night), {
        cwd: night.workspace,
        bin: night.bin,
        env: { ...env, GITHUB_STEP_SUMMARY: summaryFile, GITHUB_RUN_ID: night.runId },
        errexit: true,
      });
      failed ||= run.code !== 0;
      steps.push({ name, outcome: run.code === 0 ? 'success' : 'failure', output: run.output });
    }
  }
  return { ok: !failed, steps, summary: await readFile(summaryFile, 'utf8') };
}
