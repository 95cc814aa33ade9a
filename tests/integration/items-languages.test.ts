/**
 * `items.csv` and the items table (`tables/items.json`) of the multilingual shared database: one row per
 * culture-variant item and language, with that language's name and URL. The oracle reads the database itself: names
 * and URL segments from Umbraco's published cache (cmsContentNu), languages and domains by SQL, and builds each URL
 * as Umbraco does for path domains (the domain's path, then the segments below the domain's root).
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseCsv } from '../../src/lib/csv.ts';
import { prepareSiteData } from '../../src/lib/site-data/derive/prepare-site-data.ts';
import { SITE_CONFIG_ENV } from '../../src/lib/site-config.ts';
import { getInventoryTable, listTableRows } from '../../src/lib/tables/inventory-tables.ts';
import { encodeDeferredColumn, encodeTable, type EncodedTable } from '../../src/lib/tables/table-model.ts';
import { expectedLanguageRows as expectedRows } from '../support/language-rows.ts';
import { sharedDatabase } from '../support/shared-databases.ts';
import { crawl } from '../support/site-e2e.ts';

const DB = sharedDatabase('tdufrane_searchcourse.db');

/** The rows of a shipped table, decoded from its column encoding (facet columns are `{ values, codes }`). */
function decodeTable(table: EncodedTable): Array<Record<string, unknown>> {
  return Array.from({ length: table.count }, (_, row) =>
    Object.fromEntries(
      table.columns.map((c, i) => {
        const data = table.data[i]!;
        if (Array.isArray(data)) return [c.key, data[row]];
        const code = data.codes[row]!;
        return [c.key, Array.isArray(code) ? code.map((k) => data.values[k]) : data.values[code]];
      }),
    ),
  );
}

describe('items.csv and the items table on a multilingual shared database', () => {
  let work: string;
  let rows: Array<Record<string, string>>;
  let tableRows: Array<Record<string, unknown>>;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'items-languages-'));
    await crawl(['--db', DB, '--out', path.join(work, 'snapshot')], { SNAPSHOT_CACHE_DIR: path.join(work, 'cache') });
    await prepareSiteData(path.join(work, 'snapshot'), path.join(work, 'data'));
    const [head, ...body] = parseCsv(await readFile(path.join(work, 'data', 'downloads', 'items.csv'), 'utf8'));
    rows = body.map((cells) => Object.fromEntries(head!.map((h, i) => [h, cells[i] ?? ''])));
    const config = path.join(work, 'site-config.json');
    const dirs = { snapshotDir: path.join(work, 'snapshot'), siteDataDir: path.join(work, 'data') };
    await writeFile(config, JSON.stringify({ ...dirs, outDir: work, base: '/', astroCacheDir: work }));
    process.env[SITE_CONFIG_ENV] = config;
    const table = encodeTable(getInventoryTable('items'), await listTableRows('items'));
    const keys = encodeDeferredColumn(await listTableRows('items'), 'key');
    tableRows = decodeTable(table).map((r, i) => ({ ...r, key: keys[i] }));
  });
  after(() => rm(work, { recursive: true, force: true }));

  it("gives each (item, language) row that language's name and URL, as the database does", () => {
    const expected = expectedRows();
    const got = new Map(
      rows.filter((r) => r.language !== '').map((r) => [`${r.key} ${r.language}`, { name: r.name, url: r.url }]),
    );
    assert.deepEqual(new Map([...got].sort()), new Map([...expected].sort()));
    const danish = [...got].filter(
      ([k, v]) => k.endsWith(' da') && v.name !== got.get(k.replace(/da$/, 'en-US'))?.name,
    );
    assert.ok(danish.length > 0, 'some Danish names differ from the English ones');
  });

  it('keeps one row for each invariant item', () => {
    for (const list of [rows, tableRows]) {
      const invariant = list.filter((r) => r.language === '');
      assert.equal(new Set(invariant.map((r) => r.key)).size, invariant.length);
      assert.ok(invariant.length > 0);
    }
  });

  it("has a table row for each (item, language) with that language's name and URL, and a language facet", () => {
    const expected = expectedRows();
    const got = new Map(
      tableRows
        .filter((r) => r.language !== '')
        .map((r) => [`${String(r.key)} ${String(r.language)}`, { name: r.name, url: r.url }]),
    );
    assert.deepEqual(new Map([...got].sort()), new Map([...expected].sort()));
    const csvKeys = rows.map((r) => `${r.key} ${r.language}`);
    assert.deepEqual(
      tableRows.map((r) => `${String(r.key)} ${String(r.language)}`),
      csvKeys,
      'the table and items.csv have the same rows in the same order',
    );
    const language = getInventoryTable('items').columns.find((c) => c.key === 'language');
    assert.equal(language?.facet, true);
  });
});
