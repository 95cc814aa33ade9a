/**
 * The interactive tables as analysts use them, in a real Chromium on a small demo site: the column chooser (hidden
 * columns of the table data shown on demand, state in the URL), "this view" downloads with every column, filters with
 * operators, several values of one facet, "no rows match" with a way back, rows per page, and widths that leave names
 * readable beside keys and paths, at 1280 and 390 px. Expected rows come from the snapshot's index files, not from the
 * site's code. TABLE_SCREENSHOTS=<dir> keeps a screenshot of each width.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseCsv } from '../../src/lib/csv.ts';
import type { Browser, Page } from '../../scripts/browser/chromium.ts';
import { startStaticServer, type StaticServer } from '../../scripts/browser/static-server.ts';
import { buildSite, crawl, launchBrowser } from '../support/site-e2e.ts';
import { readSnapshotOracle } from '../support/site-snapshot-oracle.ts';
import { scrollsInOwnBox, shownColumn, waitForTable } from '../support/table-view.ts';

type Json = Record<string, unknown>;
interface Row {
  kind: string;
  id: number;
  key: string;
  name: string;
  type: string;
  level: number;
  parentKey: string;
  path: string;
  createDate: string;
  updateDate: string;
}

/**
 * Items-table rows from the snapshot's index files, with each item's parent key and path of names: one row per item,
 * repeated once per language for an item whose record has cultures (those rows differ only in name, language and URL).
 */
function itemRows(index: Record<'content' | 'media', Json[]>, records: Record<'content' | 'media', Json[]>): Row[] {
  const languages = new Map(
    [...records.content, ...records.media].map((r) => [
      r.key as string,
      Object.keys((r.cultures as Json | undefined) ?? {}).length,
    ]),
  );
  return (['content', 'media'] as const).flatMap((kind) => {
    const byId = new Map(index[kind].map((e) => [e.id as number, e]));
    const pathOf = (e: Json): string => {
      const parent = byId.get(e.parentId as number);
      return parent ? `${pathOf(parent)} / ${String(e.name)}` : String(e.name);
    };
    return index[kind].flatMap((e) => {
      const row: Row = {
        kind,
        id: e.id as number,
        key: e.key as string,
        name: e.name as string,
        type: e.type as string,
        level: e.level as number,
        parentKey: (byId.get(e.parentId as number)?.key as string | undefined) ?? '',
        path: pathOf(e),
        createDate: (e.createDate as string | null) ?? '',
        updateDate: (e.updateDate as string | null) ?? '',
      };
      return Array.from({ length: Math.max(1, languages.get(e.key as string) ?? 0) }, () => row);
    });
  });
}

describe('interactive tables: columns, operators, facets, page size', { timeout: 240_000 }, () => {
  let tmp: string;
  let browser: Browser;
  let server: StaticServer;
  let rows: Row[];

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'table-features-'));
    const snapshot = path.join(tmp, 'snapshot');
    await crawl(['--out', snapshot, '--demo-items', '300'], { SNAPSHOT_CACHE_DIR: path.join(tmp, 'cache') });
    const dist = path.join(tmp, 'dist');
    await buildSite(['--snapshot', snapshot, '--out', dist, '--cache', path.join(tmp, 'build'), '--no-sqlite']);
    server = await startStaticServer(dist, '/');
    const oracle = await readSnapshotOracle(snapshot);
    rows = itemRows(oracle.index, oracle.records);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  async function open(query: string, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/inventories/items/${query}`);
    return page;
  }

  const ids = (list: Row[]): string[] => list.slice(0, 100).map((r) => String(r.id));

  it('shows hidden columns of the table data on demand, with the choice in the URL', async () => {
    const page = await open('');
    const table = await waitForTable(page, 'items');
    const chooser = table.locator('details.table-columns');
    await chooser.locator('summary').click();
    const labels = await chooser.locator('label').allInnerTexts();
    for (const hidden of ['Parent key', 'Path', 'Created', 'Template'])
      assert.ok(
        labels.some((l) => l.trim() === hidden),
        `${hidden} in ${labels}`,
      );
    assert.equal(await table.locator('th[data-column="path"]').count(), 0, 'path is not shown by default');
    await chooser
      .locator('label', { hasText: /^\s*Path$/ })
      .locator('input')
      .check();
    await chooser
      .locator('label', { hasText: /^\s*Parent key$/ })
      .locator('input')
      .check();
    await page.waitForFunction(() => (new URLSearchParams(location.search).get('cols') ?? '').includes('path'));
    await page.locator('section.data-table[data-table="items"] td', { hasText: ' / ' }).first().waitFor();
    assert.deepEqual(
      await shownColumn(table, 'path'),
      rows.slice(0, 100).map((r) => r.path),
    );
    await page.reload();
    const again = await waitForTable(page, 'items');
    await page.locator('section.data-table[data-table="items"] td', { hasText: ' / ' }).first().waitFor();
    assert.deepEqual(
      await shownColumn(again, 'parentKey'),
      rows.slice(0, 100).map((r) => r.parentKey),
    );
    await page.close();
  });

  it('downloads every column of the filtered rows, or the shown ones', async () => {
    const page = await open('?kind=media');
    const table = await waitForTable(page, 'items');
    const media = rows.filter((r) => r.kind === 'media');
    const save = async (label: string): Promise<string> => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        table.locator('.table-downloads button', { hasText: new RegExp(`^${label}$`) }).click(),
      ]);
      return readFile(await download.path(), 'utf8');
    };
    const csv = parseCsv(await save('CSV'));
    const header = csv[0] ?? [];
    for (const key of ['kind', 'id', 'key', 'parentKey', 'path', 'createDate', 'template'])
      assert.ok(header.includes(key), `${key} in ${header}`);
    assert.equal(csv.length - 1, media.length);
    const at = (k: string) => header.indexOf(k);
    assert.deepEqual(
      csv.slice(1).map((r) => [r[at('key')], r[at('parentKey')], r[at('path')], r[at('createDate')]]),
      media.map((r) => [r.key, r.parentKey, r.path, r.createDate]),
    );
    const json = JSON.parse(await save('JSON')) as Json[];
    assert.deepEqual(
      json.map((r) => r.path),
      media.map((r) => r.path),
    );
    await table.locator('.table-downloads input[type="checkbox"]').check();
    const shown = await table
      .locator('thead th')
      .evaluateAll((ths) => ths.map((th) => (th as HTMLElement).dataset.column));
    assert.deepEqual(parseCsv(await save('CSV'))[0], shown);
    await page.close();
  });

  it('filters with operators per column kind, from the URL and from the controls', async () => {
    const sortedIds = rows.map((r) => r.id).sort((a, b) => a - b);
    const pivot = sortedIds[Math.floor(sortedIds.length / 3)] as number;
    const dates = rows
      .map((r) => r.updateDate.slice(0, 10))
      .filter(Boolean)
      .sort();
    const day = dates[Math.floor(dates.length / 2)] as string;
    const page = await open(`?id__lt=${pivot}&updateDate__before=${day}`);
    const table = await waitForTable(page, 'items');
    const expected = rows.filter((r) => r.id < pivot && r.updateDate !== '' && r.updateDate.slice(0, 10) < day);
    assert.ok(expected.length > 0 && expected.length < rows.length, `${expected.length} rows`);
    assert.deepEqual(await shownColumn(table, 'id'), ids(expected));
    assert.equal(await table.locator('.where-chip').count(), 2);

    await table.locator('.where-chip button').first().click();
    await table.locator('.table-where select[name="column"]').selectOption('level');
    assert.deepEqual(
      await table
        .locator('.table-where select[name="op"] option')
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
      ['equals', 'lt', 'gt', 'empty', 'notempty'],
      'a number column compares',
    );
    await table.locator('.table-where select[name="op"]').selectOption('gt');
    await table.locator('.table-where input[name="value"]').fill('2');
    await table.locator('.table-where button[type="submit"]').click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('level__gt') === '2');
    const deep = rows.filter((r) => r.updateDate !== '' && r.updateDate.slice(0, 10) < day && r.level > 2);
    assert.deepEqual(await shownColumn(table, 'id'), ids(deep));

    await table.locator('.table-where select[name="column"]').selectOption('name');
    await table.locator('.table-where select[name="op"]').selectOption('contains');
    await table.locator('.table-where input[name="value"]').fill('no such name anywhere');
    await table.locator('.table-where button[type="submit"]').click();
    await table.locator('td.no-rows').waitFor();
    assert.match(await table.locator('td.no-rows').innerText(), /No rows match/);
    await table.locator('td.no-rows button', { hasText: 'Clear filters' }).click();
    assert.deepEqual(await shownColumn(table, 'id'), ids(rows));
    assert.equal(new URL(page.url()).search, '');
    await page.close();
  });

  it('shows two values of one facet chosen and filters to their union', async () => {
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
    const [a, b] = [...counts.entries()].sort((x, y) => y[1] - x[1]).map(([t]) => t) as [string, string];
    const page = await open(`?type=${a}&type=${b}`);
    const table = await waitForTable(page, 'items');
    const chosen = await table
      .locator('select[data-facet="type"] option')
      .evaluateAll((o) =>
        o.filter((x) => (x as HTMLOptionElement).selected).map((x) => (x as HTMLOptionElement).value),
      );
    assert.deepEqual(chosen.sort(), [a, b].sort());
    const union = rows.filter((r) => r.type === a || r.type === b);
    assert.match(await table.locator('.table-status').innerText(), new RegExp(`of ${union.length} \\(filtered`));
    assert.deepEqual(await shownColumn(table, 'id'), ids(union));
    await page.close();
  });

  it('at 390 px the facets and filters start closed, the first rows close by, and open from the keyboard', async () => {
    const shown = (page: Page) =>
      page.locator('select[data-facet="kind"]').evaluate((select) => select.checkVisibility());
    const wide = await open('', 1280);
    const wideTable = await waitForTable(wide, 'items');
    assert.equal(await shown(wide), true, 'facets shown at 1280 px');
    assert.equal(
      await wideTable.locator('details.table-refine summary').evaluate((s) => (s as HTMLElement).offsetHeight),
      0,
    );
    await wide.close();
    const page = await open('', 390);
    const table = await waitForTable(page, 'items');
    assert.equal(await shown(page), false, 'facets closed at 390 px');
    const gap = await table.evaluate(
      (section) =>
        (section.querySelector('tbody tr') as Element).getBoundingClientRect().top -
        (section.querySelector('.table-controls') as Element).getBoundingClientRect().top,
    );
    assert.ok(gap < 450, `the first row ${gap.toFixed(0)} px below the top of the controls`);
    await table.locator('details.table-refine summary').focus();
    await page.keyboard.press('Enter');
    assert.equal(await shown(page), true, 'Enter on the summary opens them');
    await page.close();
    const filtered = await open('?kind=media', 390);
    await waitForTable(filtered, 'items');
    assert.equal(await shown(filtered), true, 'open when a facet is chosen');
    await filtered.close();
  });

  it('pages by the chosen size; names stay readable beside keys and paths at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const page = await open('?cols=kind,id,name,type,path,key,updateDate&type__notempty=', width);
      const table = await waitForTable(page, 'items');
      await table.locator('select[name="size"]').selectOption('25');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('size') === '25');
      assert.equal(await table.locator('tbody tr').count(), 25);
      await page.locator('section.data-table[data-table="items"] td', { hasText: ' / ' }).first().waitFor();
      const nameWidth = await table
        .locator('th[data-column="name"]')
        .evaluate(
          (th) => th.getBoundingClientRect().width / parseFloat(getComputedStyle(document.documentElement).fontSize),
        );
      assert.ok(nameWidth >= 10, `name column ${nameWidth.toFixed(1)} rem wide at ${width} px`);
      assert.equal((await scrollsInOwnBox(table)).page, false, `${width} px: the page does not scroll sideways`);
      if (process.env.TABLE_SCREENSHOTS) {
        await table.locator('details.table-columns summary').click();
        await page.screenshot({
          path: path.join(process.env.TABLE_SCREENSHOTS, `items-table-${width}.png`),
          fullPage: true,
        });
      }
      await page.close();
    }
  });
});
