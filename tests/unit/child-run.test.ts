/**
 * A build's child stopped by the build's signal: the run settles only after the child has exited, so the clean-up
 * that follows (removing the folders the child writes into) never races a child still at work.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { it } from 'node:test';
import { BUILD_EXIT_CODES } from '../../scripts/pipeline/build-errors.ts';
import { runChild } from '../../scripts/pipeline/child-run.ts';

const CHILD_RUN = path.resolve(import.meta.dirname, '../../scripts/pipeline/child-run.ts');

/** A child that says `waiting` after `delayMs`, waits for its release, then says `released` and ends. */
const waitingChild = (delayMs: number): string[] => [
  '--input-type=module',
  '-e',
  `import { endWithParent, released } from ${JSON.stringify(CHILD_RUN)};
   endWithParent();
   await new Promise((resolve) => setTimeout(resolve, ${delayMs}));
   process.stdout.write('waiting\\n');
   await released();
   process.stdout.write('released\\n');`,
];

const job = (args: string[], log: (text: string) => void, release?: Promise<unknown>) => ({
  name: 'a waiting child',
  args,
  env: { PATH: process.env['PATH'] ?? '' },
  failCode: BUILD_EXIT_CODES.search,
  verbose: true,
  log,
  ...(release ? { release } : {}),
});

it('an aborted child has exited, its last writes done, when the run rejects', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'child-run-'));
  try {
    const marker = path.join(dir, 'written-after-sigterm');
    // The child takes 300 ms to end after SIGTERM and writes a file on its way out.
    const script = `
      process.on('SIGTERM', () => setTimeout(() => {
        require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x');
        process.exit(0);
      }, 300));
      process.stdout.write('ready\\n');
      setInterval(() => {}, 1000);`;
    const controller = new AbortController();
    let ready: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (ready = resolve));
    const run = runChild({
      name: 'a slow child',
      args: ['-e', script],
      env: { PATH: process.env['PATH'] ?? '' },
      failCode: BUILD_EXIT_CODES.astro,
      verbose: true,
      log: (text) => text.includes('ready') && ready(),
      signal: controller.signal,
    });
    await started;
    controller.abort(new DOMException('SIGTERM', 'AbortError'));
    await assert.rejects(run, (error: Error) => error.name === 'AbortError');
    assert.ok(existsSync(marker), 'the child finished its last write before the run settled');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('a child started with a release goes on only once the build releases it', { timeout: 10_000 }, async () => {
  let heard = '';
  let release: () => void = () => undefined;
  let waiting: () => void = () => undefined;
  const isWaiting = new Promise<void>((resolve) => (waiting = resolve));
  const run = runChild(
    job(
      waitingChild(0),
      (text) => {
        heard += text;
        if (heard.includes('waiting')) waiting();
      },
      new Promise<void>((resolve) => (release = resolve)),
    ),
  );
  await isWaiting;
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(heard.includes('released'), false, 'still waiting 300 ms later');
  release();
  assert.match(await run, /waiting\nreleased\n/);
});

it('a child released before it asks goes on at once', { timeout: 10_000 }, async () => {
  const stdout = await runChild(job(waitingChild(300), () => undefined, Promise.resolve()));
  assert.match(stdout, /waiting\nreleased\n/);
});

it(
  'a child released by a failure goes on too (the build stops it by its signal when it must)',
  { timeout: 10_000 },
  async () => {
    const stdout = await runChild(job(waitingChild(0), () => undefined, Promise.reject(new Error('astro failed'))));
    assert.match(stdout, /released/);
  },
);

it('a child run by hand (stdin not a pipe) never waits', () => {
  const ran = spawnSync(process.execPath, waitingChild(0), { stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000 });
  assert.equal(ran.status, 0, ran.stderr.toString());
  assert.match(ran.stdout.toString(), /waiting\nreleased\n/);
});
