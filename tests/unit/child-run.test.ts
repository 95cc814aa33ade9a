/**
 * A build's child stopped by the build's signal: the run settles only after the child has exited, so the clean-up
 * that follows (removing the folders the child writes into) never races a child still at work.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { BUILD_EXIT_CODES } from '../../scripts/pipeline/build-errors.ts';
import { runChild } from '../../scripts/pipeline/child-run.ts';

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
