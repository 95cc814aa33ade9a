import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCli } from '../../scripts/demo/cli-options.ts';

test('demo-db flags: defaults, and --name=value as well as --name value', () => {
  const parsed = parseCli(['--out=demo.db', '--seed', '7', '--force']);
  assert.deepEqual(parsed, {
    ok: true,
    options: {
      out: 'demo.db',
      items: 2000,
      languages: 2,
      seed: 7,
      maxChildren: null,
      oneRoot: false,
      record: null,
      force: true,
      verbose: false,
      help: false,
    },
  });
});

test('demo-db flags: --one-root', () => {
  const parsed = parseCli(['--out', 'demo.db', '--one-root']);
  assert.equal(parsed.ok && parsed.options.oneRoot, true);
});

test('demo-db flags: --max-children N', () => {
  const parsed = parseCli(['--out', 'demo.db', '--max-children', '500']);
  assert.equal(parsed.ok && parsed.options.maxChildren, 500);
  assert.deepEqual(parseCli(['--out', 'demo.db', '--max-children', '1']), {
    ok: false,
    problems: ['--max-children: must be at least 2'],
  });
});

test('demo-db flags: an unknown flag, a stray argument and bad values are reported together', () => {
  const parsed = parseCli(['--colour', 'blue', '--items', 'many', '--languages', '9', '--record']);
  assert.deepEqual(parsed, {
    ok: false,
    problems: [
      'unknown option --colour',
      'unexpected argument "blue"',
      '--record needs a value',
      '--items: must be a whole number',
      '--languages: must be at most 4',
      '--out FILE is required',
    ],
  });
});

test('demo-db flags: --help needs no --out', () => {
  const parsed = parseCli(['--help']);
  assert.ok(parsed.ok);
  assert.equal(parsed.options.help, true);
});
