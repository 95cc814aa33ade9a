/**
 * Usage facts, values and exact lookup on the Umbraco Commerce demo store (a shared database), in a real Chromium.
 * Expected values come from SQL on the database and from the snapshot files (tests/support/site-snapshot-oracle.ts).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildSite, launchBrowser } from '../support/site-e2e.ts';
import type { Browser, BrowserContext, Page } from '../../scripts/browser/chromium.ts';
import {
  listBlockHolders,
  listLayoutConfigs,
  listUnusedTypes,
  readSnapshotOracle,
  type SnapshotOracle,
} from '../support/site-snapshot-oracle.ts';
import { startStaticServer, type StaticServer } from '../../scripts/browser/static-server.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';

const DB = sharedDatabase('umbraco_umbraco.commerce.demostore_15.x.db');
const TITLE = 'Commerce demo «store»';
type Json = Record<string, unknown>;

/** Compositions per type alias, straight from Umbraco's composition table. */
function compositionCounts(): Map<string, number> {
  const db = openForOracle(DB);
  try {
    const rows = db
      .prepare(
        `SELECT p.alias AS alias, COUNT(*) AS n FROM cmsContentType2ContentType c
      JOIN cmsContentType p ON p.nodeId = c.parentContentTypeId GROUP BY p.alias`,
      )
      .all() as Array<{ alias: string; n: number }>;
    return new Map(rows.map((r) => [r.alias, Number(r.n)]));
  } finally {
    db.close();
  }
}

describe('usage facts, values and exact lookup (Commerce demo store)', { timeout: 180_000 }, () => {
  let tmp: string;
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;
  let oracle: SnapshotOracle;
  const url = (p = '') => `${server.url}/${p}`;

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'site-facts-'));
    await buildSite([
      '--db',
      DB,
      '--out',
      path.join(tmp, 'dist'),
      '--cache',
      path.join(tmp, 'build'),
      '--title',
      TITLE,
    ]);
    oracle = await readSnapshotOracle(path.join(tmp, 'build', 'snapshot'));
    server = await startStaticServer(path.join(tmp, 'dist'), '/');
    browser = await launchBrowser();
    context = await browser.newContext();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  async function open(p: string): Promise<Page> {
    const page = await context.newPage();
    const response = await page.goto(url(p));
    assert.equal(response?.status(), 200, url(p));
    return page;
  }

  it('calls compositions and their composers used, and only unused types unused', async () => {
    const compositions = compositionCounts();
    for (const alias of ['pageComp', 'productComp', 'productGroupComp', 'checkoutStepComp'])
      assert.ok((compositions.get(alias) ?? 0) > 0, alias);
    const page = await open('inventories/content-types/');
    for (const [alias, n] of compositions) {
      const row = page.locator(`tr[data-type="${alias}"]`);
      assert.equal(Number(await row.locator('td').nth(5).innerText()), n, `${alias} composed into`);
      assert.doesNotMatch(await row.locator('td[data-notes]').innerText(), /unused/, `${alias} is a composition`);
    }
    const shown = await page
      .locator('tr[data-type]')
      .evaluateAll((rows) =>
        rows
          .filter((r) => /unused/.test(r.querySelector('td[data-notes]')?.textContent ?? ''))
          .map((r) => r.getAttribute('data-type')),
      );
    assert.deepEqual(shown.sort(), listUnusedTypes(oracle).sort());
    assert.equal(Number(await page.locator('[data-count="unused"]').innerText()), listUnusedTypes(oracle).length);
    await page.close();
  });

  it('lists the items holding an element type used only in blocks', async () => {
    const element = oracle.contentTypes.find((t) => t.alias === 'productMultiVariant') as Json;
    const holders = listBlockHolders(oracle, String(element.key));
    assert.ok(holders.length > 0, 'the demo store has multi-variant products');
    const page = await open(`types/${String(element.key)}/`);
    const links = await page
      .locator('section[aria-labelledby="block-holders"] a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(links.sort(), holders.map((k) => `/content/${k}/`).sort());
    assert.match(
      await page.locator('table').first().innerText(),
      /\d+\/\d+ \(\d+%\)/,
      'fill rates over block instances',
    );
    await page.close();
  });

  it('shows the variant attributes from the block layout config', async () => {
    const record = oracle.records.content.find((r) =>
      listLayoutConfigs(r).some((c) => typeof c.attributes === 'object'),
    ) as Json;
    assert.ok(record, 'a product with variant attributes');
    const page = await open(`content/${String(record.key)}/`);
    const configs = page.locator('dl[aria-label="Layout config"]');
    const expected = listLayoutConfigs(record).filter((c) => typeof c.attributes === 'object');
    assert.equal(await configs.count(), expected.length);
    for (const [i, config] of expected.entries()) {
      const text = await configs.nth(i).innerText();
      for (const [name, value] of Object.entries(config.attributes as Json)) {
        assert.match(
          text,
          new RegExp(`attributes\\.${name}\\s+config\\s+${String(value)}`),
          `${name} = ${String(value)}`,
        );
      }
    }
    assert.ok(
      expected.some((c) => (c.attributes as Json).volume === '340ml' && (c.attributes as Json).color === 'black'),
    );
    await page.close();
  });

  it('finds an item by GUID, UDI, int id and URL path before any full-text hit', async () => {
    const entry = oracle.index.content.find((e) => typeof e.url === 'string' && (e.level as number) >= 3) as Json;
    const media = oracle.index.media.find((e) => e.level === 2) as Json;
    const plain = String(entry.key).replace(/-/g, '');
    const queries: Array<[string, Json]> = [
      [`{${String(entry.key).toUpperCase()}}`, entry],
      [plain, entry],
      [`umb://document/${plain}`, entry],
      [`umb://media/${String(media.key)}`, media],
      [String(entry.id), entry],
      [String(media.id), media],
      [String(entry.url).replace(/\/$/, '').toUpperCase(), entry],
      [`http://shop.example${String(entry.url)}?x=1`, entry],
    ];
    const page = await open('search/');
    await page.waitForSelector('#search[data-ready="true"]');
    for (const [q, expected] of queries) {
      await page.locator('#search-input').fill(q);
      await page.keyboard.press('Enter');
      const kind = expected === media ? 'media' : 'content';
      const first = page.locator('#search-results li').first().locator('a');
      await page
        .locator(`#search-results li:first-child a[href="/${kind}/${String(expected.key)}/"]`)
        .waitFor({ timeout: 5000 });
      assert.equal(await first.innerText(), expected.name, q);
      assert.match(await page.locator('#search-results li:first-child .crumbs').innerText(), /exact match/, q);
    }
    await page.close();
  });

  it('links a fill rate to the items that lack the value', async () => {
    // Plain text properties only, so "empty" is plainly null or blank here.
    const lacking = new Map<string, string[]>();
    const holding = new Map<string, number>();
    for (const r of oracle.records.content) {
      for (const [alias, p] of Object.entries(r.properties as Record<string, Json>)) {
        if (!['Umbraco.TextBox', 'Umbraco.TextArea'].includes(String(p.editorAlias))) continue;
        const id = `${String(r.type)}.${alias}`;
        if (p.value === null || String(p.value).trim() === '')
          lacking.set(id, [...(lacking.get(id) ?? []), String(r.key)]);
        else holding.set(id, (holding.get(id) ?? 0) + 1);
      }
    }
    const [id, keys] = [...lacking].filter(([i]) => holding.has(i)).sort((a, b) => b[1].length - a[1].length)[0] as [
      string,
      string[],
    ];
    const [typeAlias, property] = id.split('.') as [string, string];
    const type = oracle.contentTypes.find((t) => t.alias === typeAlias) as Json;
    const page = await open(`types/${String(type.key)}/`);
    const cell = page.locator(`tr:has(> td:first-child > code:text-is("${property}")) td.pct a`).first();
    assert.match(await cell.innerText(), new RegExp(`^${holding.get(id)}/${(holding.get(id) ?? 0) + keys.length} `));
    await cell.click();
    await page.waitForURL(url(`inventories/missing/${typeAlias}/${property}/`));
    assert.equal(Number(await page.locator('[data-count="missing"]').innerText()), keys.length);
    const listed = await page
      .locator('[data-missing-list] a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(listed.sort(), keys.map((k) => `/content/${k}/`).sort());
    await page.close();
  });

  it('ranks content above media among name matches and hides facet values without hits', async () => {
    const wordsOf = (e: Json) =>
      String(e.name)
        .toLowerCase()
        .match(/\p{L}{4,}/gu) ?? [];
    const inMedia = new Set(oracle.index.media.flatMap(wordsOf));
    const word = oracle.index.content.flatMap(wordsOf).find((w) => inMedia.has(w)) as string;
    assert.ok(word, 'a word in the name of a content item and of a media item');
    const page = await open(`search/?q=${encodeURIComponent(word)}`);
    await page.waitForSelector('#search[data-ready="true"]');
    await page.locator('#search-results li').first().waitFor();
    const hits = await page
      .locator('#search-results li > a')
      .evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]));
    const named = hits
      .filter(([, title]) => String(title).toLowerCase().includes(word))
      .map(([href]) => String(href).split('/')[1]);
    assert.ok(named.includes('content') && named.includes('media'), `both kinds are named “${word}”`);
    assert.ok(named.lastIndexOf('content') < named.indexOf('media'), `content first: ${named.join(' ')}`);
    const counts = await page
      .locator('#search-filters label')
      .evaluateAll((labels) =>
        labels.map((l) => [(l as HTMLElement).hidden, l.querySelector('[data-count]')?.textContent]),
      );
    assert.ok(
      counts.some(([hidden]) => hidden),
      'some facet value has no hit for the word',
    );
    for (const [hidden, text] of counts) assert.equal(hidden, text === ' (0)', `${String(text)} shown only with hits`);
    await page.close();
  });

  it('puts results before folded filters on a narrow screen', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(url('search/?q=tea'));
    await page.waitForSelector('#search[data-ready="true"]');
    await page.locator('#search-results li').first().waitFor();
    assert.equal(
      await page.locator('details.search-filters').evaluate((d) => (d as HTMLDetailsElement).open),
      false,
      'filters folded',
    );
    const top = (selector: string) => page.locator(selector).evaluate((el) => el.getBoundingClientRect().top);
    assert.ok((await top('#search-results')) < (await top('details.search-filters')), 'results above the filters');
    await page.close();
  });

  it('shows a media file size once, in units', async () => {
    const bytesOf = (r: Json) =>
      Number(((r.properties as Record<string, Json>).umbracoBytes?.value as string | number) ?? NaN);
    const record = oracle.records.media.find((r) => bytesOf(r) >= 1024 && bytesOf(r) < 1024 * 1024) as Json;
    const page = await open(`media/${String(record.key)}/`);
    const text = await page.locator('main').innerText();
    assert.match(text, new RegExp(`${(bytesOf(record) / 1024).toFixed(1)} KB`));
    assert.equal(await page.locator('section.property[aria-label="umbracoBytes"]').count(), 0, 'no second, raw size');
    await page.close();
  });

  it('makes the tree one tab stop that arrow keys move in', async () => {
    const page = await open('content/');
    const stops = await page
      .locator('ul.tree a, ul.tree summary')
      .evaluateAll((els) => els.filter((e) => (e as HTMLElement).tabIndex >= 0).length);
    assert.equal(stops, 1, 'one tab stop in the tree');
    const root = oracle.index.content.find((e) => e.level === 1) as Json;
    const children = oracle.index.content
      .filter((e) => e.parentId === root.id)
      .sort((a, b) => Number(a.sortOrder) - Number(b.sortOrder));
    const first = page.locator(`ul.tree a[href="/content/${String(root.key)}/"]`);
    await first.focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('href'));
    await page.keyboard.press('ArrowDown');
    assert.equal(
      await focused(),
      `/content/${String(children[0]?.key)}/`,
      'down moves to the first child of the open root',
    );
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), `/content/${String(root.key)}/`, 'left on a closed leaf moves to the parent');
    // aria-expanded follows the <details> toggle event, which fires after the key press returns.
    const expanded = async (want: string): Promise<string | null> => {
      for (let tries = 0; tries < 40; tries += 1) {
        const value = await first.evaluate((a) => a.getAttribute('aria-expanded'));
        if (value === want) return value;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return first.evaluate((a) => a.getAttribute('aria-expanded'));
    };
    await page.keyboard.press('ArrowLeft');
    assert.equal(await expanded('false'), 'false', 'left closes an open branch');
    await page.keyboard.press('ArrowRight');
    assert.equal(await expanded('true'), 'true', 'right opens it again');
    await page.close();
  });

  it('names the snapshot in every page title and lists no result twice', async () => {
    const page = await open('');
    assert.match(await page.title(), /Commerce demo «store»$/);
    await page.keyboard.press('/');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'header-search-input');
    await page.locator('#header-search-input').fill('tea');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#search[data-ready="true"]');
    await page.locator('#search-results li').first().waitFor();
    const hrefs = await page.locator('#search-results a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.equal(new Set(hrefs).size, hrefs.length, 'no result listed twice');
    assert.match(await page.title(), /^Search · Commerce demo «store»$/);
    await page.close();
  });
});
