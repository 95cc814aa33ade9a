/**
 * The Changes tables are the inventories' interactive tables: on a site built from an edited copy of the demo
 * database with `--compare-with` the original's snapshot (more than 500 values changed), the values-changed table
 * pages through every row, sorts, filters by facet, shows old and new values, and reads at 390 px. The expected rows
 * come from the site's own `changes.json`, read here without the table code.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DatabaseSync } from 'node:sqlite';
import { generateDemoDatabase } from '../../scripts/demo/generate.ts';
import type { SnapshotDiff } from '../../scripts/core/diff-format.ts';
import { buildSite, crawl, launchBrowser } from '../support/site-e2e.ts';
import type { Browser, Page } from '../../scripts/browser/chromium.ts';
import { startStaticServer, type StaticServer } from '../../scripts/browser/static-server.ts';
import { scrollsInOwnBox, shownColumn, waitForTable } from '../support/table-view.ts';

const EDIT = ' edited tonight';
const TABLE = 'changes-values-changed';

/** Appends to every published plain-text value (not JSON, not a picker's UDI), as an editor saving each would. */
function editValues(file: string): void {
  const db = new DatabaseSync(file);
  try {
    const published = 'SELECT id FROM umbracoDocumentVersion WHERE published = 1';
    for (const column of ['varcharValue', 'textValue'])
      db.prepare(
        `UPDATE umbracoPropertyData SET ${column} = ${column} || ? WHERE versionId IN (${published})
        AND ${column} IS NOT NULL AND substr(ltrim(${column}), 1, 1) NOT IN ('{', '[') AND ${column} NOT LIKE 'umb://%'`,
      ).run(EDIT);
  } finally {
    db.close();
  }
}

describe('the values-changed table (interactive, every row)', { timeout: 240_000 }, () => {
  let tmp: string;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  let rows: { key: string; property: string }[];
  const url = (p = '') => `${server.url}/${p}`;
  const status = () => page.locator(`section[data-table="${TABLE}"] .table-status`).innerText();

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'changes-table-'));
    const older = path.join(tmp, 'older.db');
    generateDemoDatabase({ out: older, items: 300, languages: 2, seed: 1 });
    await crawl(['--db', older, '--out', path.join(tmp, 'older')], {});
    const newer = path.join(tmp, 'newer.db');
    await copyFile(older, newer);
    editValues(newer);
    const out = path.join(tmp, 'dist');
    const common = ['--out', out, '--cache', path.join(tmp, 'build'), '--no-search'];
    await buildSite(['--db', newer, '--compare-with', path.join(tmp, 'older'), ...common]);
    server = await startStaticServer(out);
    const diff = (await (await fetch(url('changes/downloads/changes.json'))).json()) as SnapshotDiff;
    rows = diff.items.changed.flatMap((item) => item.properties.map((p) => ({ key: item.key, property: p.alias })));
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('pages through every row, past 500', async () => {
    assert.ok(rows.length > 500, `${rows.length} values changed`);
    await page.goto(url('changes/values-changed/?page=6'));
    await waitForTable(page, TABLE);
    assert.equal(await status(), `Rows 501–600 of ${rows.length.toLocaleString('en')}.`);
    await page.locator(`section[data-table="${TABLE}"] .pager button`, { hasText: 'Last' }).click();
    const last = Math.floor((rows.length - 1) / 100) * 100 + 1;
    assert.equal(await status(), `Rows ${last}–${rows.length} of ${rows.length.toLocaleString('en')}.`);
  });

  it('sorts by key and filters by property, as the change list says', async () => {
    await page.goto(url('changes/values-changed/?sort=key'));
    const table = await waitForTable(page, TABLE);
    const keys = rows.map((row) => row.key).sort();
    assert.deepEqual(await shownColumn(table, 'key'), keys.slice(0, 100));
    const property = rows[0]?.property ?? '';
    await page.goto(url(`changes/values-changed/?property=${encodeURIComponent(property)}`));
    const filtered = await waitForTable(page, TABLE);
    const expected = rows.filter((row) => row.property === property).length;
    assert.match(await status(), new RegExp(`of ${expected.toLocaleString('en')} \\(filtered from`));
    assert.ok((await shownColumn(filtered, 'property')).every((alias) => alias === property));
  });

  it('gives the same views on the large-table path (first view, then a worker)', async () => {
    const large = await (await browser.newContext()).newPage();
    await large.addInitScript(() => sessionStorage.setItem('table-large-from', '1'));
    await large.goto(url('changes/values-changed/?sort=key&page=2'));
    const table = await waitForTable(large, TABLE);
    assert.deepEqual(
      await shownColumn(table, 'key'),
      rows
        .map((row) => row.key)
        .sort()
        .slice(100, 200),
    );
    await table.locator('.pager button', { hasText: 'Last' }).click();
    await large.locator(`section[data-table="${TABLE}"]:not([data-busy])`).waitFor();
    const last = Math.floor((rows.length - 1) / 100) * 100 + 1;
    const n = rows.length.toLocaleString('en');
    assert.equal(await table.locator('.table-status').innerText(), `Rows ${last}–${rows.length} of ${n}.`);
    const fetched = await large.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    assert.ok(fetched.some((u) => u.endsWith('/changes/tables/values-changed.first-view.json')));
  });

  it('shows old and new values, readable at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(url('changes/values-changed/'));
    const table = await waitForTable(page, TABLE);
    const [from, to] = [await shownColumn(table, 'from'), await shownColumn(table, 'to')];
    assert.ok(
      to.every((text) => text.includes(EDIT.trim())),
      'every new value shows the edit',
    );
    assert.ok(from.every((text) => !text.includes(EDIT.trim())));
    const widths = await table.evaluate((section) =>
      ['from', 'to'].map(
        (key) => (section.querySelector(`thead th[data-column="${key}"]`) as HTMLElement).getBoundingClientRect().width,
      ),
    );
    assert.ok(
      widths.every((width) => width >= 200),
      `From and To are ${widths.join(' and ')} px wide`,
    );
    assert.deepEqual(await scrollsInOwnBox(table), { box: true, page: false });
  });
});
