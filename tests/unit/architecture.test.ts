/**
 * The layer rules of docs/architecture.md hold: ESLint's boundary rule rejects an import that crosses a layer and
 * accepts one that follows the rules. The fixtures are linted as if they sat in the product folders.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { TYPE_AWARE_RULES } from '../../eslint.config.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
// The fixtures are not files of the TypeScript project, so the rules that need type information are left out.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: Object.fromEntries(Object.keys(TYPE_AWARE_RULES).map((rule) => [rule, 'off'])),
  },
});

/** package.json "imports": `#core/x.ts` → `scripts/core/x.ts`. */
const IMPORTS = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, string> }
).imports;
function resolveTarget(file: string, target: string): string {
  for (const [alias, folder] of Object.entries(IMPORTS)) {
    const prefix = alias.replace(/\*$/, '');
    if (target.startsWith(prefix)) return path.join(ROOT, folder.replace(/\*$/, ''), target.slice(prefix.length));
  }
  return path.resolve(ROOT, path.dirname(file), target);
}

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  // An import that resolves to nothing is not checked at all, so every fixture must name a real file.
  for (const [, target] of code.matchAll(/from '([^']+)'/g)) {
    assert.ok(existsSync(resolveTarget(file, target ?? '')), `${file} imports ${target}, which exists`);
  }
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  assert.ok(result, 'ESLint linted the fixture');
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], 'the fixture parses');
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

const BAD: [string, string, RegExp][] = [
  [
    'scripts/core/fixture.ts',
    "import { crawl } from '../snapshot/crawl.ts';\nexport const f = crawl;\n",
    /"core" to .*"crawler"/,
  ],
  [
    'scripts/snapshot/fixture.ts',
    "import { startReadService } from '../source/server.ts';\nexport const f = startReadService;\n",
    /"crawler" to .*"source"/,
  ],
  [
    'scripts/diff/fixture.ts',
    "import { runSnapshot } from '../pipeline/snapshot-run.ts';\nexport const f = runSnapshot;\n",
    /"diff" to .*"pipeline"/,
  ],
  [
    'scripts/pipeline/fixture.ts',
    "import { useCompileCache } from '../commands/compile-cache.ts';\nexport const f = useCompileCache;\n",
    /"pipeline" to .*"command"/,
  ],
  [
    'tests/unit/fixture.ts',
    "import { useCompileCache } from '../../scripts/commands/compile-cache.ts';\nexport const f = useCompileCache;\n",
    /"tests" to .*"command"/,
  ],
  [
    'bench/fixture.ts',
    "import { useCompileCache } from '../scripts/commands/compile-cache.ts';\nexport const f = useCompileCache;\n",
    /"bench" to .*"command"/,
  ],
  [
    'src/lib/fixture.ts',
    "import { diffSnapshots } from '../../scripts/diff/diff-snapshots.ts';\nexport const f = diffSnapshots;\n",
    /"site" to .*"diff"/,
  ],
  [
    'scripts/diff/fixture.ts',
    "import { runSnapshot } from '#pipeline/snapshot-run.ts';\nexport const f = runSnapshot;\n",
    /"diff" to .*"pipeline"/,
  ],
  [
    'src/lib/fixture.ts',
    "import { crawl } from '#snapshot/crawl.ts';\nexport const f = crawl;\n",
    /"site" to .*"crawler"/,
  ],
  [
    'scripts/mapping/fixture.ts',
    "import { deriveModelFacts } from '../../src/lib/mapping/model-facts.ts';\nexport const f = deriveModelFacts;\n",
    /"mapping" to .*"site"/,
  ],
  [
    'bench/fixture.ts',
    "import { getJson } from '../tests/support/read-service.ts';\nexport const f = getJson;\n",
    /"bench" to .*"tests"/,
  ],
  [
    'scripts/source/fixture.ts',
    "import { getJson } from '../../tests/support/read-service.ts';\nexport const f = getJson;\n",
    /"source" to .*"tests"/,
  ],
];

for (const [file, code, expected] of BAD) {
  test(`a deliberately bad import in ${file} fails the lint`, async () => {
    const errors = await boundaryErrors(file, code);
    assert.equal(errors.length, 1, `one boundary error, got ${JSON.stringify(errors)}`);
    assert.match(errors[0] ?? '', expected);
  });
}

test('imports that follow the layers pass', async () => {
  const good: [string, string][] = [
    [
      'scripts/snapshot/fixture.ts',
      "import { normalizeGuid } from '../core/identifiers.ts';\nexport const f = normalizeGuid;\n",
    ],
    [
      'scripts/commands/fixture.ts',
      "import { crawl } from '../snapshot/crawl.ts';\nimport { startLocalSource } from " +
        "'../source/local-source.ts';\nexport const f = [crawl, startLocalSource];\n",
    ],
    ['scripts/pipeline/fixture.ts', "import { crawl } from '../snapshot/crawl.ts';\nexport const f = crawl;\n"],
    ['src/lib/fixture.ts', "import { parseUdi } from '#core/identifiers.ts';\nexport const f = parseUdi;\n"],
    [
      'src/lib/fixture.ts',
      "import { parseUdi } from '../../scripts/core/identifiers.ts';\nexport const f = parseUdi;\n",
    ],
  ];
  for (const [file, code] of good) assert.deepEqual(await boundaryErrors(file, code), [], file);
});
