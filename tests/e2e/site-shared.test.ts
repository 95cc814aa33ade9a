/**
 * Sites built from two shared databases in a real Chromium: a multilingual one and the largest one. Every count
 * checked here is recomputed from the snapshot files by tests/support/site-snapshot-oracle.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMMERCE_SITE, MULTILINGUAL_SITE } from '../support/site-builds.ts';
import { checkInventoryCounts, checkItemsCsv, checkValueWordSearch, openSearch } from '../support/site-checks.ts';
import { useSites } from '../support/site-session.ts';

describe('the shared-database sites in Chromium', { timeout: 240_000 }, () => {
  const session = useSites([MULTILINGUAL_SITE, COMMERCE_SITE], { downloads: true });
  const { sites, outside, open } = session;

  for (const name of ['multilingual', 'largest'] as const) {
    it(`finds an item by a word that only appears in one of its values (${name})`, () =>
      checkValueWordSearch(session, sites[name]));
  }

  it('filters by content type and by language with exact counts, and shows breadcrumbs', async () => {
    const site = sites.multilingual;
    const page = await openSearch(session, site);
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

  it('downloads inventory CSVs whose row counts match the snapshot', () => checkItemsCsv(session, sites.largest));

  it('shows inventory counts equal to counts taken from the snapshot files', async () => {
    for (const site of [sites.multilingual, sites.largest]) await checkInventoryCounts(session, site);
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
