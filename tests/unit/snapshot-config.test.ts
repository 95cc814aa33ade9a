import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSourceUrl, loadConfig } from '../../scripts/snapshot/config.ts';
import { UsageError } from '../../scripts/snapshot/crawl-errors.ts';
import { createProgress, formatDuration } from '../../scripts/snapshot/progress.ts';
import { maskSecret } from '../../scripts/snapshot/client/secret-mask.ts';

const CWD = '/srv/here';

async function problemsOf(argv: string[], env: Record<string, string> = {}): Promise<readonly string[]> {
  try {
    await loadConfig(argv, env, CWD);
  } catch (error) {
    if (error instanceof UsageError) return error.problems;
    throw error;
  }
  return [];
}

test('defaults: embedded demo source, ./snapshot, concurrency 4, 30 s timeout, 5 retries, 0 failures', async () => {
  const config = await loadConfig([], {}, CWD);
  assert.equal(config.out, '/srv/here/snapshot');
  assert.equal(config.source.kind, 'demo');
  assert.deepEqual([config.concurrency, config.timeoutMs, config.retries, config.maxFailures], [4, 30_000, 5, 0]);
  assert.deepEqual(config.backoff, { baseMs: 500, maxMs: 30_000 });
  assert.ok(Object.isFrozen(config));
});

test('source and key: flag beats env, the key only from env or file, never kept for a local database', async () => {
  const fromEnv = await loadConfig(
    [],
    { SNAPSHOT_SOURCE_URL: 'https://cms.example/', SNAPSHOT_API_KEY: 'secret-key' },
    CWD,
  );
  assert.deepEqual(fromEnv.source, { kind: 'http', url: 'https://cms.example', apiPath: '/cms/Ext/Migrations/' });
  assert.equal(fromEnv.apiKey, 'secret-key');
  const fromFlag = await loadConfig(
    ['--source=https://other.example/base/cms/Ext/Migrations/'],
    { SNAPSHOT_SOURCE_URL: 'https://cms.example' },
    CWD,
  );
  assert.deepEqual(fromFlag.source, {
    kind: 'http',
    url: 'https://other.example/base',
    apiPath: '/cms/Ext/Migrations/',
  });
  const local = await loadConfig(['--db', 'site.db'], { SNAPSHOT_API_KEY: 'secret-key' }, CWD);
  assert.deepEqual(local.source, { kind: 'database', dbPath: '/srv/here/site.db' });
  assert.equal(local.apiKey, undefined);
});

test('every problem is reported at once, and none echoes a secret', async () => {
  const problems = await problemsOf([
    '--concurrency',
    '0',
    '--retries',
    'many',
    '--timeout-ms',
    '-5',
    '--bogus',
    'stray',
    '--api-key',
    'hunter2-secret',
    '--source',
    'http://api:hunter2-secret@cms.example',
    '--api-key-file',
    '/nonexistent/key',
    '--out',
  ]);
  assert.deepEqual(problems, [
    'unknown option --bogus',
    'unexpected argument "stray"',
    '--api-key is not accepted: give the key by env SNAPSHOT_API_KEY or --api-key-file',
    '--out needs a value',
    '--concurrency: must be at least 1',
    '--timeout-ms: must be a whole number',
    '--retries: must be a whole number',
    '--source: must not carry credentials; give the key by env SNAPSHOT_API_KEY or --api-key-file',
    '--api-key-file: cannot read /nonexistent/key (ENOENT)',
  ]);
  assert.ok(
    problems.every((problem) => !problem.includes('hunter2')),
    'no secret in any message',
  );
  assert.deepEqual(await problemsOf(['--source', 'x', '--db', 'y']), ['give either --source or --db, not both']);
});

test('--api-path mounts the operations elsewhere; a URL ending in an operations path is used as given', async () => {
  const source = async (argv: string[]) => (await loadConfig(argv, {}, CWD)).source;
  assert.deepEqual(await source(['--source', 'https://cms.example/', '--api-path', 'umbraco/Limbo/Migrations']), {
    kind: 'http',
    url: 'https://cms.example',
    apiPath: '/umbraco/Limbo/Migrations/',
  });
  assert.deepEqual(await source(['--source', 'https://cms.example/site/umbraco/limbo/migrations/']), {
    kind: 'http',
    url: 'https://cms.example/site',
    apiPath: '/umbraco/limbo/migrations/',
  });
  assert.deepEqual(await source(['--source', 'https://cms.example/api/limbo/migrations']), {
    kind: 'http',
    url: 'https://cms.example',
    apiPath: '/api/limbo/migrations/',
  });
  assert.deepEqual(
    await source(['--source', 'https://cms.example/api/limbo/migrations', '--api-path', '/API/Limbo/Migrations/']),
    { kind: 'http', url: 'https://cms.example', apiPath: '/api/limbo/migrations/' },
    'repeating the path the URL ends in is no conflict',
  );
  assert.deepEqual(
    await problemsOf([
      '--source',
      'https://cms.example/umbraco/Limbo/Migrations/',
      '--api-path',
      '/cms/Ext/Migrations',
    ]),
    ['--api-path: the source URL already ends in the operations path /umbraco/Limbo/Migrations/'],
  );
  assert.deepEqual(await problemsOf(['--source', 'https://cms.example', '--api-path', '/a?b=1']), [
    '--api-path: must be a URL path such as /umbraco/Limbo/Migrations/ (no query, fragment or empty segment)',
  ]);
  for (const hostile of ['/umbraco/\u202eLimbo/', '/a/../b/', '/a//b/', '/a#b'])
    assert.equal((await problemsOf(['--source', 'https://cms.example', '--api-path', hostile])).length, 1, hostile);
  assert.deepEqual(await problemsOf(['--db', 'x.db', '--api-path', '/umbraco/Limbo/Migrations/']), [
    '--api-path needs --source URL (a local database is served at the default path)',
  ]);
});

test('source URLs: http(s) only, no credentials, query or fragment; the base is normalised', () => {
  assert.equal(checkSourceUrl('http://127.0.0.1:8080'), 'http://127.0.0.1:8080');
  assert.equal(checkSourceUrl('https://cms.example/sub/'), 'https://cms.example/sub');
  assert.deepEqual(checkSourceUrl('ftp://cms.example'), { problem: 'must be an http or https URL' });
  assert.deepEqual(checkSourceUrl('https://cms.example/?a=1'), { problem: 'must not have a query or fragment' });
  assert.deepEqual(checkSourceUrl('cms.example'), { problem: 'is not a URL' });
  assert.equal(typeof checkSourceUrl('https://user@cms.example'), 'object');
});

test('secrets are masked in plain and Basic form; very short keys are left alone', () => {
  const basic = Buffer.from('api:long-secret').toString('base64');
  assert.equal(maskSecret(`a long-secret b ${basic}`, 'long-secret'), 'a *** b ***');
  assert.equal(maskSecret('snapshot-k', 'k'), 'snapshot-k');
  assert.equal(maskSecret('text', undefined), 'text');
});

test('progress: one rewritten line on a TTY, plain periodic lines otherwise, nothing when quiet', () => {
  let clock = 0;
  const now = (): number => clock;
  const tty: string[] = [];
  const ttyProgress = createProgress({ sink: { write: (t: string) => tty.push(t), isTTY: true }, quiet: false, now });
  ttyProgress.start('items', 100);
  clock = 2000;
  ttyProgress.tick(50);
  ttyProgress.stop();
  assert.ok(tty.every((text) => text.startsWith('\r\x1b[K') || text === '\n'));
  assert.ok(tty.includes('\r\x1b[Kitems 50/100 (50%) 25.0/s ETA 2s'));
  const plain: string[] = [];
  clock = 0;
  const plainProgress = createProgress({
    sink: { write: (t: string) => plain.push(t) },
    quiet: false,
    now,
    intervalMs: 5000,
  });
  plainProgress.start('items', 10);
  for (let i = 0; i < 10; i += 1) {
    clock += 1000;
    plainProgress.tick();
  }
  plainProgress.stop();
  assert.deepEqual(plain, [
    'items 5/10 (50%) 1.0/s ETA 5s\n',
    'items 10/10 (100%) 1.0/s\n',
    'items 10/10 (100%) 1.0/s\n',
  ]);
  const quiet: string[] = [];
  const silent = createProgress({ sink: { write: (t: string) => quiet.push(t) }, quiet: true });
  silent.start('items', 1);
  silent.tick();
  silent.stop();
  assert.deepEqual(quiet, []);
  assert.deepEqual([formatDuration(59.2), formatDuration(61), formatDuration(7300)], ['60s', '1m01s', '2h01m']);
});

test('a source URL set but empty is an error, never the demo; no source at all is the demo', async () => {
  for (const empty of ['', '  ']) {
    assert.deepEqual(await problemsOf([], { SNAPSHOT_SOURCE_URL: empty }), [
      "SNAPSHOT_SOURCE_URL is set but empty: give the read service's base URL, or unset it to crawl the embedded demo",
    ]);
  }
  assert.deepEqual(await problemsOf(['--source', '']), ["--source is set but empty: give the read service's base URL"]);
  assert.equal((await loadConfig([], {}, CWD)).source.kind, 'demo');
});

test('--full-refresh drops --since-snapshot; --full-refresh-every takes a whole number from 1', async () => {
  const every = await loadConfig(['--since-snapshot', 'old', '--full-refresh-every', '7'], {}, CWD);
  assert.deepEqual([every.sinceSnapshot, every.fullRefreshEvery], ['/srv/here/old', 7]);
  const forced = await loadConfig(['--since-snapshot', 'old', '--full-refresh'], {}, CWD);
  assert.equal(forced.sinceSnapshot, undefined);
  assert.equal((await loadConfig([], {}, CWD)).fullRefreshEvery, undefined);
  assert.deepEqual(await problemsOf(['--full-refresh-every', '0']), ['--full-refresh-every: must be at least 1']);
});
