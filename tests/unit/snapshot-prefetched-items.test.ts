/** Items that came with tree windows: kept once, handed out once, past the memory budget through a file. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPrefetchedItems } from '../../scripts/snapshot/plan/prefetched-items.ts';
import type { ItemCore } from '../../scripts/snapshot/answers/source-schemas.ts';

/** Built by JSON.parse, as answers are: `__proto__` is then an ordinary key. */
const item = (id: number, text: string): ItemCore =>
  JSON.parse(
    JSON.stringify({
      id,
      key: `00000000-0000-0000-0000-${String(id).padStart(12, '0')}`,
      name: `Item ${id}`,
      type: 'page',
      children: [{ id: id * 10 }],
      path: [{ id: 1, children: [{ id: 2 }] }],
      properties: { body: { alias: 'body', editorAlias: 'x', value: text } },
    }).replace('"properties":{', '"properties":{"__proto__":{"alias":"__proto__","value":1},'),
  ) as ItemCore;

test('past the budget items go through a file; each comes back once, without children, the same otherwise', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'prefetched-'));
  const file = path.join(dir, 'spill');
  try {
    const kept = createPrefetchedItems(file, 600);
    const texts = ['é'.repeat(200), 'plain', '\u2028 line separator, 😀 emoji', 'x'.repeat(500)];
    texts.forEach((text, index) => kept.keep(item(index + 1, text)));
    assert.ok(kept.counts.memory > 0 && kept.counts.spilled > 0, JSON.stringify(kept.counts));
    for (const [index, text] of texts.entries()) {
      const back = kept.get(index + 1) as unknown as Record<string, unknown>;
      const { children: _children, path: _path, ...rest } = item(index + 1, text) as unknown as Record<string, unknown>;
      assert.ok(Object.hasOwn(back.properties as object, '__proto__'), '__proto__ stays a key');
      assert.deepEqual(back, { ...rest, path: [{ id: 1 }] });
      assert.equal(kept.get(index + 1), undefined, 'handed out once');
    }
    kept.close();
    assert.equal(existsSync(file), false, 'the file is removed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
