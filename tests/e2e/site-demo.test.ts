/**
 * The demo site in a real Chromium, with a hostile item injected into a copy of its snapshot and hosted under a
 * sub-path. Every count checked here is recomputed from the snapshot files by tests/support/site-snapshot-oracle.ts.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { UsedByEntry } from '../../src/lib/site-data/site-data-format.ts';
import { XSS_ITEM_KEY } from '../support/site-e2e.ts';
import { DEMO_PROBE_SITE } from '../support/site-builds.ts';
import {
  checkDownloadLinks,
  checkInventoryCounts,
  checkItemsCsv,
  checkValueWordSearch,
} from '../support/site-checks.ts';
import { useSites, type Site } from '../support/site-session.ts';

// The README's screenshots are refreshed with UPDATE_SCREENSHOTS=1; ordinary runs leave the work tree clean.
const DOCS = process.env.UPDATE_SCREENSHOTS
  ? path.resolve(import.meta.dirname, '../../docs')
  : path.join(tmpdir(), 'cms-snapshot-screenshots');

describe('the demo site in Chromium', { timeout: 240_000 }, () => {
  const session = useSites([DEMO_PROBE_SITE], { downloads: true });
  const { sites, outside, open } = session;

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
    const branchOf = (key: unknown) =>
      page.locator(`ul.tree li:has(> a[href="${site.base}content/${key}/"]) > details`);
    const rootOpen = await branchOf(root.key).evaluate((d) => (d as HTMLDetailsElement).open);
    if (!rootOpen) await branchOf(root.key).locator('> summary').click();
    await branchOf(parent.key).locator('> summary').click();
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

  it('finds an item by a word that only appears in one of its values (demo)', () =>
    checkValueWordSearch(session, sites.demo));

  it('downloads inventory CSVs whose row counts match the snapshot', () => checkItemsCsv(session, sites.demo));

  it("serves every linked download as the site data's file", async () => {
    const files = await checkDownloadLinks(sites.demo);
    for (const file of ['items.csv', 'items.json', 'redirects.csv', 'model.dot', 'model.mmd'])
      assert.ok(files.includes(file), `a page links ${file}`);
  });

  it('shows inventory counts equal to counts taken from the snapshot files', () =>
    checkInventoryCounts(session, sites.demo));

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

  it('sent no request outside the site and opened no dialog', () => {
    assert.deepEqual(outside, []);
  });
});
