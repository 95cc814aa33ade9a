/**
 * Every product part has a README saying what it owns, what it may import and where a change goes, and its
 * "May import" line names exactly the parts the boundary rules in eslint.config.js let it import, so the two cannot
 * drift apart.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ELEMENTS, POLICIES } from '../../eslint.config.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Parts whose folders document themselves elsewhere: the benchmark (bench/README.md), the tests, the old client. */
const NOT_PARTS = new Set(['bench', 'tests', 'client']);

interface Element {
  type: string;
  pattern: string;
}
interface Policy {
  from: { element: { type: string } };
  allow: { to: { element: { types: { anyOf: string[] } } } };
}

/** What the boundary rules let `type` import, itself left out. */
function allowedImports(type: string): string[] {
  const policy = (POLICIES as Policy[]).find((p) => p.from.element.type === type);
  assert.ok(policy, `a policy for ${type}`);
  return policy.allow.to.element.types.anyOf.filter((t) => t !== type).sort();
}

function readmeLine(text: string, label: string, file: string): string {
  const line = text.split('\n').find((l) => l.startsWith(`**${label}:**`));
  assert.ok(line, `${file} has a "**${label}:**" line`);
  return line;
}

const parts = (ELEMENTS as Element[]).filter((e) => !NOT_PARTS.has(e.type));

test('every part folder in the boundary rules is listed here with a README', () => {
  assert.ok(parts.length >= 10, `parts: ${parts.map((p) => p.type).join(', ')}`);
  for (const { pattern } of parts) assert.match(pattern, /^[a-z/]+\/\*\*$/, `${pattern} is a folder pattern`);
});

for (const { type, pattern } of parts) {
  const folder = pattern.replace(/\/\*\*$/, '');
  test(`${folder}/README.md: its part, what it owns, what it may import (as the rules say), where a change goes`, () => {
    const file = path.join(ROOT, folder, 'README.md');
    assert.ok(existsSync(file), `${folder} has a README.md`);
    const text = readFileSync(file, 'utf8');
    assert.equal(readmeLine(text, 'Part', file), `**Part:** \`${type}\``);
    readmeLine(text, 'Owns', file);
    readmeLine(text, 'Where a change goes', file);
    const mayImport = readmeLine(text, 'May import', file);
    const named = [...mayImport.matchAll(/`([a-z-]+)`/g)].map((m) => m[1] ?? '').sort();
    assert.deepEqual(named, allowedImports(type), `${folder}/README.md "May import" against eslint.config.js`);
    if (named.length === 0) assert.match(mayImport, /\*\* nothing local/, `${file} says it imports nothing local`);
  });
}
