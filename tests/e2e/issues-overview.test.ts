/**
 * The issues overview in a real Chromium on the two shared-database sites, at 1280 and 390 px: the home page's
 * summary and the issues page count what the snapshot's raw files hold (orphan media, external links of a host,
 * product pages without a meta description), each problem's link opens the issue table filtered to it, and an issue
 * row's link opens the rows behind it (the items lacking a value, the links to a host). Neither page scrolls sideways.
 * Item pages link their JSON twin. UPDATE_SCREENSHOTS=dir writes the screenshots looked at into dir.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from '../../scripts/browser/chromium.ts';
import { COMMERCE_SITE, MULTILINGUAL_SITE } from '../support/site-builds.ts';
import { useSites, type Site } from '../support/site-session.ts';
import { waitForTable } from '../support/table-view.ts';

type Json = Record<string, unknown>;
const SHOTS = process.env.UPDATE_SCREENSHOTS;

/** Links to `host` in the raw values: distinct item × property × URL (the inventory's row). */
function linksTo(site: Site, host: string): number {
  const seen = new Set<string>();
  for (const record of [...site.oracle.records.content, ...site.oracle.records.media]) {
    const sets = [
      record.properties,
      ...Object.values((record.cultures as Record<string, Json> | undefined) ?? {}).map((c) => c.properties),
    ];
    for (const set of sets)
      for (const [alias, p] of Object.entries((set as Record<string, Json> | undefined) ?? {}))
        for (const m of JSON.stringify(p.value ?? null).matchAll(/https?:\/\/([^/\s"'<>\\`]+)[^\s"'<>\\`]*/gi))
          if (m[1]?.toLowerCase() === host)
            seen.add(`${String(record.key)} ${alias} ${m[0].replace(/[.,;:!?)\]}]+$/, '')}`);
  }
  return seen.size;
}

const summaryCount = (page: Page, problem: string) =>
  page.locator(`table.issue-summary tr[data-problem="${problem}"] [data-issue-count]`).innerText();

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px`);
}

describe('the issues overview in Chromium', { timeout: 240_000 }, () => {
  const { sites, open, outside } = useSites([MULTILINGUAL_SITE, COMMERCE_SITE]);

  it('counts orphan media and external links on the home page as the raw snapshot has them', async () => {
    for (const site of [sites.multilingual, sites.largest]) {
      const page = await open(site, '');
      assert.equal(await summaryCount(page, 'Orphan media'), String(site.oracle.orphanMediaKeys.length), site.name);
      await page.close();
    }
    const page = await open(sites.multilingual, 'inventories/external-links/?host=github.com');
    const table = await waitForTable(page, 'external-links');
    const expected = linksTo(sites.multilingual, 'github.com');
    assert.ok(expected > 0);
    assert.match(await table.locator('.table-status').innerText(), new RegExp(`of ${expected} \\(filtered from`));
    await page.close();
  });

  it('leads from the home page to the filtered issues and on to the rows behind one, at 1280 and 390 px', async () => {
    const site = sites.largest;
    const products = site.oracle.records.content.filter((r) => r.type === 'productPage');
    assert.ok(products.length > 0);
    for (const width of [1280, 390]) {
      const page = await open(site, '');
      await page.setViewportSize({ width, height: 900 });
      await noSidewaysScroll(page, `home at ${width}`);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `home-issues-${width}.png`), fullPage: true });
      await page.locator('table.issue-summary a', { hasText: 'SEO property empty' }).click();
      const table = await waitForTable(page, 'issues');
      assert.match(page.url(), /inventories\/issues\/\?problem=SEO\+property\+empty$/);
      const problems = await table.locator('tbody td:nth-child(2)').allInnerTexts();
      assert.ok(problems.length > 0 && problems.every((p) => p === 'SEO property empty'), problems.join());
      await noSidewaysScroll(page, `issues at ${width}`);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `issues-${width}.png`), fullPage: true });
      const row = table.locator('tbody tr:has(a:text-is("productPage.metaDescription"))');
      assert.equal(await row.locator('td.num').innerText(), String(products.length), 'every product page lacks it');
      await row.locator('a').click();
      await page.waitForURL('**/inventories/missing/productPage/metaDescription/');
      assert.equal(await page.locator('ul[data-missing-list] li').count(), products.length);
      await page.close();
    }
  });

  it("links each item page to its JSON twin, which holds the item's snapshot record", async () => {
    const site = sites.multilingual;
    for (const record of [site.oracle.records.content[0], site.oracle.records.media[0]] as Json[]) {
      const kind = record === site.oracle.records.content[0] ? 'content' : 'media';
      const page = await open(site, `${kind}/${String(record.key)}/`);
      const link = page.locator('a[type="application/json"]', { hasText: 'this item as JSON' });
      const url = await link.evaluate((a) => (a as HTMLAnchorElement).href);
      assert.equal(url, site.url(`${kind}/${String(record.key)}/index.json`));
      const twin = (await (await fetch(url)).json()) as Json;
      assert.deepEqual(twin.item, record);
      await page.close();
    }
  });

  it('sent no request outside the site and opened no dialog', () => {
    assert.deepEqual(outside, []);
  });
});
