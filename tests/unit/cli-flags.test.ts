import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { parseFlags } from '../../scripts/core/cli/flags.ts';
import { readSecret } from '../../scripts/core/cli/secret-file.ts';

const SPEC = { values: ['out', 'db'], switches: ['quiet'], refused: { 'api-key': 'no keys on the command line' } };

test('every problem on a command line is reported at once', () => {
  const parsed = parseFlags(['stray', '--out', '--quiet', '--nope', '--api-key', 'k', '--db'], SPEC);
  assert.deepEqual(parsed.problems, [
    'unexpected argument "stray"',
    '--out needs a value',
    'unknown option --nope',
    'no keys on the command line',
    '--db needs a value',
  ]);
  assert.deepEqual([...parsed.switches], ['quiet']);
});

test('values come as --name value or --name=value, in command-line order', () => {
  const parsed = parseFlags(['--db=a.db', '--quiet', '--out', 'dist'], SPEC);
  assert.deepEqual(parsed.values, { db: 'a.db', out: 'dist' });
  assert.deepEqual(parsed.given, [{ name: 'db', value: 'a.db' }, { name: 'quiet' }, { name: 'out', value: 'dist' }]);
  assert.deepEqual(parsed.problems, []);
});

test('bare arguments are taken in order where the command names folders, and refused elsewhere', () => {
  const withFolders = parseFlags(['a', '--out', 'dist', 'b'], { ...SPEC, positionals: true });
  assert.deepEqual(withFolders.positionals, ['a', 'b']);
  assert.deepEqual(withFolders.problems, []);
  assert.deepEqual(parseFlags(['a'], SPEC).problems, ['unexpected argument "a"']);
});

test('a secret comes from its file, trimmed, or from the environment; an empty file is a problem', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'secret-'));
  try {
    await writeFile(path.join(dir, 'key'), '  s3cret\n');
    await writeFile(path.join(dir, 'empty'), '\n');
    assert.deepEqual(readSecret('key', 'from-env', dir), { secret: 's3cret' });
    assert.deepEqual(readSecret(undefined, 'from-env', dir), { secret: 'from-env' });
    assert.deepEqual(readSecret(undefined, '', dir), { secret: undefined });
    assert.deepEqual(readSecret('empty', undefined, dir), { problem: 'empty is empty' });
    assert.deepEqual(readSecret('missing', undefined, dir), { problem: 'cannot read missing (ENOENT)' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
