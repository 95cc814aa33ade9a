import { loadChromium } from '../scripts/browser/chromium.ts';
import { startStaticServer } from '../scripts/browser/static-server.ts';

export interface QueryTiming {
  query: string;
  ms: number;
  bytes: number;
  results: string;
}

const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Loads the built search page in Chromium and, per query, times typing → results rendered and counts the bytes
 * the query fetched (index chunks, fragments), after the page and its first search assets have loaded.
 */
export async function timeSearches(distDir: string, queries: string[]): Promise<QueryTiming[]> {
  const server = await startStaticServer(distDir, '/');
  const chromium = await loadChromium();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    let bytes = 0;
    page.on('requestfinished', (request) => {
      void request
        .sizes()
        .then((s) => {
          bytes += s.responseBodySize;
        })
        .catch(() => undefined);
    });
    await page.goto(`${server.url}/search/`);
    await page.waitForSelector('#search[data-ready="true"]');
    const timings: QueryTiming[] = [];
    for (const query of queries) {
      await page.locator('#search-input').fill('');
      await page.waitForTimeout(400);
      bytes = 0;
      const started = await page.evaluate(() => performance.now());
      await page.locator('#search-input').fill(query);
      await page.waitForFunction((q: string) => {
        const status = document.getElementById('search-status')?.textContent ?? '';
        return (
          status.includes(`“${q}”`) &&
          (status.startsWith('0 ') || document.querySelector('#search-results li') !== null)
        );
      }, query);
      const ms = (await page.evaluate(() => performance.now())) - started;
      await page.waitForTimeout(300);
      timings.push({ query, ms, bytes, results: await page.locator('#search-status').innerText() });
    }
    return timings;
  } finally {
    await browser.close();
    await server.close();
  }
}
