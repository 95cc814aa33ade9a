/**
 * In Chromium, on the multilingual and the largest shared databases: the languages and domains the home page states
 * (against SQL), the property editor census as one line per editor with a page per editor (against the snapshot's
 * content types), and block values read like top-level values, many blocks of one element type as a table (against
 * the block JSON in Umbraco's published cache); at 1280 and 390 px, with screenshots in E2E_SCREENSHOTS when set.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from '../../scripts/browser/chromium.ts';
import { readFile } from 'node:fs/promises';
import { parseCsv } from '../../src/lib/csv.ts';
import { expectedLanguageRows } from '../support/language-rows.ts';
import { readPublishedCache } from '../support/published-cache.ts';
import { waitForTable } from '../support/table-view.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';
import { COMMERCE_DB, COMMERCE_SITE, MULTILINGUAL_SITE } from '../support/site-builds.ts';
import { useSites, type Site } from '../support/site-session.ts';

const WIDTHS = [1280, 390] as const;
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/** Languages (default marked) and domain rows, by SQL. */
function languagesOf(file: string): { list: string[]; domains: number } {
  const db = openForOracle(file);
  const rows = db.prepare('SELECT languageISOCode AS iso, isDefaultVariantLang AS d FROM umbracoLanguage').all();
  const domains = Number((db.prepare('SELECT count(*) AS n FROM umbracoDomain').get() as { n: number }).n);
  db.close();
  return { list: rows.map((r) => `${String(r.iso)}${Number(r.d) === 1 ? ' (default)' : ''}`).sort(), domains };
}

/** The published item with the most `variants` blocks, and each block's sku and price map, from the block JSON. */
interface VariantBlock {
  sku: string;
  price: Record<string, number>;
  media: string[];
}

function variantBlocks(file: string): { key: string; blocks: VariantBlock[] } {
  let best: { nodeId: number; blocks: VariantBlock[] } = { nodeId: 0, blocks: [] };
  for (const entry of readPublishedCache(file)) {
    const raw = entry.published ? entry.properties.variants?.[0]?.value : undefined;
    if (typeof raw !== 'string') continue;
    const data = JSON.parse(raw) as { contentData: Array<{ values: Array<{ alias: string; value: unknown }> }> };
    const blocks = data.contentData.map((c) => {
      const value = (alias: string) => c.values.find((v) => v.alias === alias)?.value;
      const image = JSON.parse(String(value('image') ?? '[]')) as Array<{ mediaKey: string }>;
      return {
        sku: String(value('sku')),
        price: JSON.parse(String(value('price'))) as Record<string, number>,
        media: image.map((m) => `/media/${m.mediaKey.toLowerCase()}/`),
      };
    });
    if (blocks.length > best.blocks.length) best = { nodeId: entry.nodeId, blocks };
  }
  const db = openForOracle(file);
  const row = db.prepare('SELECT lower(uniqueId) AS key FROM umbracoNode WHERE id = ?').get(best.nodeId) as {
    key: string;
  };
  db.close();
  return { key: row.key, blocks: best.blocks };
}

describe('languages, the editor census and block values in Chromium', { timeout: 240_000 }, () => {
  const session = useSites([MULTILINGUAL_SITE, COMMERCE_SITE], { downloads: true });
  const { sites, open } = session;

  async function openAt(site: Site, p: string, width: number): Promise<Page> {
    const page = await open(site, p);
    await page.setViewportSize({ width, height: 900 });
    return page;
  }

  const factOf = (page: Page, label: string) =>
    page.locator('dl.facts dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

  it('states the configured languages, the default one and the domains, and no default-language note', async () => {
    for (const [site, file] of [
      [sites.multilingual, sharedDatabase('tdufrane_searchcourse.db')],
      [sites.largest, COMMERCE_DB],
    ] as const) {
      const expected = languagesOf(file);
      const page = await open(site, '');
      await shot(page, `home-${site.name}-1280`);
      const shown = (await factOf(page, 'Languages').innerText()).split(', ').sort();
      assert.deepEqual(shown, expected.list, site.name);
      assert.equal(Number(await factOf(page, 'Domains').innerText()), expected.domains, site.name);
      for (const p of [
        'inventories/culture-coverage/',
        'inventories/orphan-media/',
        'inventories/broken-references/',
      ]) {
        await page.goto(site.url(p));
        assert.equal(await page.locator('[data-limit="defaultLanguage"]').count(), 0, `${site.name} ${p}`);
      }
      await page.goto(site.url('inventories/culture-coverage/'));
      assert.equal(Number(await page.locator('[data-count="languages"]').innerText()), expected.list.length);
      await page.setViewportSize({ width: 390, height: 900 });
      await shot(page, `coverage-${site.name}-390`);
      await page.close();
    }
  });

  it("exports one language's rows with every column from the items table filtered to it", async () => {
    const expected = [...expectedLanguageRows()].filter(([k]) => k.endsWith(' da'));
    assert.ok(expected.length > 0, 'the database has Danish variants');
    for (const width of WIDTHS) {
      const page = await openAt(sites.multilingual, 'inventories/items/?language=da', width);
      const table = await waitForTable(page, 'items');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        table.locator('.table-downloads button', { hasText: /^CSV$/ }).click(),
      ]);
      const [head, ...body] = parseCsv(await readFile(await download.path(), 'utf8'));
      const columns = ['kind', 'id', 'name', 'language', 'type', 'url', 'key', 'parentKey', 'path', 'createDate'];
      for (const c of [...columns, 'template', 'sortOrder']) assert.ok(head?.includes(c), `${c} in ${head}`);
      const at = (c: string) => head!.indexOf(c);
      const rows = body.map((r) => [
        `${r[at('key')]} ${r[at('language')]}`,
        { name: r[at('name')], url: r[at('url')] },
      ]);
      assert.deepEqual(new Map(rows as Array<[string, { name: string; url: string }]>), new Map(expected));
      for (const r of body) assert.notEqual(r[at('path')], '', `every row has its path (${r[at('key')]})`);
      await page.close();
    }
  });

  it('lists one line per property editor, each linked to a page of its types and properties', async () => {
    const site = sites.largest;
    const expected = new Map<string, Set<string>>();
    for (const type of site.oracle.contentTypes as Array<Record<string, unknown>>) {
      const groups = (type.propertyGroups ?? []) as Array<{ propertyTypes: Array<Record<string, unknown>> }>;
      for (const p of groups.flatMap((g) => g.propertyTypes)) {
        const set = expected.get(String(p.editorAlias)) ?? new Set<string>();
        set.add(`${String(type.alias)}.${String(p.alias)}`);
        expected.set(String(p.editorAlias), set);
      }
    }
    for (const width of WIDTHS) {
      const page = await openAt(site, 'inventories/editors/', width);
      const table = page.locator('section.data-table[data-table="editors"]');
      await table.locator('.table-controls:not([hidden])').waitFor();
      const heights = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.clientHeight));
      assert.ok(
        Math.max(...heights) < 60,
        `one line per editor at ${width} px (tallest row ${Math.max(...heights)} px)`,
      );
      assert.equal(await scrollsSideways(page), false, `the census page does not scroll sideways at ${width} px`);
      const aliases = await table
        .locator('tbody td[data-column="editorAlias"], tbody tr td:first-child')
        .allInnerTexts();
      for (const alias of expected.keys()) assert.ok(aliases.includes(alias), `${alias} has its line`);
      await shot(page, `census-${width}`);
      const [alias, properties] = [...expected].sort((a, b) => b[1].size - a[1].size)[0]!;
      await table.locator('tbody a', { hasText: new RegExp(`^${alias.replace(/\./g, '\\.')}$`) }).click();
      await page.locator('h1', { hasText: alias }).waitFor();
      const shown = await page
        .locator('[data-editor-list="properties"] code[data-property]')
        .evaluateAll((codes) => codes.map((c) => c.getAttribute('data-property')));
      for (const p of properties) assert.ok(shown.includes(p), `${alias} page lists ${p}`);
      assert.equal(await scrollsSideways(page), false, `the editor page does not scroll sideways at ${width} px`);
      await shot(page, `editor-${width}`);
      await page.close();
    }
  });

  it('shows many blocks of one element type as a table whose prices read as values', async () => {
    const site = sites.largest;
    const { key, blocks } = variantBlocks(COMMERCE_DB);
    assert.ok(blocks.length >= 3, 'a product with several variants');
    for (const width of WIDTHS) {
      const page = await openAt(site, `content/${key}/`, width);
      const table = page.locator('section.property[aria-label="variants"] table.block-table');
      const head = await table.locator('thead th').allInnerTexts();
      const column = (alias: string) => head.findIndex((h) => h.startsWith(`${alias} `));
      const rows = table.locator('tbody tr');
      assert.equal(await rows.count(), blocks.length);
      const got = [];
      for (let i = 0; i < blocks.length; i++) {
        const cells = rows.nth(i).locator('th, td');
        got.push({
          sku: await cells.nth(column('sku')).innerText(),
          price: await cells.nth(column('price')).innerText(),
          media: await cells
            .nth(column('image'))
            .locator('a')
            .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname)),
        });
      }
      const want = blocks.map((b) => ({
        sku: b.sku,
        price: Object.entries(b.price)
          .map(([currency, amount]) => `${currency} ${amount}`)
          .join('\n'),
        media: b.media,
      }));
      assert.ok(
        want.some((b) => b.media.length > 0),
        'variants with an image',
      );
      assert.deepEqual(got, want, `each variant's sku, price and image (a link to its media page) at ${width} px`);
      assert.doesNotMatch(await table.innerText(), /[{}"]/, 'no JSON in the table');
      assert.equal(await scrollsSideways(page), false, `the item page does not scroll sideways at ${width} px`);
      await shot(page, `blocks-${width}`);
      await page.close();
    }
  });
});
