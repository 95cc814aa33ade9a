import type { Page } from '../scripts/browser/chromium.ts';
import { withBenchPage } from './browser-session.ts';
import type { QuerySpec } from './search-queries.ts';

export interface QueryTiming {
  label: string;
  query: string;
  filter?: string;
  ms: number;
  bytes: number;
  results: string;
}

export interface SearchTimings {
  /** A fresh browser profile: navigation → search page ready, and the bytes fetched until then. */
  readyMs: number;
  readyBytes: number;
  /** The first query typed on that cold page: last keystroke → rendered results. */
  coldFirst: QueryTiming;
  /** Each query on the warmed page, typed into the emptied box. */
  queries: QueryTiming[];
}

const IDLE = 'Type a word or phrase.';

/** Waits until the status line says the search for `query` has rendered (a first result, or none found). */
async function waitForResults(page: Page, query: string): Promise<void> {
  await page.waitForFunction((q: string) => {
    const status = document.getElementById('search-status')?.textContent ?? '';
    if (!status.includes(`“${q}”`)) return false;
    return status.startsWith('0 ') || document.querySelector('#search-results li') !== null;
  }, query);
}

/** Waits for the status line to match: the filter-only search or the emptied box has settled. */
async function waitForStatus(page: Page, pattern: RegExp): Promise<void> {
  await page.waitForFunction(
    (source: string) => new RegExp(source).test(document.getElementById('search-status')?.textContent ?? ''),
    pattern.source,
  );
}

const filterBox = (spec: QuerySpec) =>
  `fieldset[data-filter="${spec.filter?.key}"] input[value="${spec.filter?.value.replace(/"/g, '\\"')}"]`;

async function timeOne(page: Page, spec: QuerySpec, counter: { bytes: number }): Promise<QueryTiming> {
  await page.locator('#search-input').fill('');
  if (spec.filter) {
    await page.locator(filterBox(spec)).check();
    await waitForStatus(page, /^\d+ results?\.$/);
  } else await waitForStatus(page, new RegExp(`^${IDLE}`));
  await page.waitForTimeout(300);
  counter.bytes = 0;
  const started = await page.evaluate(() => performance.now());
  await page.locator('#search-input').fill(spec.text);
  await waitForResults(page, spec.text);
  const ms = (await page.evaluate(() => performance.now())) - started;
  await page.waitForTimeout(200);
  const timing = {
    label: spec.label,
    query: spec.text,
    ...(spec.filter ? { filter: `${spec.filter.key}=${spec.filter.value}` } : {}),
    ms,
    bytes: counter.bytes,
    results: await page.locator('#search-status').innerText(),
  };
  if (spec.filter) {
    await page.locator('#search-input').fill('');
    await page.locator(filterBox(spec)).uncheck();
    await waitForStatus(page, new RegExp(`^${IDLE}`));
  }
  return timing;
}

/**
 * Loads the built search page in Chromium with a cold cache and types `cold`, then times each query: last
 * keystroke (the whole text typed at once) → results rendered, and the bytes that query fetched (index chunks,
 * fragments, lookup shards), after the page and its first search assets have loaded.
 */
export async function timeSearches(distDir: string, cold: QuerySpec, specs: QuerySpec[]): Promise<SearchTimings> {
  return withBenchPage(distDir, async ({ page, url, counter }) => {
    const navigated = Date.now();
    await page.goto(`${url}/search/`);
    await page.waitForSelector('#search[data-ready="true"]');
    const readyMs = Date.now() - navigated;
    await page.waitForTimeout(300);
    const readyBytes = counter.bytes;
    const coldFirst = await timeOne(page, cold, counter);
    const queries: QueryTiming[] = [];
    for (const spec of specs) queries.push(await timeOne(page, spec, counter));
    return { readyMs, readyBytes, coldFirst, queries };
  });
}
