/**
 * What `npm run build` does in a simulated CI night, minus the site: the build's own flag parser and its own
 * snapshot step (crawl with --since-snapshot, keep the previous snapshot in --history), then a placeholder page in
 * --out. Rendering the site is what the other tests check; the nights check what the recipes do around it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadBuildConfig } from '#pipeline/build-config.ts';
import { BuildError } from '#pipeline/build-errors.ts';
import { obtainSnapshot } from '#pipeline/snapshot-step.ts';

const { config, problems } = loadBuildConfig(process.argv.slice(2), process.env, process.cwd());
if (config === undefined) {
  process.stderr.write(`build: ${problems.join('; ')}\n`);
  process.exit(2);
}
try {
  await obtainSnapshot(config, process.env, { stdout: process.stdout, stderr: process.stderr });
  await mkdir(config.outDir, { recursive: true });
  await writeFile(path.join(config.outDir, 'index.html'), '<!doctype html><title>site</title>\n');
} catch (error) {
  process.stderr.write(`build: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof BuildError ? error.exitCode : 1);
}
