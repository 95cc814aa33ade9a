/**
 * The built site in a real Chromium: sites built in-process from the demo database (with a hostile item injected into a
 * copy of its snapshot, hosted under a sub-path), a multilingual shared database and the largest shared database.
 * Every count checked here is recomputed from the snapshot files by tests/support/site-snapshot-oracle.ts.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from '../../scripts/browser/chromium.ts';
import { parseCsv } from '../../src/lib/csv.ts';
import type { UsedByEntry } from '../../src/lib/site-data/site-data-format.ts';
import { buildSite, crawl, launchBrowser, XSS_ITEM_KEY, xssItem } from '../support/site-e2e.ts';
import { copyWithInjectedContent } from '../support/site-fixture-snapshot.ts';
import {
  findValueOnlyWord,
  itemRowCount,
  readSnapshotOracle,
  type SnapshotOracle,
} from '../support/site-snapshot-oracle.ts';
import { startStaticServer, type StaticServer } from '../../scripts/browser/static-server.ts';
import { sharedDatabase } from '../support/shared-databases.ts';

// The README's screenshots are refreshed with UPDATE_SCREENSHOTS=1; ordinary runs leave the work tree clean.
const DOCS = process.env.UPDATE_SCREENSHOTS
  ? path.resolve(import.meta.dirname, '../../docs')
  : path.join(tmpdir(), 'cms-snapshot-screenshots');

interface Site {
  name: string;
  base: string;
  snapshot: string;
  siteData: string;
  server: StaticServer;
  oracle: SnapshotOracle;
  url(p?: string): string;
}

describe('the built site in Chromium', { timeout: 240_000 }, () => {
  let tmp: string;
  let browser: Browser;
  let context: BrowserContext;
  const sites: Record<'demo' | 'multilingual' | 'largest', Site> = {} as never;
  const outside: string[] = [];

  async function serve(name: string, base: string, snapshot: string, buildDir: string, dist: string): Promise<Site> {
    const server = await startStaticServer(dist, base);
    return {
      name,
      base,
      snapshot,
      siteData: path.join(buildDir, 'site-data'),
      server,
      oracle: await readSnapshotOracle(snapshot),
      url: (p = '') => `${server.url}${base}${p}`,
    };
  }

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'site-e2e-'));
    const demoSnap = path.join(tmp, 'demo-snapshot');
    await crawl(['--out', demoSnap, '--demo-items', '300'], { SNAPSHOT_CACHE_DIR: path.join(tmp, 'demo-cache') });
    const probeSnap = path.join(tmp, 'demo-probe-snapshot');
    await copyWithInjectedContent(demoSnap, probeSnap, [xssItem()]);
    const builds: Array<[keyof typeof sites, string[], string]> = [
      ['demo', ['--snapshot', probeSnap, '--base', '/snap/'], '/snap/'],
      ['multilingual', ['--db', sharedDatabase('tdufrane_searchcourse.db')], '/'],
      ['largest', ['--db', sharedDatabase('umbraco_umbraco.commerce.demostore_15.x.db')], '/'],
    ];
    for (const [name, args, base] of builds) {
      const started = Date.now();
      const buildDir = path.join(tmp, `${name}-build`);
      const dist = path.join(tmp, `${name}-dist`);
      await buildSite([...args, '--out', dist, '--cache', buildDir]);
      sites[name] = await serve(
        name,
        base,
        name === 'demo' ? probeSnap : path.join(buildDir, 'snapshot'),
        buildDir,
        dist,
      );
      process.stderr.write(`# built the ${name} site in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
    }
    browser = await launchBrowser();
    context = await browser.newContext({ acceptDownloads: true });
    context.on('request', (request) => {
      const url = request.url();
      if (!Object.values(sites).some((s) => url.startsWith(s.server.url)) && !url.startsWith('data:'))
        outside.push(url);
    });
  });

  after(async () => {
    await browser?.close();
    for (const site of Object.values(sites)) await site.server.close();
    await rm(tmp, { recursive: true, force: true });
  });

  async function open(site: Site, p: string): Promise<Page> {
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      outside.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const response = await page.goto(site.url(p));
    assert.equal(response?.status(), 200, `${site.url(p)} answers 200`);
    return page;
  }

  const nodeOf = (site: Site, key: string) =>
    [...site.oracle.index.content, ...site.oracle.index.media].find((e) => e.key === key);

  it('shows the manifest on the home page, with landmarks and one h1', async () => {
    const site = sites.demo;
    const page = await open(site, '');
    assert.equal(await page.locator('h1').count(), 1);
    for (const landmark of ['header', 'nav', 'main', 'footer'])
      assert.equal((await page.locator(landmark).count()) >= 1, true, landmark);
    const text = await page.locator('main').innerText();
    assert.match(text, new RegExp(`Content items\\s+${site.oracle.index.content.length}\\b`));
    assert.match(text, new RegExp(`Media items\\s+${site.oracle.index.media.length}\\b`));
    await mkdir(DOCS, { recursive: true });
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.screenshot({ path: path.join(DOCS, 'screenshot-home.png') });
    await page.close();
  });

  it('reaches an item three levels down by opening the tree', async () => {
    const site = sites.demo;
    const byId = new Map(site.oracle.index.content.map((e) => [e.id, e]));
    const target = site.oracle.index.content.find(
      (e) => e.level === 3 && byId.get(e.parentId as number)?.sortOrder === 0,
    );
    assert.ok(target, 'the demo tree is at least three levels deep');
    const parent = byId.get(target.parentId as number) as Record<string, unknown>;
    const root = byId.get(parent.parentId as number) as Record<string, unknown>;
    const page = await open(site, 'content/');
    const summaryOf = (key: unknown) => page.locator(`ul.tree summary:has(> a[href="${site.base}content/${key}/"])`);
    const rootOpen = await page
      .locator(`ul.tree details:has(> summary > a[href="${site.base}content/${root.key}/"])`)
      .evaluate((d) => (d as HTMLDetailsElement).open);
    if (!rootOpen) await summaryOf(root.key).locator('.meta').click();
    await summaryOf(parent.key).locator('.meta').click();
    await page.locator(`ul.tree a[href="${site.base}content/${target.key}/"]`).click();
    await page.waitForURL(`**/content/${target.key}/`);
    assert.equal(await page.locator('h1').innerText(), target.name);
    assert.deepEqual(await page.locator('nav.breadcrumbs a').allInnerTexts(), [root.name, parent.name]);
    await page.setViewportSize({ width: 1200, height: 1500 });
    await page.screenshot({ path: path.join(DOCS, 'screenshot-item.png') });
    await page.close();
  });

  it('follows references to another item and to a media item, and shows "used by"', async () => {
    const site = sites.demo;
    const usedBy = JSON.parse(await readFile(path.join(site.siteData, 'used-by.json'), 'utf8')) as Record<
      string,
      UsedByEntry
    >;
    const edges = Object.entries(usedBy).flatMap(([to, e]) =>
      e.from.map((f) => ({ from: f.key, fromKind: f.kind, to })),
    );
    const mediaKeys = new Set(site.oracle.index.media.map((e) => e.key));
    const source = edges.find(
      (e) =>
        e.fromKind === 'content' && mediaKeys.has(e.to) && edges.some((o) => o.from === e.from && !mediaKeys.has(o.to)),
    );
    assert.ok(source, 'some content item references both a content item and a media item');
    const contentTarget = edges.find((o) => o.from === source.from && !mediaKeys.has(o.to))?.to as string;
    const page = await open(site, `content/${source.from}/`);
    await page.locator(`#main a[href="${site.base}media/${source.to}/"]`).first().click();
    await page.waitForURL(`**/media/${source.to}/`);
    assert.equal(await page.locator('h1').innerText(), nodeOf(site, source.to)?.name);
    assert.equal(
      await page.locator(`#used-by ~ ul a[href="${site.base}content/${source.from}/"]`).count(),
      1,
      'the media page lists the referencing item',
    );
    await page.goBack();
    await page.locator(`#main a[href="${site.base}content/${contentTarget}/"]`).first().click();
    await page.waitForURL(`**/content/${contentTarget}/`);
    assert.match(await page.locator('#used-by').innerText(), /Used by \(\d+\)/);
    assert.equal(await page.locator(`#used-by ~ ul a[href="${site.base}content/${source.from}/"]`).count(), 1);
    await page.close();
  });

  async function searchPage(site: Site): Promise<Page> {
    const page = await open(site, 'search/');
    await page.waitForSelector('#search[data-ready="true"]');
    return page;
  }

  for (const name of ['demo', 'multilingual', 'largest'] as const) {
    it(`finds an item by a word that only appears in one of its values (${name})`, async () => {
      const site = sites[name];
      const found = findValueOnlyWord(site.oracle);
      assert.ok(found, 'the snapshot has a word that only one item holds');
      const page = await searchPage(site);
      await page.locator('#search-input').fill(found.word);
      await page.keyboard.press('Enter');
      const kind = site.oracle.index.content.some((e) => e.key === found.key) ? 'content' : 'media';
      await page.locator(`#search-results a[href="${site.base}${kind}/${found.key}/"]`).waitFor();
      await page.close();
    });
  }

  it('filters by content type and by language with exact counts, and shows breadcrumbs', async () => {
    const site = sites.multilingual;
    const page = await searchPage(site);
    const counts = new Map<string, number>();
    for (const e of site.oracle.index.content)
      counts.set(
        site.oracle.typeLabelOf(String(e.type)),
        (counts.get(site.oracle.typeLabelOf(String(e.type))) ?? 0) + 1,
      );
    const [typeName, expected] = [...counts].sort((a, b) => b[1] - a[1])[0] as [string, number];
    await page.locator(`fieldset[data-filter="type"] input[value="${typeName}"]`).check();
    await page.locator('#search-status', { hasText: new RegExp(`^${expected} results?\\.`) }).waitFor();
    await page
      .locator('#search-results li')
      .nth(Math.min(expected, 20) - 1)
      .waitFor();
    assert.equal(await page.locator('#search-results li').count(), Math.min(expected, 20));
    const crumbs = await page.locator('#search-results .crumbs').allInnerTexts();
    assert.ok(
      crumbs.some((c) => c.includes('Home')),
      'results show their breadcrumbs',
    );
    await page.locator(`fieldset[data-filter="type"] input[value="${typeName}"]`).uncheck();
    await page.locator('fieldset[data-filter="language"] input[value="es"]').check();
    await page
      .locator('#search-status', { hasText: new RegExp(`^${site.oracle.cultureCounts.es} results?\\.`) })
      .waitFor();
    await page.close();
  });

  it('downloads inventory CSVs whose row counts match the snapshot', async () => {
    for (const site of [sites.demo, sites.largest]) {
      const page = await open(site, 'inventories/items/');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('a[href$="downloads/items.csv"]').first().click(),
      ]);
      const rows = parseCsv(await readFile(await download.path(), 'utf8'));
      assert.equal(
        rows.length - 1,
        itemRowCount(site.oracle),
        `${site.name} items.csv rows: one per item, per language for variant items`,
      );
      assert.deepEqual(rows[0]?.slice(0, 6), ['kind', 'id', 'key', 'parentKey', 'name', 'type']);
      await page.close();
    }
  });

  it('shows inventory counts equal to counts taken from the snapshot files', async () => {
    for (const site of Object.values(sites)) {
      const { oracle } = site;
      const count = async (page: Page, name: string) =>
        Number(await page.locator(`[data-count="${name}"]`).innerText());
      let page = await open(site, 'inventories/items/');
      assert.equal(await count(page, 'content'), oracle.index.content.length, `${site.name} content`);
      assert.equal(await count(page, 'media'), oracle.index.media.length, `${site.name} media`);
      const byType = new Map<string, number>();
      for (const kind of ['content', 'media'] as const)
        for (const e of oracle.index[kind]) byType.set(`${kind}:${e.type}`, (byType.get(`${kind}:${e.type}`) ?? 0) + 1);
      for (const [id, n] of byType)
        assert.equal(Number(await page.locator(`[data-type-count="${id}"]`).innerText()), n, `${site.name} ${id}`);
      await page.close();
      page = await open(site, 'inventories/content-types/');
      assert.equal(await count(page, 'defined'), oracle.contentTypes.length, `${site.name} types`);
      await page.close();
      page = await open(site, 'inventories/culture-coverage/');
      assert.equal(await count(page, 'variant'), oracle.variantItems, `${site.name} variant items`);
      for (const [iso, n] of Object.entries(oracle.cultureCounts))
        assert.equal(
          Number(await page.locator(`[data-language-items="${iso}"]`).innerText()),
          n,
          `${site.name} ${iso}`,
        );
      await page.close();
      page = await open(site, 'inventories/orphan-media/');
      assert.equal(await count(page, 'orphans'), oracle.orphanMediaKeys.length, `${site.name} orphan media`);
      await page.close();
    }
  });

  it('shows every language of a culture-variant item', async () => {
    const site = sites.multilingual;
    const record = site.oracle.records.content.find(
      (r) => Object.keys((r.cultures as object | undefined) ?? {}).length === 3,
    );
    assert.ok(record);
    const page = await open(site, `content/${record.key}/`);
    for (const [iso, culture] of Object.entries(record.cultures as Record<string, { name: string }>)) {
      assert.equal(await page.locator(`h2#culture-${iso}`).innerText(), `${iso}: ${culture.name}`);
    }
    assert.equal(await page.locator('h1').count(), 1, 'rich-text headings do not add an h1');
    await page.close();
  });

  it('renders the hostile item without running any of its scripts', async () => {
    const site = sites.demo;
    for (const p of [`content/${XSS_ITEM_KEY}/`, 'content/', `search/?q=probe`]) {
      const page = await open(site, p);
      await page.waitForLoadState('networkidle');
      if (p.startsWith('search')) await page.locator('#search-results li').first().waitFor();
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details')) d.open = true;
      });
      await page.mouse.move(10, 10);
      await page.mouse.move(300, 300);
      await page.waitForTimeout(200);
      assert.equal(
        await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
        undefined,
        `no payload ran on ${p}`,
      );
      await page.close();
    }
    const page = await open(site, `content/${XSS_ITEM_KEY}/`);
    assert.match(
      await page.locator('h1').innerText(),
      /^<script>window\.__xss=1<\/script>/,
      'the hostile name is shown as text',
    );
    assert.equal(
      await page
        .locator('#main script, #main iframe, #main object, #main embed, #main form, #main svg, #main img')
        .count(),
      0,
    );
    const hrefs = await page.locator('#main a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    assert.ok(hrefs.length > 0);
    for (const href of hrefs) assert.doesNotMatch(href.trim(), /^(javascript|data|vbscript):/i, href);
    const handlers = await page
      .locator('#main *')
      .evaluateAll((els) => els.flatMap((el) => el.getAttributeNames().filter((n) => n.startsWith('on'))));
    assert.deepEqual(handlers, []);
    await page.close();
  });

  it('is readable on a narrow screen and usable with the keyboard', async () => {
    const site = sites.multilingual;
    const page = await open(site, '');
    await page.setViewportSize({ width: 360, height: 740 });
    for (const p of [
      '',
      'content/',
      `content/${site.oracle.index.content[0]?.key}/`,
      'inventories/editors/',
      'search/',
      `types/${site.oracle.contentTypes[0]?.key}/`,
    ]) {
      await page.goto(site.url(p));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 360, `${p || 'home'} scrolls sideways (${width}px)`);
    }
    await page.goto(site.url('content/'));
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
    const summary = page.locator('ul.tree ul summary').first();
    await summary.focus();
    await page.keyboard.press('Enter');
    assert.equal(
      await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open),
      true,
      'Enter opens a branch',
    );
    await page.close();
  });

  it('sent no request outside the site and opened no dialog', () => {
    assert.deepEqual(outside, []);
  });
});
