/**
 * One run of the Azure Pipelines recipe, job by job as the agent would: `script:` steps in bash (without `-e`, as
 * Azure runs them), `$(name)` macros from the pipeline's variables (left as written when undefined), output
 * variables and the run summary from logging commands, `dependsOn` with the default `succeeded()` condition, and
 * Cache@2: restored where it stands, saved after the job's last step only when the job succeeded and the key was
 * not hit. Anything else the recipe might use throws, so a recipe that grows is noticed here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { runShell } from './ci-shell.ts';
import type { NightContext, NightResult } from './github-night.ts';

interface Step {
  task?: string;
  script?: string;
  checkout?: string;
  name?: string;
  displayName?: string;
  env?: Record<string, string>;
  inputs?: Record<string, string>;
}

interface Job {
  job: string;
  dependsOn?: string;
  variables?: Record<string, string>;
  steps: Step[];
}

const macros = (text: string, variables: Record<string, string>): string =>
  text.replace(/\$\(([\w.]+)\)/g, (whole, name: string) => variables[name] ?? whole);

/** `$[ dependencies.J.outputs['step.name'] ]`: the only runtime expression the recipe uses. */
function runtimeValue(text: string, outputs: Map<string, string>): string {
  const found = /^\$\[\s*dependencies\.(\w+)\.outputs\['([\w.]+)'\]\s*\]$/.exec(text.trim());
  if (found === null) return text;
  return outputs.get(`${found[1]}.${found[2]}`) ?? '';
}

/** A Cache@2 key as Azure reads it: segments split on `|`, each trimmed and unquoted. */
const cacheKey = (text: string): string =>
  text
    .split('|')
    .map((part) => part.trim().replace(/^"|"$/g, ''))
    .join('|');

function readLoggingCommands(output: string, job: string, step: Step, outputs: Map<string, string>): string[] {
  const summaries: string[] = [];
  for (const line of output.split('\n')) {
    const variable = /^##vso\[task\.setvariable variable=(\w+);isOutput=true\](.*)$/.exec(line);
    if (variable !== null) outputs.set(`${job}.${step.name}.${variable[1]}`, variable[2] ?? '');
    const summary = /^##vso\[task\.uploadsummary\](.*)$/.exec(line);
    if (summary?.[1] !== undefined) summaries.push(summary[1]);
  }
  return summaries;
}

export async function runAzureNight(recipe: string, night: NightContext): Promise<NightResult> {
  const pipeline = parse(await readFile(recipe, 'utf8')) as { jobs: Job[] };
  const outputs = new Map<string, string>();
  const results = new Map<string, boolean>();
  const steps: NightResult['steps'] = [];
  const summaries: string[] = [];
  for (const job of pipeline.jobs) {
    if (job.dependsOn !== undefined && results.get(job.dependsOn) !== true) {
      results.set(job.job, false);
      steps.push({ name: job.job, outcome: 'skipped', output: '' });
      continue;
    }
    const variables: Record<string, string> = { ...night.vars, ...night.secrets, 'Build.BuildId': night.runId };
    for (const [name, value] of Object.entries(job.variables ?? {})) variables[name] = runtimeValue(value, outputs);
    const saves: { key: string; target: string }[] = [];
    let failed = false;
    for (const step of job.steps) {
      const name = step.displayName ?? step.name ?? step.task ?? '';
      if (failed) {
        steps.push({ name, outcome: 'skipped', output: '' });
        continue;
      }
      if (step.task !== undefined || step.checkout !== undefined) {
        const task = step.task?.split('@')[0];
        let output = '';
        if (task === 'Cache') {
          const inputs = step.inputs ?? {};
          const key = cacheKey(macros(inputs.key ?? '', variables));
          const target = path.join(night.workspace, inputs.path ?? '');
          const restored = await night.cache.restore({ key, prefixes: [cacheKey(inputs.restoreKeys ?? '')] }, target);
          if (restored !== key) saves.push({ key, target });
          output = `restored ${String(restored)}`;
        } else if (task !== 'NodeTool' && task !== 'PublishPipelineArtifact' && step.checkout !== 'none') {
          throw new Error(`the simulated agent does not know ${step.task ?? `checkout: ${step.checkout}`}`);
        }
        steps.push({ name, outcome: 'success', output });
        continue;
      }
      const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, macros(String(v), variables)]));
      const run = await runShell(macros(step.script ?? '', variables), {
        cwd: night.workspace,
        bin: night.bin,
        env,
        errexit: false,
      });
      summaries.push(...readLoggingCommands(run.output, job.job, step, outputs));
      failed = run.code !== 0;
      steps.push({ name, outcome: failed ? 'failure' : 'success', output: run.output });
    }
    if (!failed) for (const save of saves) await night.cache.save(save.key, save.target);
    results.set(job.job, !failed);
  }
  const summary = (await Promise.all(summaries.map((file) => readFile(file, 'utf8')))).join('\n');
  return { ok: [...results.values()].every(Boolean), steps, summary };
}
