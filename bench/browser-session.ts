/** A Chromium page on a static server over a built site, counting the bytes of every response it receives. */
import { loadChromium, type Page } from '../scripts/browser/chromium.ts';
import { startStaticServer } from '../scripts/browser/static-server.ts';

const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface BenchPage {
  page: Page;
  url: string;
  /** Bytes of response bodies since the last reset; set `bytes = 0` to start counting again. */
  counter: { bytes: number };
}

/** Runs `use` with a fresh browser profile (a cold cache) and closes the browser and server afterwards. */
export async function withBenchPage<T>(distDir: string, use: (session: BenchPage) => Promise<T>): Promise<T> {
  const server = await startStaticServer(distDir, '/');
  const chromium = await loadChromium();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await (await browser.newContext()).newPage();
    const counter = { bytes: 0 };
    page.on('requestfinished', (request) => {
      void request
        .sizes()
        .then((s) => {
          counter.bytes += s.responseBodySize;
        })
        .catch(() => undefined);
    });
    return await use({ page, url: server.url, counter });
  } finally {
    await browser.close();
    await server.close();
  }
}
