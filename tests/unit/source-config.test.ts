import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSourceConfig } from '../../scripts/source/config.ts';

test('--flavor picks the interface generation (default rich); --no-type-lists keeps to the nine operations', () => {
  const plain = parseSourceConfig(['--db', 'x.db'], {});
  assert.ok(!('errors' in plain));
  assert.equal(plain.flavor, 'rich');
  assert.equal(plain.typeLists, true);
  const plugin = parseSourceConfig(['--db', 'x.db', '--flavor', 'plugin-v7', '--no-type-lists'], {});
  assert.ok(!('errors' in plugin));
  assert.deepEqual([plugin.flavor, plugin.typeLists], ['plugin-v7', false]);
});

test('a bad flavor is reported with the others, all at once', () => {
  const result = parseSourceConfig(['--flavor', 'plugin-v9', '--port', 'x'], {});
  assert.ok('errors' in result);
  const expected = '--flavor must be one of rich, plugin-v10, plugin-v8, plugin-v7';
  assert.ok(result.errors.includes(expected), result.errors.join('; '));
  assert.ok(result.errors.some((e) => e.includes('--db')));
  assert.ok(result.errors.some((e) => e.includes('--port')));
});
