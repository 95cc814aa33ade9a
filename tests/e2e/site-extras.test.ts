/**
 * What the published view hides, on the multilingual shared database's site in Chromium at 1280 and 390 px: a pending
 * draft's page (its changed properties), the drafts and dictionary inventories, and the home page's counts; and the
 * commerce database's recycle bin. Expected values are read here from the snapshot's own files and the database.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { extraCountsBySql } from '../support/extras-oracle.ts';
import { COMMERCE_DB, COMMERCE_SITE, MULTILINGUAL_SITE } from '../support/site-builds.ts';
import { useSites } from '../support/site-session.ts';
import {
  changeRowLayout,
  openRefine,
  scrollsInOwnBox,
  tableOf,
  textCellLines,
  waitForTable,
  wrappedCells,
} from '../support/table-view.ts';

type Json = Record<string, any>;

async function readLines(file: string): Promise<Json[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

/** Aliases (with their language) whose value differs between the published record and the draft. */
function changedAliases(published: Json, draft: Json): string[] {
  const out: string[] = [];
  for (const [iso, culture] of Object.entries<Json>(draft.cultures ?? {}))
    for (const alias of Object.keys(culture.properties))
      if (
        JSON.stringify(culture.properties[alias]?.value ?? null) !==
        JSON.stringify(published.cultures?.[iso]?.properties?.[alias]?.value ?? null)
      )
        out.push(`${alias} ${iso}`);
  return out.sort();
}

describe('drafts and the dictionary in Chromium', { timeout: 240_000 }, () => {
  const session = useSites([MULTILINGUAL_SITE, COMMERCE_SITE]);
  const { sites, outside } = session;

  const openAt = async (width: number, p: string, site: 'multilingual' | 'largest' = 'multilingual') => {
    const page = await session.context().newPage();
    await page.setViewportSize({ width, height: 900 });
    assert.equal((await page.goto(sites[site].url(p)))?.status(), 200, p);
    return page;
  };
  const pageScrollsSideways = (page: Awaited<ReturnType<typeof openAt>>) =>
    page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

  it("shows a draft's changed properties on its page, linked from the published item", async () => {
    const site = sites.multilingual;
    const drafts = await readLines(path.join(site.snapshot, 'extras', 'drafts.ndjson'));
    assert.equal(drafts.length, 1);
    const draft = drafts[0]!;
    const published = site.oracle.records.content.find((r) => r.key === draft.key) as Json;
    const expected = changedAliases(published, draft);
    assert.ok(expected.length > 0);
    for (const width of [1280, 390]) {
      const item = await openAt(width, `content/${draft.key}/`);
      const named = await item.locator('[data-draft] code').allInnerTexts();
      assert.deepEqual(
        named.sort(),
        expected.map((e) => e.replace(/ (.*)$/, ' [$1]')),
        'the note names them',
      );
      await item.locator('[data-draft] a').click();
      await item.waitForURL(`**/drafts/${draft.key}/`);
      assert.match(await item.locator('[data-flag="draft"]').innerText(), /not published/i);
      const rows = await item
        .locator('table[data-draft-changes] tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => `${(tr as HTMLElement).dataset.property} ${(tr.children[1] as HTMLElement).innerText}`),
        );
      assert.deepEqual(rows.sort(), expected, `changed properties at ${width} px`);
      // A rich text value published as plain HTML and drafted as {markup, blocks}: its markup is what is compared.
      const acrossForms = expected.filter((e) => {
        const [alias, iso] = e.split(' ') as [string, string];
        const before = published.cultures?.[iso]?.properties?.[alias]?.value;
        const after = draft.cultures?.[iso]?.properties?.[alias]?.value;
        return typeof before === 'string' && typeof after?.markup === 'string';
      });
      assert.ok(acrossForms.length > 0, 'the draft holds a rich text value stored in the newer form');
      for (const e of acrossForms) {
        const row = item.locator(`table[data-draft-changes] tr[data-property="${e.split(' ')[0]}"]`);
        assert.match(await row.innerText(), /Stored as plain HTML before, as \{markup, blocks\} after/);
        assert.doesNotMatch(await row.innerText(), /"markup"|"blocks"/, `${e} shows markup, not its JSON`);
      }
      // At 390 px each property stacks, its difference below at (nearly) the row's width; at 1280 it is a column.
      for (const { below, share } of await changeRowLayout(item.locator('table[data-draft-changes]'))) {
        assert.equal(below, width < 640, `the difference below the property at ${width} px`);
        if (width < 640) assert.ok(share > 0.9, `the difference takes ${share} of the row at ${width} px`);
      }
      assert.equal(await pageScrollsSideways(item), false, `the draft page at ${width} px`);
      await item.close();

      const inventory = await openAt(width, 'inventories/drafts/');
      const table = await waitForTable(inventory, 'drafts');
      assert.equal(await inventory.locator('[data-count="drafts"]').innerText(), String(drafts.length));
      assert.equal(await table.locator(`a[href$="drafts/${draft.key}/"]`).count(), 1);
      assert.deepEqual(await wrappedCells(table), [], `drafts at ${width} px`);
      assert.equal((await scrollsInOwnBox(table)).page, false);
      await inventory.close();
    }
  });

  it('lists every dictionary key × language with the missing translations counted', async () => {
    const site = sites.multilingual;
    const dictionary = await readLines(path.join(site.snapshot, 'extras', 'dictionary.ndjson'));
    const languages = (await readLines(path.join(site.snapshot, 'extras', 'languages.ndjson'))).map((l) => l.isoCode);
    const missingIn = (iso: string) =>
      dictionary.filter((d) => !d.values.some((v: Json) => v.culture === iso && v.value.trim() !== '')).length;
    const missing = languages.reduce((sum, iso) => sum + missingIn(iso), 0);
    for (const width of [1280, 390]) {
      const page = await openAt(width, 'inventories/dictionary/');
      const table = await waitForTable(page, 'dictionary');
      // A translation wraps only once its cell is most of the screen wide (at 390 px it used to get 12rem and
      // take seven lines, in a table that scrolls sideways anyway).
      for (const cell of await textCellLines(table))
        assert.ok(
          cell.lines === 1 || cell.width >= Math.min(width * 0.8, 500),
          `"${cell.text.slice(0, 40)}…" takes ${cell.lines} lines in ${cell.width} px at ${width} px`,
        );
      assert.equal(await page.locator('[data-count="dictionary"]').innerText(), String(dictionary.length));
      for (const iso of languages)
        assert.equal(await page.locator(`[data-missing="${iso}"]`).innerText(), String(missingIn(iso)));
      assert.match(
        await table.locator('.table-status').innerText(),
        new RegExp(`of ${dictionary.length * languages.length}\\b`),
      );
      await openRefine(table);
      const status = table.locator('select[data-facet="status"]');
      assert.match(await status.locator('option[value="missing"]').innerText(), new RegExp(`\\(${missing}\\)$`));
      await status.selectOption('missing');
      await table.locator('.table-status', { hasText: new RegExp(`of ${missing}\\b`) }).waitFor();
      assert.deepEqual(await wrappedCells(tableOf(page, 'dictionary')), [], `dictionary at ${width} px`);
      assert.equal(await pageScrollsSideways(page), false, `the dictionary page at ${width} px`);
      await page.close();
    }
  });

  it('counts them on the home page, with the languages and domains', async () => {
    const site = sites.multilingual;
    const page = await openAt(390, '');
    for (const name of ['drafts', 'dictionary', 'domains', 'languages']) {
      const lines = await readLines(path.join(site.snapshot, 'extras', `${name}.ndjson`));
      assert.equal(await page.locator(`[data-extra-count="${name}"]`).innerText(), String(lines.length), name);
    }
    assert.equal(await page.locator('table[data-domains] tbody tr').count(), 3);
    assert.equal(await page.locator('[data-extras="not-offered"]').count(), 0);
    assert.equal(await pageScrollsSideways(page), false);
    await page.close();
  });

  it('lists the recycle bin, whole at 1280 px and in its own box at 390', async () => {
    const trashed = extraCountsBySql(COMMERCE_DB)['recycle-bin'];
    assert.ok(trashed > 0, 'the commerce database has trashed items');
    for (const width of [1280, 390]) {
      const page = await openAt(width, 'inventories/recycle-bin/', 'largest');
      const table = await waitForTable(page, 'recycle-bin');
      assert.equal(await table.locator('tbody tr').count(), trashed);
      assert.deepEqual(await wrappedCells(table), [], `recycle bin at ${width} px`);
      // Seven columns of ids, paths, dates and keys fit a 1280 px screen; at 390 px the table scrolls in its box.
      assert.deepEqual(await scrollsInOwnBox(table), { box: width < 640, page: false }, `at ${width} px`);
      await page.close();
    }
  });

  it('sent no request outside the site and opened no dialog', () => {
    assert.deepEqual(outside, []);
  });
});
