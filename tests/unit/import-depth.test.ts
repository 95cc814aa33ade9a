/** Imports climb two folders at most: a deeper relative import fails the lint, its #… alias passes. */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { TYPE_AWARE_RULES } from '../../eslint.config.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
// The fixture is not a file of the TypeScript project, so the rules that need type information are left out.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: Object.fromEntries(Object.keys(TYPE_AWARE_RULES).map((rule) => [rule, 'off'])),
  },
});

async function depthErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'src/lib/site-data/derive/fixture.ts') });
  assert.ok(result, 'ESLint linted the fixture');
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

test('an import climbing three folders fails the lint; the same module through #core/ passes', async () => {
  const deep = await depthErrors(
    "import { parseUdi } from '../../../../scripts/core/identifiers.ts';\nexport const f = parseUdi;\n",
  );
  assert.equal(deep.length, 1, JSON.stringify(deep));
  assert.match(deep[0] ?? '', /more than two folders/);
  assert.deepEqual(
    await depthErrors("import { parseUdi } from '#core/identifiers.ts';\nexport const f = parseUdi;\n"),
    [],
  );
  assert.deepEqual(
    await depthErrors("import { readNodes } from './node-table.ts';\nexport const f = readNodes;\n"),
    [],
  );
});
