/**
 * The interactive inventory tables in a real Chromium, on the demo site (hosted under a sub-path) and on a shared
 * multilingual database: readable at 1280 and 390 px, sorted, filtered and paged as the snapshot files say (the
 * expected rows are computed here from the snapshot's NDJSON), the same view after a reload, downloads of the view.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseCsv } from '../../src/lib/csv.ts';
import { buildSite, crawl, launchBrowser } from '../support/site-e2e.ts';
import type { Browser, BrowserContext, Page } from '../../scripts/browser/chromium.ts';
import { readSnapshotOracle, type SnapshotOracle } from '../support/site-snapshot-oracle.ts';
import { startStaticServer, type StaticServer } from '../../scripts/browser/static-server.ts';
import { builtSite } from '../support/built-site.ts';
import { MULTILINGUAL_SITE } from '../support/site-builds.ts';
import {
  headerShiftOnScroll,
  scrollsInOwnBox,
  shownColumn,
  tableOf,
  waitForTable,
  wrappedCells,
} from '../support/table-view.ts';

const PAGE_SIZE = 100;
const INVENTORIES = [
  'items',
  'content-types',
  'fill-rates',
  'editors',
  'broken-references',
  'orphan-media',
  'culture-coverage',
  'audit',
];
type Json = Record<string, unknown>;

interface Site {
  name: string;
  server: StaticServer;
  oracle: SnapshotOracle;
  url(p?: string): string;
}

type ItemRow = Json & { kind: string; language: string };

/**
 * Items-table rows as the snapshot tells them: index entries, one per language of a culture-variant item (with that
 * language's name and URL from the full record), one with no language for an invariant item.
 */
function itemRows(oracle: SnapshotOracle): ItemRow[] {
  return (['content', 'media'] as const).flatMap((kind) => {
    const cultures = new Map(
      oracle.records[kind].map((r) => [r.key, (r.cultures as Record<string, Json> | undefined) ?? {}]),
    );
    return oracle.index[kind].flatMap((e) => {
      const languages = Object.entries(cultures.get(e.key) ?? {});
      if (languages.length === 0) return [{ ...e, kind, language: '' }];
      return languages.map(([language, c]) => ({ ...e, kind, language, name: c.name, url: c.url ?? '' }));
    });
  });
}

/** What the text filter matches: the query anywhere in the row's shown and shipped cells, ignoring case. */
const rowText = (r: ItemRow): string =>
  [r.kind, r.id, r.name, r.language, r.type, r.level, r.url ?? '', r.updateDate ?? '', r.key]
    .join('\u0001')
    .toLowerCase();

describe('interactive inventory tables', { timeout: 240_000 }, () => {
  let tmp: string;
  let browser: Browser;
  let context: BrowserContext;
  const sites: Record<'demo' | 'multilingual', Site> = {} as never;

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'site-tables-'));
    const demoSnap = path.join(tmp, 'demo-snapshot');
    await crawl(['--out', demoSnap, '--demo-items', '300'], { SNAPSHOT_CACHE_DIR: path.join(tmp, 'demo-cache') });
    const demoDist = path.join(tmp, 'demo-dist');
    await buildSite(['--snapshot', demoSnap, '--base', '/snap/', '--out', demoDist, '--cache', `${demoDist}-build`]);
    // The multilingual site is the one the other browser test files share (built once, kept in their build cache).
    const multilingual = await builtSite(MULTILINGUAL_SITE);
    const builds: Array<[keyof typeof sites, string, string, string]> = [
      ['demo', demoDist, '/snap/', demoSnap],
      ['multilingual', multilingual.dist, '/', path.join(multilingual.buildDir, 'snapshot')],
    ];
    for (const [name, dist, base, snapshot] of builds) {
      const server = await startStaticServer(dist, base);
      const oracle = await readSnapshotOracle(snapshot);
      sites[name] = { name, server, oracle, url: (p = '') => `${server.url}${base}${p}` };
    }
    browser = await launchBrowser();
    context = await browser.newContext({ acceptDownloads: true });
  });

  after(async () => {
    await browser?.close();
    for (const site of Object.values(sites)) await site.server.close();
    await rm(tmp, { recursive: true, force: true });
  });

  async function open(site: Site, p: string, on: BrowserContext = context): Promise<Page> {
    const page = await on.newPage();
    const response = await page.goto(site.url(p));
    assert.equal(response?.status(), 200, site.url(p));
    return page;
  }

  it('renders the first page of every table as HTML without JavaScript', async () => {
    const plain = await browser.newContext({ javaScriptEnabled: false });
    for (const site of Object.values(sites)) {
      const page = await open(site, 'inventories/items/', plain);
      const items = itemRows(site.oracle);
      assert.equal(
        await page.locator('section.data-table tbody tr').count(),
        Math.min(PAGE_SIZE, items.length),
        site.name,
      );
      const ids = await shownColumn(tableOf(page, 'items'), 'id');
      assert.deepEqual(
        ids,
        items.slice(0, PAGE_SIZE).map((r) => String(r.id)),
        `${site.name}: snapshot order`,
      );
      for (const name of INVENTORIES.slice(1)) {
        await page.goto(site.url(`inventories/${name}/`));
        const rows = await page.locator(`section.data-table[data-table="${name}"] tbody tr`).count();
        assert.ok(rows <= PAGE_SIZE, `${site.name} ${name}: ${rows} rows`);
      }
      await page.close();
    }
  });

  it('keeps ids, GUIDs, dates and aliases on one line at 1280 and 390 px; wide tables scroll in a box', async () => {
    for (const width of [1280, 390]) {
      const sized = await browser.newContext({ viewport: { width, height: 900 } });
      for (const site of Object.values(sites)) {
        for (const name of INVENTORIES) {
          const page = await open(site, `inventories/${name}/`, sized);
          if ((await tableOf(page, name).count()) === 0) {
            await page.close();
            continue;
          }
          const table = await waitForTable(page, name);
          assert.deepEqual(await wrappedCells(table), [], `${site.name} ${name} at ${width} px`);
          const scroll = await scrollsInOwnBox(table);
          assert.equal(scroll.page, false, `${site.name} ${name} at ${width} px: the page does not scroll sideways`);
          if (name === 'items' && width === 390)
            assert.equal(scroll.box, true, `${site.name} items scroll in their box`);
          if (name === 'items')
            assert.equal(await headerShiftOnScroll(table, 200), 0, `${site.name}: the header stays`);
          await page.close();
        }
      }
    }
  });

  it('sorts, filters and pages through every row of the items table as the snapshot says', async () => {
    const site = sites.demo;
    const all = itemRows(site.oracle);
    const content = all.filter((r) => r.kind === 'content').sort((a, b) => Number(b.id) - Number(a.id));
    assert.ok(content.length > PAGE_SIZE, 'the demo site has more content items than one page');
    const page = await open(site, 'inventories/items/');
    const table = await waitForTable(page, 'items');
    const kind = table.locator('select[data-facet="kind"]');
    assert.match(await kind.locator('option[value="content"]').innerText(), new RegExp(`\\(${content.length}\\)$`));
    await kind.selectOption('content');
    await table.locator('th[data-column="id"] button').click();
    await table.locator('th[data-column="id"] button').click();
    assert.equal(
      await table.locator('th[data-column="id"]').evaluate((th) => th.getAttribute('aria-sort')),
      'descending',
    );
    await table.locator('button', { hasText: /^Next$/ }).click();
    const expected = content.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((r) => String(r.id));
    assert.deepEqual(await shownColumn(table, 'id'), expected, 'page 2 of content by id, descending');
    assert.match(page.url(), /sort=-id/);

    await page.reload();
    const again = await waitForTable(page, 'items');
    assert.deepEqual(await shownColumn(again, 'id'), expected, 'the same view after a reload');
    assert.equal(await again.locator('select[data-facet="kind"]').inputValue(), 'content');
    if (process.env.UPDATE_SCREENSHOTS) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: path.resolve(import.meta.dirname, '../../docs/screenshot-items-table.png') });
    }

    await again.locator('button', { hasText: /^Last$/ }).click();
    const lastPage = content.slice(Math.floor((content.length - 1) / PAGE_SIZE) * PAGE_SIZE).map((r) => String(r.id));
    assert.deepEqual(await shownColumn(again, 'id'), lastPage, 'the last page holds the last rows (no cap)');
    await page.close();
  });

  it('filters by text and downloads the filtered view as CSV and JSON', async () => {
    const site = sites.demo;
    const all = itemRows(site.oracle);
    const words = all.filter((r) => r.kind === 'content' && r.level === 3).flatMap((r) => String(r.name).split(/\s+/));
    const query = (words.find((w) => w.length >= 4) ?? '').slice(0, 4).toLowerCase();
    const matching = all.filter((r) => rowText(r).includes(query));
    assert.ok(query.length === 4 && matching.length > 0 && matching.length < all.length, `query '${query}'`);
    const page = await open(site, 'inventories/items/');
    const table = await waitForTable(page, 'items');
    await table.locator('input[type="search"]').fill(query);
    await page.waitForFunction((q) => new URLSearchParams(location.search).get('q') === q, query);
    assert.deepEqual(
      await shownColumn(table, 'id'),
      matching.slice(0, PAGE_SIZE).map((r) => String(r.id)),
    );
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      table.locator('button', { hasText: /^CSV$/ }).click(),
    ]);
    const csv = await readFile(await csvDownload.path(), 'utf8');
    assert.ok(csv.startsWith('\uFEFF'), 'a byte order mark for Excel');
    const rows = parseCsv(csv);
    assert.equal(rows.length - 1, matching.length);
    const keyAt = rows[0]?.indexOf('key') ?? -1;
    assert.deepEqual(
      rows.slice(1).map((r) => r[keyAt]),
      matching.map((r) => r.key),
    );
    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      table.locator('button', { hasText: /^JSON$/ }).click(),
    ]);
    const json = JSON.parse(await readFile(await jsonDownload.path(), 'utf8')) as Json[];
    assert.deepEqual(
      json.map((r) => r.key),
      matching.map((r) => r.key),
    );
    await page.close();
  });

  it('filters a multilingual site by language, in the items table and in culture coverage', async () => {
    const site = sites.multilingual;
    const { oracle } = site;
    const page = await open(site, 'inventories/items/?language=es');
    const table = await waitForTable(page, 'items');
    const withEs = itemRows(oracle).filter((r) => r.language === 'es');
    assert.equal(withEs.length, oracle.cultureCounts.es);
    assert.deepEqual(
      await shownColumn(table, 'key'),
      withEs.slice(0, PAGE_SIZE).map((r) => r.key as string),
    );
    assert.deepEqual(
      await shownColumn(table, 'name'),
      withEs.slice(0, PAGE_SIZE).map((r) => r.name as string),
      'the Spanish names',
    );
    assert.deepEqual(
      await shownColumn(table, 'url'),
      withEs.slice(0, PAGE_SIZE).map((r) => r.url as string),
      'the Spanish URLs',
    );
    await page.goto(site.url('inventories/culture-coverage/?missing=da&sort=name'));
    const coverage = await waitForTable(page, 'culture-coverage');
    const lacking = oracle.variantItems - (oracle.cultureCounts.da ?? 0);
    assert.match(await coverage.locator('.table-status').innerText(), new RegExp(`of ${lacking} \\(filtered`));
    const products = itemRows(oracle).filter((r) => r.kind === 'content' && r.type === 'product');
    assert.ok(products.length > 1, 'the multilingual site has products');
    assert.ok(new Set(products.map((r) => r.language)).size > 1, 'a row per language of each product');
    await page.goto(site.url('inventories/items/?type=product'));
    const ofType = await waitForTable(page, 'items');
    assert.deepEqual(
      await shownColumn(ofType, 'id'),
      products.map((r) => String(r.id)),
      'the items of a type',
    );
    await page.close();
  });
});
