/**
 * The CI recipes in docs/ci/ parse, keep their schedules disabled, and every `npm run X` they use exists; the flags
 * they give `npm run build` and `npm run diff` are accepted by those commands' own parsers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { parseDiffOptions } from '../../scripts/diff/diff-options.ts';
import { loadBuildConfig } from '../../scripts/pipeline/build-config.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SCRIPTS = Object.keys(
  (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);
type Yaml = Record<string, unknown>;

const readYaml = (file: string): Yaml => parse(readFileSync(path.join(ROOT, 'docs', 'ci', file), 'utf8')) as Yaml;

/** The shell words after `npm run NAME --`, up to the end of that command (quotes removed). */
function argumentsOf(command: string): string[] {
  const words = command.match(/"[^"]*"|;|[^\s";]+/g) ?? [];
  const end = words.findIndex((word) => ['>>', '>', ';', '&&', '||', '|', 'fi', 'npm'].includes(word));
  return (end < 0 ? words : words.slice(0, end)).map((word) => word.replace(/^"|"$/g, ''));
}

function listNpmRuns(commands: string[]): { script: string; args: string[] }[] {
  const runs: { script: string; args: string[] }[] = [];
  for (const command of commands) {
    for (const match of command.matchAll(/npm run (?:--silent )?([\w:-]+)(?: --( [^\n]*))?/g)) {
      runs.push({
        script: match[1] as string,
        args: argumentsOf(
          (match[2] ?? '')
            .replaceAll('$SNAPSHOT_SITE_URL', 'https://site.example')
            .replaceAll('$(SNAPSHOT_SITE_URL)', 'https://site.example'),
        ),
      });
    }
  }
  return runs;
}

function checkRuns(commands: string[]): void {
  const runs = listNpmRuns(commands);
  assert.ok(runs.some((run) => run.script === 'build') && runs.some((run) => run.script === 'diff'));
  const markdown = runs.filter((run) => run.script === 'diff' && run.args.includes('markdown'));
  assert.ok(
    markdown.length > 0 && markdown.every((run) => run.args.includes('--site-url')),
    'the summary links into the site',
  );
  for (const run of runs) {
    assert.ok(SCRIPTS.includes(run.script), `npm run ${run.script} is not in package.json`);
    if (run.script === 'build') assert.deepEqual(loadBuildConfig(run.args, {}, ROOT).problems, [], run.args.join(' '));
    if (run.script === 'diff') assert.doesNotThrow(() => parseDiffOptions(run.args), run.args.join(' '));
  }
}

test('the GitHub Actions recipe parses, has no active schedule, and runs only existing npm scripts', () => {
  const workflow = readYaml('github-actions-nightly.yml');
  const on = workflow.on as Yaml;
  assert.ok('workflow_dispatch' in on);
  assert.equal('schedule' in on, false, 'the schedule stays commented out in the example');
  const jobs = Object.values(workflow.jobs as Record<string, { steps: { run?: string; uses?: string }[] }>);
  const steps = jobs.flatMap((job) => job.steps);
  assert.ok(
    steps.some((step) => step.uses?.startsWith('actions/cache/restore@')),
    'restores the previous snapshot',
  );
  assert.ok(
    steps.some((step) => step.run?.includes('$GITHUB_STEP_SUMMARY')),
    'writes the diff to the job summary',
  );
  assert.ok(
    steps.some((step) => step.uses?.startsWith('actions/upload-artifact@')),
    'uploads the site',
  );
  checkRuns(steps.flatMap((step) => (step.run === undefined ? [] : [step.run])));
});

test('the Azure Pipelines recipe parses, has no active schedule, and runs only existing npm scripts', () => {
  const pipeline = readYaml('azure-pipelines.yml');
  assert.equal('schedules' in pipeline, false);
  const jobs = pipeline.jobs as { steps: { script?: string; task?: string }[] }[];
  const steps = jobs.flatMap((job) => job.steps);
  assert.ok(steps.some((step) => step.task?.startsWith('Cache@')));
  checkRuns(steps.flatMap((step) => (step.script === undefined ? [] : [step.script])));
});
