import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSourceConfig } from '../../scripts/source/config.ts';

test('--flavor picks the interface generation (default rich); --no-type-lists: only the nine operations', async () => {
  const plain = await parseSourceConfig(['--db', 'x.db'], {});
  assert.ok(!('errors' in plain));
  assert.equal(plain.flavor, 'rich');
  assert.equal(plain.typeLists, true);
  const plugin = await parseSourceConfig(['--db', 'x.db', '--flavor', 'plugin-v7', '--no-type-lists'], {});
  assert.ok(!('errors' in plugin));
  assert.deepEqual([plugin.flavor, plugin.typeLists], ['plugin-v7', false]);
});

test('a bad flavor is reported with the others, all at once', async () => {
  const result = await parseSourceConfig(['--flavor', 'plugin-v9', '--port', 'x'], {});
  assert.ok('errors' in result);
  const expected = '--flavor must be one of rich, plugin-v10, plugin-v8, plugin-v7';
  assert.ok(result.errors.includes(expected), result.errors.join('; '));
  assert.ok(result.errors.some((e) => e.includes('--db')));
  assert.ok(result.errors.some((e) => e.includes('--port')));
});

test('an unknown flag, a key on the command line and a bad value are reported together', async () => {
  const result = await parseSourceConfig(['--colour', 'blue', '--api-key', 'k', '--port', '70000', 'stray'], {});
  assert.ok('errors' in result);
  assert.deepEqual(result.errors, [
    'unknown option --colour',
    'unexpected argument "blue"',
    '--api-key is not accepted: give the key by env SOURCE_API_KEY or --api-key-file',
    'unexpected argument "stray"',
    '--db is required',
    '--port must be 0–65535',
  ]);
});

test('the key comes from --api-key-file or env SOURCE_API_KEY; an unreadable file is a problem', async () => {
  const fromEnv = await parseSourceConfig(['--db', 'x.db'], { SOURCE_API_KEY: ' k3y ' });
  assert.ok(!('errors' in fromEnv));
  assert.equal(fromEnv.apiKey, 'k3y');
  const missing = await parseSourceConfig(['--db', 'x.db', '--api-key-file', 'no-such-key-file'], {});
  assert.deepEqual(missing, { errors: ['--api-key-file: cannot read no-such-key-file (ENOENT)'] });
});

test('--api-path mounts the operations elsewhere (default /cms/Ext/Migrations/); a path with a query is refused', async () => {
  const plain = await parseSourceConfig(['--db', 'x.db'], {});
  assert.ok(!('errors' in plain));
  assert.equal(plain.apiPath, '/cms/Ext/Migrations/');
  const stock = await parseSourceConfig(['--db', 'x.db', '--api-path', 'umbraco/Limbo/Migrations'], {});
  assert.ok(!('errors' in stock));
  assert.equal(stock.apiPath, '/umbraco/Limbo/Migrations/');
  const bad = await parseSourceConfig(['--db', 'x.db', '--api-path', '/a?b'], {});
  assert.deepEqual(bad, { errors: ['--api-path must be a URL path such as /umbraco/Limbo/Migrations/'] });
});
