/**
 * Usage facts and values on the Umbraco Commerce demo store (a shared database), in a real Chromium. Expected values
 * come from SQL on the database and from the snapshot files (tests/support/site-snapshot-oracle.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMMERCE_DB, COMMERCE_SITE } from '../support/site-builds.ts';
import { listBlockHolders, listLayoutConfigs, listUnusedTypes } from '../support/site-snapshot-oracle.ts';
import { openForOracle } from '../support/shared-databases.ts';
import { useSites } from '../support/site-session.ts';

type Json = Record<string, unknown>;

/** Compositions per type alias, straight from Umbraco's composition table. */
function compositionCounts(): Map<string, number> {
  const db = openForOracle(COMMERCE_DB);
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

describe('usage facts and values (Commerce demo store)', { timeout: 180_000 }, () => {
  const { sites, open } = useSites([COMMERCE_SITE]);

  it('calls compositions and their composers used, and only unused types unused', async () => {
    const compositions = compositionCounts();
    for (const alias of ['pageComp', 'productComp', 'productGroupComp', 'checkoutStepComp'])
      assert.ok((compositions.get(alias) ?? 0) > 0, alias);
    const page = await open(sites.largest, 'inventories/content-types/');
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
    assert.deepEqual(shown.sort(), listUnusedTypes(sites.largest.oracle).sort());
    assert.equal(
      Number(await page.locator('[data-count="unused"]').innerText()),
      listUnusedTypes(sites.largest.oracle).length,
    );
    await page.close();
  });

  it('lists the items holding an element type used only in blocks', async () => {
    const element = sites.largest.oracle.contentTypes.find((t) => t.alias === 'productMultiVariant') as Json;
    const holders = listBlockHolders(sites.largest.oracle, String(element.key));
    assert.ok(holders.length > 0, 'the demo store has multi-variant products');
    const page = await open(sites.largest, `types/${String(element.key)}/`);
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
    const record = sites.largest.oracle.records.content.find((r) =>
      listLayoutConfigs(r).some((c) => typeof c.attributes === 'object'),
    ) as Json;
    assert.ok(record, 'a product with variant attributes');
    const page = await open(sites.largest, `content/${String(record.key)}/`);
    const expected = listLayoutConfigs(record).filter((c) => typeof c.attributes === 'object');
    // Blocks of one element type are a table (a config field a column) from three on, else one list per block.
    const shown: Array<Record<string, string>> = [];
    for (const table of await page.locator('table.block-table').all()) {
      const head = await table
        .locator('thead th')
        .evaluateAll((ths) => ths.map((th) => th.querySelector('code')?.textContent ?? ''));
      for (const row of await table.locator('tbody tr').all()) {
        const cells = await row.locator('th, td').allInnerTexts();
        shown.push(Object.fromEntries(head.map((h, i) => [h, cells[i] ?? ''])));
      }
    }
    for (const dl of await page.locator('dl[aria-label="Layout config"]').all()) {
      const paths = await dl.locator('dt code').allInnerTexts();
      const values = await dl.locator('dd').allInnerTexts();
      shown.push(Object.fromEntries(paths.map((p, i) => [p, values[i] ?? ''])));
    }
    assert.equal(shown.filter((r) => Object.keys(r).some((k) => k.startsWith('attributes.'))).length, expected.length);
    for (const [i, config] of expected.entries()) {
      for (const [name, value] of Object.entries(config.attributes as Json))
        assert.equal(shown[i]?.[`attributes.${name}`], String(value), `${name} = ${String(value)}`);
    }
    assert.ok(
      expected.some((c) => (c.attributes as Json).volume === '340ml' && (c.attributes as Json).color === 'black'),
    );
    await page.close();
  });

  it('links a fill rate to the items that lack the value', async () => {
    // Plain text properties only, so "empty" is plainly null or blank here.
    const lacking = new Map<string, string[]>();
    const holding = new Map<string, number>();
    for (const r of sites.largest.oracle.records.content) {
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
    const type = sites.largest.oracle.contentTypes.find((t) => t.alias === typeAlias) as Json;
    const page = await open(sites.largest, `types/${String(type.key)}/`);
    const cell = page.locator(`tr:has(> td:first-child > code:text-is("${property}")) td.pct a`).first();
    assert.match(await cell.innerText(), new RegExp(`^${holding.get(id)}/${(holding.get(id) ?? 0) + keys.length} `));
    await cell.click();
    await page.waitForURL(sites.largest.url(`inventories/missing/${typeAlias}/${property}/`));
    assert.equal(Number(await page.locator('[data-count="missing"]').innerText()), keys.length);
    const listed = await page
      .locator('[data-missing-list] a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(listed.sort(), keys.map((k) => `/content/${k}/`).sort());
    await page.close();
  });

  it('shows a media file size once, in units', async () => {
    const bytesOf = (r: Json) =>
      Number(((r.properties as Record<string, Json>).umbracoBytes?.value as string | number) ?? NaN);
    const record = sites.largest.oracle.records.media.find(
      (r) => bytesOf(r) >= 1024 && bytesOf(r) < 1024 * 1024,
    ) as Json;
    const page = await open(sites.largest, `media/${String(record.key)}/`);
    const text = await page.locator('main').innerText();
    assert.match(text, new RegExp(`${(bytesOf(record) / 1024).toFixed(1)} KB`));
    assert.equal(await page.locator('section.property[aria-label="umbracoBytes"]').count(), 0, 'no second, raw size');
    await page.close();
  });
});
