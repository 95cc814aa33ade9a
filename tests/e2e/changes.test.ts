/**
 * The Changes section in a real Chromium: two builds with `--history`, the second from a copy of a shared database
 * with known SQL edits (tests/support/diff-database-edits.ts), so the expected changes come from the edits.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  TEXT_EDIT,
  applyNewerEdits,
  applyOlderEdits,
  editedCopy,
  EDITED_DATABASE,
  planEdits,
  type PlannedEdits,
} from '../support/diff-database-edits.ts';
import { axeViolations } from '../support/axe-check.ts';
import { changeRowLayout } from '../support/table-view.ts';
import { buildSite, launchBrowser } from '../support/site-e2e.ts';
import type { Browser, Page } from '../../scripts/browser/chromium.ts';
import { startStaticServer, type StaticServer } from '../../scripts/browser/static-server.ts';
import { openForOracle } from '../support/shared-databases.ts';

describe('the Changes section (builds with --history, the third with --keep 2)', { timeout: 180_000 }, () => {
  let tmp: string;
  let plan: PlannedEdits;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  let common: string[];
  const url = (p = '') => `${server.url}/${p}`;

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'site-changes-'));
    const oracle = openForOracle(EDITED_DATABASE);
    try {
      plan = planEdits(oracle);
    } finally {
      oracle.close();
    }
    common = [
      '--out',
      path.join(tmp, 'dist'),
      '--cache',
      path.join(tmp, 'build'),
      '--history',
      path.join(tmp, 'history'),
      '--no-search',
    ];
    await buildSite([
      '--db',
      await editedCopy(path.join(tmp, 'older.db'), (db) => applyOlderEdits(db, plan)),
      ...common,
    ]);
    await buildSite([
      '--db',
      await editedCopy(path.join(tmp, 'newer.db'), (db) => applyNewerEdits(db, plan)),
      ...common,
    ]);
    server = await startStaticServer(path.join(tmp, 'dist'));
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('counts each kind of change on the Changes page, as the edits made them', async () => {
    await page.goto(url('changes/'));
    const count = (name: string) => page.locator(`[data-count="${name}"]`).innerText();
    assert.equal(await count('items-added'), '1');
    assert.equal(await count('items-removed'), '1');
    assert.equal(await count('items-moved'), '1');
    assert.equal(await count('items-renamed'), '1');
    assert.equal(await count('values-changed'), String(plan.values.length));
    assert.equal(await count('types-changed'), '2');
    await page.locator('a[href$="changes/values-changed/"]').first().click();
    await page.waitForURL(url('changes/values-changed/'));
    const keys = await page.locator('[data-change-table="values-changed"] tbody tr td:nth-child(3)').allInnerTexts();
    assert.deepEqual(keys.sort(), plan.values.map((v) => v.key).sort());
  });

  it("offers the whole change list, without the build machine's folders", async () => {
    const text = await (await fetch(url('changes/downloads/changes.json'))).text();
    assert.equal(text.includes(tmp), false);
    const list = JSON.parse(text) as { items: { removed: { key: string }[] } };
    assert.deepEqual(
      list.items.removed.map((item) => item.key),
      [plan.removed],
    );
  });

  it('marks a changed item and shows its property diff', async () => {
    const richText = plan.values.find((v) => v.culture === null);
    assert.ok(richText);
    await page.goto(url(`content/${richText.key}/`));
    assert.equal(await page.locator('#item-changes').innerText(), 'Changed in this snapshot');
    const row = page.locator(`.item-changes tr[data-property="${richText.alias}"]`);
    assert.ok((await row.locator('ins').allInnerTexts()).join('').includes(TEXT_EDIT.trim()));
    // At 390 px each property stacks, its difference below at (nearly) the row's width; at 1280 it is a column.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const layout = await changeRowLayout(page.locator('.item-changes table'));
      assert.ok(layout.length > 0);
      for (const { below, share } of layout) {
        assert.equal(below, width < 640, `the difference below the property at ${width} px`);
        if (width < 640) assert.ok(share > 0.9, `the difference takes ${share} of the row at ${width} px`);
      }
    }
    if (process.env.UPDATE_SCREENSHOTS) {
      await page.goto(url('changes/'));
      await page.setViewportSize({ width: 1280, height: 1000 });
      await page.screenshot({ path: path.resolve(import.meta.dirname, '../../docs/screenshot-changes.png') });
    }
  });

  it('marks a changed content type with its drift', async () => {
    await page.goto(url(`types/${plan.propertyAdded.typeKey}/`));
    assert.equal(await page.locator('#type-changes').innerText(), 'Changed in this snapshot');
    const lines = await page.locator('.item-changes li').allInnerTexts();
    assert.deepEqual(lines, [`Property added: ${plan.propertyAdded.alias}`]);
  });

  it('has no WCAG A/AA violation on the Changes pages, a changed item and a removed one at 1280 and 390 px', async () => {
    const pages = [
      'changes/',
      'changes/values-changed/',
      `content/${plan.values[0]?.key}/`,
      `content/${plan.removed}/`,
    ];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const p of pages) {
        await page.goto(url(p));
        assert.deepEqual(await axeViolations(page), [], `axe on ${p} at ${width} px`);
      }
    }
  });

  it("keeps a removed item's permalink, saying it was removed", async () => {
    const response = await page.goto(url(`content/${plan.removed}/`));
    assert.equal(response?.status(), 200);
    assert.match(await page.locator('[data-removed]').innerText(), /was removed since the previous snapshot/);
  });

  it("keeps the earlier night, its removed items' pages and both nights in the feed with --keep 2", async () => {
    await buildSite(['--db', path.join(tmp, 'newer.db'), ...common, '--keep', '2']);
    const response = await page.goto(url(`content/${plan.removed}/`));
    assert.equal(response?.status(), 200);
    assert.match(await page.locator('[data-removed]').innerText(), /was removed earlier/);
    await page.goto(url('changes/'));
    assert.equal(await page.locator('[data-nights] li').count(), 1);
    const feed = await (await fetch(url('changes/feed.xml'))).text();
    assert.equal(feed.match(/<entry>/g)?.length, 2, feed);
    const earlier = [...feed.matchAll(/<link href="([^"]+\.json)"\/>/g)].map((match) => match[1]);
    assert.equal(earlier.length, 1, feed);
    const night = (await (await fetch(`${server.url}${earlier[0]}`)).json()) as {
      items: { removed: { key: string }[] };
    };
    assert.deepEqual(
      night.items.removed.map((item) => item.key),
      [plan.removed],
    );
  });
});
