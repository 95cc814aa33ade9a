/**
 * A browser test file's view of its built sites: each served from its cached build (tests/support/built-site.ts), its
 * snapshot read by the oracle, one Chromium context for the file, every request outside the sites and every dialog
 * recorded so a test can assert there were none.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before } from 'node:test';
import type { BrowserContext, Page } from '../../scripts/browser/chromium.ts';
import { startStaticServer, type StaticServer } from '../../scripts/browser/static-server.ts';
import { builtSite, type SiteBuild } from './built-site.ts';
import { launchBrowser } from './site-e2e.ts';
import { readSnapshotOracle, type SnapshotOracle } from './site-snapshot-oracle.ts';

export interface Site {
  name: string;
  base: string;
  snapshot: string;
  siteData: string;
  server: StaticServer;
  oracle: SnapshotOracle;
  url(p?: string): string;
}

export interface ServedBuild extends SiteBuild {
  /** The path the site is hosted under (as given by --base; default /). */
  readonly base?: string;
  /** The snapshot the site was built from, relative to the build's folder (default: the crawl's, build/snapshot). */
  readonly snapshot?: string;
}

export interface SiteSession<N extends string = string> {
  readonly sites: Record<N, Site>;
  /** Requests that left the sites, and dialogs opened, in the order they happened. */
  readonly outside: string[];
  context(): BrowserContext;
  /** Opens `p` under the site's base in a new page and checks it answers 200. */
  open(site: Site, p: string): Promise<Page>;
}

/** Registers the before/after hooks of the enclosing suite: builds (or reuses) and serves `builds`, then Chromium. */
export function useSites<N extends string>(
  builds: ReadonlyArray<ServedBuild & { readonly name: N }>,
  options: { downloads?: boolean } = {},
): SiteSession<N> {
  const sites = {} as Record<N, Site>;
  const outside: string[] = [];
  let context: BrowserContext | undefined;
  let close = async (): Promise<void> => {};
  before(async () => {
    for (const build of builds) {
      const built = await builtSite(build);
      const base = build.base ?? '/';
      const server = await startStaticServer(built.dist, base);
      const snapshot = path.join(built.dir, build.snapshot ?? path.join('build', 'snapshot'));
      sites[build.name] = {
        name: build.name,
        base,
        snapshot,
        siteData: path.join(built.buildDir, 'site-data'),
        server,
        oracle: await readSnapshotOracle(snapshot),
        url: (p = '') => `${server.url}${base}${p}`,
      };
    }
    const browser = await launchBrowser();
    close = () => browser.close();
    context = await browser.newContext({ acceptDownloads: options.downloads === true });
    context.on('request', (request) => {
      const url = request.url();
      if (!Object.values<Site>(sites).some((s) => url.startsWith(s.server.url)) && !url.startsWith('data:'))
        outside.push(url);
    });
  });
  after(async () => {
    await close();
    for (const site of Object.values<Site>(sites)) await site.server.close();
  });
  const getContext = (): BrowserContext => {
    if (context === undefined) throw new Error('the browser starts in before()');
    return context;
  };
  return {
    sites,
    outside,
    context: getContext,
    open: async (site, p) => {
      const page = await getContext().newPage();
      page.on('dialog', (dialog) => {
        outside.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      const response = await page.goto(site.url(p));
      assert.equal(response?.status(), 200, `${site.url(p)} answers 200`);
      return page;
    },
  };
}
