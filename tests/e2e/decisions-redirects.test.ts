/**
 * The Decisions, Redirects and Estimate pages and the items table in a real Chromium, on a small shared database built
 * with a decisions file, a rules file and an estimate file: at 1280 and 390 px their tables show ids, GUIDs and URLs
 * on one line, the page never scrolls sideways and axe finds no WCAG A/AA violation; the disposition facet (of the
 * Decisions and the items table) counts what the files decide (counted here from the database by SQL), and choosing
 * a disposition shows exactly those items; the redirect map's source facet counts Umbraco's redirect table; each
 * estimate line is its rate × its count, and the count's link opens the Decisions table filtered to that many items.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from '../../scripts/browser/chromium.ts';
import { startStaticServer, type StaticServer } from '../../scripts/browser/static-server.ts';
import { buildSite, launchBrowser } from '../support/site-e2e.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';
import {
  openRefine,
  scrollsInOwnBox,
  shownColumn,
  tableOf,
  waitForTable,
  wrappedCells,
} from '../support/table-view.ts';
import { axeViolations } from '../support/axe-check.ts';

const DB = sharedDatabase('persteenolsen_umbraco-17-starter-one.db');
const PUBLISHED_OF_TYPE = `SELECT n.text AS name, lower(n.uniqueId) AS key FROM umbracoNode n
  JOIN umbracoDocument d ON d.nodeId = n.id JOIN umbracoContent c ON c.nodeId = n.id
  JOIN cmsContentType t ON t.nodeId = c.contentTypeId WHERE n.trashed = 0 AND d.published = 1 AND t.alias = ?
  ORDER BY n.id`;

const ESTIMATE = 'minutesPerItem:\n  default: 10\n  aboutPage: 25\nlanguageFactor:\n  en-US: 0.5\n';

describe(
  'Decisions, Redirects and Estimate pages, and the disposition in the items table',
  { timeout: 180_000 },
  () => {
    let tmp: string;
    let server: StaticServer;
    let browser: Browser;
    const about = openForOracle(DB).prepare(PUBLISHED_OF_TYPE).all('aboutPage');
    const [kept, ...rewritten] = about.map((r) => ({ name: String(r.name), key: String(r.key) }));

    before(async () => {
      assert.ok(kept && rewritten.length > 0, 'the database has at least two published about pages');
      tmp = await mkdtemp(path.join(tmpdir(), 'decisions-e2e-'));
      await writeFile(path.join(tmp, 'decisions.csv'), `key,disposition,owner\n${kept.key},keep,Ann\n`);
      await writeFile(path.join(tmp, 'rules.yaml'), '- disposition: rewrite\n  type: aboutPage\n');
      await writeFile(path.join(tmp, 'estimate.yaml'), ESTIMATE);
      const dist = path.join(tmp, 'dist');
      const files = ['--decisions', path.join(tmp, 'decisions.csv'), '--rules', path.join(tmp, 'rules.yaml')];
      files.push('--estimate', path.join(tmp, 'estimate.yaml'));
      await buildSite(['--db', DB, ...files, '--no-search', '--out', dist, '--cache', path.join(tmp, 'cache')]);
      server = await startStaticServer(dist, '/');
      browser = await launchBrowser();
    });

    /** The disposition facet counts one kept item and the rewritten ones; choosing "rewrite" shows just those. */
    async function expectDispositionFacet(page: Page, table: Locator, where: string): Promise<void> {
      await openRefine(table);
      const facet = table.locator('select[data-facet="disposition"]');
      assert.match(await facet.locator('option[value="keep"]').innerText(), /\(1\)$/, where);
      const count = new RegExp(`\\(${rewritten.length}\\)$`);
      assert.match(await facet.locator('option[value="rewrite"]').innerText(), count, where);
      await facet.selectOption('rewrite');
      assert.deepEqual((await shownColumn(table, 'name')).sort(), rewritten.map((r) => r.name).sort(), where);
      assert.match(page.url(), /disposition=rewrite/, where);
    }

    after(async () => {
      await browser?.close();
      await server?.close();
      await rm(tmp, { recursive: true, force: true });
    });

    it('shows the four tables on one line per cell at 1280 and 390 px, without sideways page scrolling', async () => {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        for (const name of ['decisions', 'redirects', 'items', 'estimate']) {
          const page = await context.newPage();
          const response = await page.goto(`${server.url}/inventories/${name}/`);
          assert.equal(response?.status(), 200);
          const table = await waitForTable(page, name);
          assert.deepEqual(await wrappedCells(table), [], `${name} at ${width} px`);
          assert.equal((await scrollsInOwnBox(table)).page, false, `${name} at ${width} px`);
          assert.deepEqual(await axeViolations(page), [], `axe on ${name} at ${width} px`);
        }
      }
    });

    it('counts and filters by disposition; counts the redirect table by source', async () => {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${server.url}/inventories/decisions/`);
      await expectDispositionFacet(page, await waitForTable(page, 'decisions'), 'decisions');
      // By root: the about pages sit under one content root, so its rewrite cell holds them all.
      const rewriteColumn = await page.locator('table[data-by="root"] thead th').allInnerTexts();
      const column = rewriteColumn.indexOf('rewrite') + 1;
      const cells = await page.locator(`table[data-by="root"] tbody tr > td:nth-child(${column})`).allInnerTexts();
      assert.ok(cells.includes(String(rewritten.length)), JSON.stringify(cells));

      await page.goto(`${server.url}/inventories/redirects/`);
      const redirects = await waitForTable(page, 'redirects');
      const expected = Number(openForOracle(DB).prepare('SELECT count(*) AS n FROM umbracoRedirectUrl').get()?.n);
      const source = redirects.locator('select[data-facet="source"]');
      assert.match(
        await source.locator('option[value="umbraco-redirect"]').innerText(),
        new RegExp(`\\(${expected}\\)$`),
      );
      assert.equal(await tableOf(page, 'redirects').count(), 1);
    });

    it('counts and filters the items table by disposition at 1280 and 390 px', async () => {
      for (const width of [1280, 390]) {
        const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
        await page.goto(`${server.url}/inventories/items/`);
        const table = await waitForTable(page, 'items');
        await expectDispositionFacet(page, table, `items at ${width} px`);
        assert.deepEqual([...new Set(await shownColumn(table, 'disposition'))], ['rewrite']);
        assert.equal((await scrollsInOwnBox(table)).page, false, `items at ${width} px`);
      }
    });

    it('shows the estimate: each line rate × count, each count a link to the items it counts', async () => {
      const page = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
      await page.goto(`${server.url}/inventories/estimate/`);
      const table = await waitForTable(page, 'estimate');
      const [counts = [], rates = [], minutes = []] = await Promise.all(
        ['count', 'rate', 'minutes'].map((c) => shownColumn(table, c)),
      );
      const links = await table
        .locator('tbody td.num a')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      assert.ok(counts.length >= 2 && links.length === counts.length, JSON.stringify(links));
      assert.deepEqual(
        minutes.map(Number),
        counts.map((c, i) => Number(c) * Number(rates[i])),
      );
      // Rate 25 for the about pages the rules rewrite (10 for the others): the line's count is theirs.
      const about = counts.findIndex((_, i) => Number(rates[i]) === 25);
      assert.equal(Number(counts[about]), rewritten.length);
      for (const [i, link] of links.entries()) {
        await page.goto(link);
        const decisions = await waitForTable(page, 'decisions');
        assert.match(
          await decisions.locator('.table-status').innerText(),
          new RegExp(`of ${counts[i]} \\(filtered`),
          link,
        );
      }
      await page.goto(`${server.url}/inventories/estimate/`);
      const total = page.locator('table[data-estimate-by="type"] th[data-scenario="all"]');
      const sum = minutes.map(Number).reduce((a, b) => a + b, 0);
      assert.equal(await total.innerText(), (sum / 60).toFixed(2));
      assert.equal(await page.locator('a[href$="downloads/estimate.csv"]').count(), 1);
    });
  },
);
