/** Checks the browser tests run on each of their sites alike: value search, the items download, inventory counts. */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '../../scripts/browser/chromium.ts';
import { parseCsv } from '../../src/lib/csv.ts';
import type { Site, SiteSession } from './site-session.ts';
import { findValueOnlyWord, itemRowCount } from './site-snapshot-oracle.ts';

export async function openSearch(session: SiteSession, site: Site): Promise<Page> {
  const page = await session.open(site, 'search/');
  await page.waitForSelector('#search[data-ready="true"]');
  return page;
}

/** Finds an item by a word that only appears in one of its values. */
export async function checkValueWordSearch(session: SiteSession, site: Site): Promise<void> {
  const found = findValueOnlyWord(site.oracle);
  assert.ok(found, 'the snapshot has a word that only one item holds');
  const page = await openSearch(session, site);
  await page.locator('#search-input').fill(found.word);
  await page.keyboard.press('Enter');
  const kind = site.oracle.index.content.some((e) => e.key === found.key) ? 'content' : 'media';
  await page.locator(`#search-results a[href="${site.base}${kind}/${found.key}/"]`).waitFor();
  await page.close();
}

/** The items CSV has a row per item, per language for variant items. */
export async function checkItemsCsv(session: SiteSession, site: Site): Promise<void> {
  const page = await session.open(site, 'inventories/items/');
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

/** The inventory pages show the counts taken from the snapshot files. */
export async function checkInventoryCounts(session: SiteSession, site: Site): Promise<void> {
  const { oracle } = site;
  const count = async (page: Page, name: string) => Number(await page.locator(`[data-count="${name}"]`).innerText());
  let page = await session.open(site, 'inventories/items/');
  assert.equal(await count(page, 'content'), oracle.index.content.length, `${site.name} content`);
  assert.equal(await count(page, 'media'), oracle.index.media.length, `${site.name} media`);
  const byType = new Map<string, number>();
  for (const kind of ['content', 'media'] as const)
    for (const e of oracle.index[kind]) byType.set(`${kind}:${e.type}`, (byType.get(`${kind}:${e.type}`) ?? 0) + 1);
  for (const [id, n] of byType)
    assert.equal(Number(await page.locator(`[data-type-count="${id}"]`).innerText()), n, `${site.name} ${id}`);
  await page.close();
  page = await session.open(site, 'inventories/content-types/');
  assert.equal(await count(page, 'defined'), oracle.contentTypes.length, `${site.name} types`);
  await page.close();
  page = await session.open(site, 'inventories/culture-coverage/');
  assert.equal(await count(page, 'variant'), oracle.variantItems, `${site.name} variant items`);
  for (const [iso, n] of Object.entries(oracle.cultureCounts))
    assert.equal(Number(await page.locator(`[data-language-items="${iso}"]`).innerText()), n, `${site.name} ${iso}`);
  await page.close();
  page = await session.open(site, 'inventories/orphan-media/');
  assert.equal(await count(page, 'orphans'), oracle.orphanMediaKeys.length, `${site.name} orphan media`);
  await page.close();
}

/**
 * Every download the inventory, model and mapping pages link to is served, and is the site data's file byte for byte
 * (a build copies them; docs/architecture.md). Returns the files seen, for the caller's own expectations.
 */
export async function checkDownloadLinks(site: Site): Promise<string[]> {
  const get = async (p: string) => {
    const response = await fetch(site.url(p));
    assert.equal(response.status, 200, `${site.name} ${p}`);
    return Buffer.from(await response.arrayBuffer());
  };
  const linksOf = (html: string, pattern: RegExp) =>
    [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!).filter((href) => pattern.test(href));
  const inventories = linksOf((await get('inventories/')).toString('utf8'), /inventories\/[^/]+\/$/).map((href) =>
    href.slice(site.base.length),
  );
  const files = new Set<string>();
  for (const p of ['inventories/', ...inventories, 'model/', 'mapping/'])
    for (const href of linksOf((await get(p)).toString('utf8'), /downloads\/[^/]+$/))
      files.add(href.slice(href.lastIndexOf('/') + 1));
  for (const file of files) {
    if (file === 'snapshot.sqlite') continue;
    const served = await get(`downloads/${file}`);
    assert.ok(served.equals(await readFile(path.join(site.siteData, 'downloads', file))), `${site.name} ${file}`);
  }
  return [...files].sort();
}
