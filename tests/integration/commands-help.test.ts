/**
 * Every command's --help is its flag spec: each command in package.json is run with --help, exits 0 with nothing on
 * stderr, and prints every flag its spec takes with the flag's value placeholder and its description.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { DocumentedFlagSpec } from '../../scripts/core/cli/flag-help.ts';
import { BUILD_FLAGS } from '../../scripts/pipeline/build-flags.ts';
import { MERGE_FLAGS } from '../../scripts/pipeline/merge-run.ts';
import { DEMO_FLAGS } from '../../scripts/demo/cli-options.ts';
import { DIFF_FLAGS } from '../../scripts/diff/diff-options.ts';
import { MAPPING_FLAGS } from '../../scripts/mapping/mapping-options.ts';
import { SNAPSHOT_FLAGS } from '../../scripts/snapshot/snapshot-flags.ts';
import { SOURCE_FLAGS } from '../../scripts/source/source-flags.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

const SPECS: Record<string, DocumentedFlagSpec> = {
  'build.ts': BUILD_FLAGS,
  'snapshot.ts': SNAPSHOT_FLAGS,
  'diff.ts': DIFF_FLAGS,
  'mapping.ts': MAPPING_FLAGS,
  'merge-partitions.ts': MERGE_FLAGS,
  'source.ts': SOURCE_FLAGS,
  'demo-db.ts': DEMO_FLAGS,
};

/** The command files package.json runs, so a new command without a spec here fails the test. */
function listCommands(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return Object.values(scripts).flatMap((line) =>
    [...line.matchAll(/scripts\/commands\/([a-z-]+\.ts)/g)].map((m) => m[1] ?? ''),
  );
}

function runHelp(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/commands', file), '--help'], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const words = (text: string): string => text.replace(/\s+/g, ' ').trim();

test('every command package.json runs has a flag spec here', () => {
  const commands = listCommands();
  assert.ok(commands.length >= 7, `commands found: ${commands.join(', ')}`);
  for (const command of commands) assert.ok(SPECS[command], `${command} has a spec in this test`);
});

for (const [file, spec] of Object.entries(SPECS)) {
  test(`${file} --help lists every flag of its spec with its description`, async () => {
    const { code, stdout, stderr } = await runHelp(file);
    assert.equal(code, 0, stderr);
    assert.equal(stderr, '');
    assert.match(stdout, /^Usage: npm run /);
    const lines = stdout.split('\n');
    const flat = words(stdout);
    assert.ok(
      spec.help.flags.some((flag) => flag.name === 'help'),
      'the spec takes --help',
    );
    for (const flag of spec.help.flags) {
      const head = `--${flag.name}${flag.value === undefined ? '' : ` ${flag.value}`}`;
      assert.ok(
        lines.some((line) => line.trimStart().startsWith(`${head} `) || line.trim() === head),
        `${file}: a line starts with ${head}`,
      );
      assert.ok(flat.includes(words(flag.text)), `${file}: --${flag.name} is described as "${flag.text}"`);
    }
    const taken = [...spec.values, ...spec.switches].sort();
    assert.deepEqual(taken, spec.help.flags.map((flag) => flag.name).sort(), 'the parser takes exactly these flags');
  });
}
