/** Builds for the partitioned-build tests: `npm run build` and `npm run merge-partitions` as separate processes. */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '../../scripts/browser/chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ProcessRun {
  code: number;
  output: string;
}

export function runScript(script: 'build' | 'merge-partitions', args: string[]): Promise<ProcessRun> {
  const file = path.join(ROOT, 'scripts', 'commands', `${script}.ts`);
  const env = { ...process.env, SITE_BASE: '', SITE_MEDIA_ORIGIN: '' };
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...args], { cwd: ROOT, env, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

export async function mustRun(script: 'build' | 'merge-partitions', args: string[]): Promise<string> {
  const run = await runScript(script, args);
  if (run.code !== 0) throw new Error(`${script} ${args.join(' ')} exited ${run.code}:\n${run.output}`);
  return run.output;
}

/** Every file under `dir`, as paths relative to it, sorted. */
export async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** The files whose names and bytes differ between two trees, the given paths left out. */
export async function listDifferences(a: string, b: string, skip: (file: string) => boolean): Promise<string[]> {
  const [left, right] = [(await listTree(a)).filter((f) => !skip(f)), (await listTree(b)).filter((f) => !skip(f))];
  const differences = [...left.filter((f) => !right.includes(f)), ...right.filter((f) => !left.includes(f))];
  for (const file of left.filter((f) => right.includes(f))) {
    if (!(await readFile(path.join(a, file))).equals(await readFile(path.join(b, file)))) differences.push(file);
  }
  return differences;
}

export interface SearchAnswer {
  urls: Record<string, string[]>;
  filters: unknown;
}

/**
 * Loads the site's Pagefind bundles in the page the way src/scripts/search.ts does (first bundle, then mergeIndex
 * for the rest; a module of its own, apart from the one the page's script loaded) and answers each query with the
 * sorted URLs of every hit but the bundles' vocabulary records, plus the filter counts of the whole index.
 */
export async function searchSite(page: Page, siteUrl: string, queries: string[]): Promise<SearchAnswer> {
  await page.goto(`${siteUrl}/search/`);
  const script = `(async () => {
    const pagefind = await import('/pagefind/pagefind.js?fresh');
    await pagefind.options({ basePath: '/pagefind/', baseUrl: '/' });
    const { bundles } = await (await fetch('/search-bundles.json')).json();
    for (const bundle of bundles.slice(1)) await pagefind.mergeIndex('/' + bundle, { baseUrl: '/' });
    // The bundles' vocabulary records are no pages: the search page drops them by their hashes, as here.
    const vocabulary = new Set();
    for (const bundle of bundles)
      for (const hash of (await (await fetch('/' + bundle + 'facets.json')).json()).vocabulary ?? []) vocabulary.add(hash);
    const urls = {};
    for (const q of ${JSON.stringify(queries)}) {
      const found = (await pagefind.search(q)).results.filter((r) => !vocabulary.has(r.id));
      urls[q] = (await Promise.all(found.map((r) => r.data()))).map((d) => d.url).sort();
    }
    return { urls, filters: await pagefind.filters() };
  })()`;
  return (page as unknown as { evaluate<R>(expression: string): Promise<R> }).evaluate<SearchAnswer>(script);
}
