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

/** A query typed key by key over the results of another, as a person types: how long the keys and the results took. */
export interface TypedTiming {
  query: string;
  keyMs: number;
  /** First key → last key: longer than the keys' own delays when they wait behind searches. */
  typingMs: number;
  /** First key → the results of the whole text rendered. */
  resultsMs: number;
  results: string;
}

/** The pace of the typed query's keys: a brisk typist. */
const TYPED_KEY_MS = 120;

export interface SearchTimings {
  /** A fresh browser profile: navigation → search page ready, and the bytes fetched until then. */
  readyMs: number;
  readyBytes: number;
  /** The first query typed on that cold page: last keystroke → rendered results. */
  coldFirst: QueryTiming;
  /** Each query on the warmed page, typed into the emptied box. */
  queries: QueryTiming[];
  typed?: TypedTiming;
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

/** Types `spec` key by key over the results of `over`, from the first key until its own results are rendered. */
async function timeTyped(page: Page, over: QuerySpec, spec: QuerySpec): Promise<TypedTiming> {
  await page.locator('#search-input').fill(over.text);
  await waitForResults(page, over.text);
  await page.waitForTimeout(300);
  await page.locator('#search-input').selectText();
  const started = await page.evaluate(() => performance.now());
  await page.keyboard.type(spec.text, { delay: TYPED_KEY_MS });
  const typed = await page.evaluate(() => performance.now());
  await waitForResults(page, spec.text);
  const done = await page.evaluate(() => performance.now());
  return {
    query: spec.text,
    keyMs: TYPED_KEY_MS,
    typingMs: Math.round(typed - started),
    resultsMs: Math.round(done - started),
    results: await page.locator('#search-status').innerText(),
  };
}

/**
 * Loads the built search page in Chromium with a cold cache and types `cold`, then times each query: last
 * keystroke (the whole text typed at once) → results rendered, and the bytes that query fetched (index chunks,
 * fragments, lookup shards), after the page and its first search assets have loaded.
 */
export async function timeSearches(
  distDir: string,
  cold: QuerySpec,
  specs: QuerySpec[],
  typed?: QuerySpec,
): Promise<SearchTimings> {
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
    // Over the results of the cold query, which the page has in hand: the typed name's own searches are all timed.
    return { readyMs, readyBytes, coldFirst, queries, ...(typed ? { typed: await timeTyped(page, cold, typed) } : {}) };
  });
}
