/**
 * The Mapping section in a real Chromium at 1280 and 390 px: a workbook of a shared database, filled by a rule the
 * test states, regenerated once to hold drift, and built with --mapping. Coverage is counted here from SQL (which
 * properties each type has) and the snapshot's index files (which items of which type under which root).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type ExcelJS from 'exceljs';
import type { Browser, Page } from '../../scripts/browser/chromium.ts';
import { startStaticServer, type StaticServer } from '../../scripts/browser/static-server.ts';
import { listOracleProperties, listOracleTypes, type OracleType } from '../support/mapping-oracle.ts';
import { crawl, mapping, openWorkbook } from '../support/mapping-workbook.ts';
import { buildSite, launchBrowser } from '../support/site-e2e.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';

const DATABASE = sharedDatabase('tdufrane_searchcourse.db');
const REMOVED_KEY = 'eeeeeeee-0000-4000-8000-000000000001';

/** The test's rule: odd-numbered Types rows are migrated; their properties get a transform unless the alias starts
 * with "t"; one type row's alias is changed and one property row dropped, so regenerating marks them. */
async function fillPrevious(
  first: string,
  out: string,
  mappedTypes: Set<string>,
): Promise<{ renamed: string; dropped: string }> {
  const workbook = await openWorkbook(first);
  const column = (sheet: ExcelJS.Worksheet, name: string) => (sheet.getRow(1).values as string[]).indexOf(name);
  const types = workbook.getWorksheet('Types') as ExcelJS.Worksheet;
  let renamed = '';
  types.eachRow((row, n) => {
    if (n === 1) return;
    const key = String(row.getCell(column(types, 'key')).value);
    if (n % 2 === 1) {
      row.getCell(column(types, 'disposition')).value = 'migrate';
      mappedTypes.add(key);
    }
    if (n === 2) {
      renamed = key;
      row.getCell(column(types, 'alias')).value = 'anOldAlias';
    }
  });
  types.addRow([REMOVED_KEY, 'goneType', 'Gone', 'document']);
  const props = workbook.getWorksheet('Properties') as ExcelJS.Worksheet;
  let dropped = '';
  props.eachRow((row, n) => {
    if (n === 1) return;
    const typeKey = String(row.getCell(column(props, 'type key')).value);
    const alias = String(row.getCell(column(props, 'property alias')).value);
    if (mappedTypes.has(typeKey) && !alias.startsWith('t')) row.getCell(column(props, 'transform')).value = 'copy';
    if (n === 2) dropped = String(row.getCell(column(props, 'row key')).value);
  });
  props.spliceRows(2, 1);
  await workbook.xlsx.writeFile(out);
  return { renamed, dropped };
}

interface IndexEntry {
  key: string;
  type: string;
  parentId: number;
  id: number;
  name: string;
}
const readIndex = (file: string): IndexEntry[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as IndexEntry);

describe('the Mapping section', { timeout: 240_000 }, () => {
  let tmp: string;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  let marks: { renamed: string; dropped: string };
  const mappedTypes = new Set<string>();
  /** Keys of the document and element types, which have pages (media types have none). */
  const documentTypes = new Set<string>();
  const expected = { types: [0, 0], properties: [0, 0], items: [0, 0], roots: new Map<string, [number, number]>() };
  const url = (p = '') => `${server.url}/${p}`;

  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'site-mapping-'));
    const snapshot = path.join(tmp, 'snapshot');
    await crawl(DATABASE, snapshot);
    const first = path.join(tmp, 'first.xlsx');
    assert.equal((await mapping(['--snapshot', snapshot, '--out', first])).code, 0);
    marks = await fillPrevious(first, path.join(tmp, 'previous.xlsx'), mappedTypes);
    const filled = path.join(tmp, 'filled.xlsx');
    const regenerated = await mapping([
      '--snapshot',
      snapshot,
      '--out',
      filled,
      '--from',
      path.join(tmp, 'previous.xlsx'),
    ]);
    assert.equal(regenerated.code, 0, regenerated.err);

    const db = openForOracle(DATABASE);
    let types: OracleType[];
    let properties: string[];
    try {
      types = listOracleTypes(db);
      properties = listOracleProperties(db);
    } finally {
      db.close();
    }
    const complete = new Set(
      types
        .filter((t) => mappedTypes.has(t.key))
        .filter((t) => !properties.some((p) => p.startsWith(`${t.key} t`)))
        .map((t) => t.key),
    );
    expected.types = [mappedTypes.size, types.length];
    for (const t of types.filter((t) => t.kind !== 'media')) documentTypes.add(t.key);
    const mappedProps = properties.filter(
      (p) => mappedTypes.has(p.split(' ')[0] as string) && !p.split(' ')[1]?.startsWith('t'),
    );
    expected.properties = [mappedProps.length, properties.length];
    const keyOf = new Map(
      types.map((t) => [`${t.kind === 'media' ? 'media' : 'content'}:${t.alias.toLowerCase()}`, t.key]),
    );
    for (const kind of ['content', 'media']) {
      const entries = readIndex(path.join(snapshot, kind, 'index.ndjson'));
      const byId = new Map(entries.map((e) => [e.id, e]));
      for (const e of entries) {
        let root = e;
        while (byId.has(root.parentId)) root = byId.get(root.parentId) as IndexEntry;
        const mapped = complete.has(keyOf.get(`${kind}:${e.type.toLowerCase()}`) ?? '') ? 1 : 0;
        const r = expected.roots.get(root.key) ?? [0, 0];
        expected.roots.set(root.key, [r[0] + mapped, r[1] + 1]);
        expected.items = [(expected.items[0] as number) + mapped, (expected.items[1] as number) + 1];
      }
    }
    assert.ok((expected.items[0] as number) > 0 && (expected.items[0] as number) < (expected.items[1] as number));

    await buildSite([
      '--snapshot',
      snapshot,
      '--mapping',
      filled,
      '--out',
      path.join(tmp, 'dist'),
      '--cache',
      path.join(tmp, 'build'),
      '--no-search',
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

  const counts = (selector: string): Promise<[number, number]> =>
    page
      .locator(selector)
      .evaluate((cell) => [Number(cell.getAttribute('data-mapped')), Number(cell.getAttribute('data-total'))]);
  const coverageOf = (name: string) => counts(`[data-coverage="${name}"]`);

  for (const width of [1280, 390]) {
    it(`shows coverage, roots, drift and what to map first at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(url('mapping/'));
      assert.equal(response?.status(), 200);
      assert.deepEqual(await coverageOf('types'), expected.types);
      assert.deepEqual(await coverageOf('properties'), expected.properties);
      assert.deepEqual(await coverageOf('items'), expected.items);
      for (const [root, figures] of expected.roots)
        assert.deepEqual(await counts(`[data-root="${root}"] td.num`), figures);
      const drift = await page
        .locator('[data-mapping-drift] tbody tr')
        .evaluateAll((rows) =>
          rows.map(
            (r) => `${r.getAttribute('data-sheet')} ${r.getAttribute('data-key')} ${r.lastElementChild?.textContent}`,
          ),
        );
      assert.deepEqual(
        drift.sort(),
        [
          `Properties ${marks.dropped} new`,
          `Types ${REMOVED_KEY} removed`,
          `Types ${marks.renamed} renamed from anOldAlias`,
        ].sort(),
      );
      const holding = (await page
        .locator('[data-mapping-unmapped] [data-holding]')
        .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-holding'))))) as number[];
      assert.equal(holding.length, (expected.properties[1] as number) - (expected.properties[0] as number));
      assert.deepEqual(
        holding,
        [...holding].sort((a, b) => b - a),
        'most-held first',
      );
      const box = await page.locator('[data-coverage="items"]').evaluate((cell) => cell.getBoundingClientRect().width);
      assert.ok(box > 0, 'the coverage figures are shown');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page itself does not scroll sideways at ${width} px (${overflow})`);
    });
  }

  it('shows the mapping on a type page and offers the coverage download', async () => {
    const key = [...mappedTypes].find((k) => documentTypes.has(k)) as string;
    await page.setViewportSize({ width: 1280, height: 900 });
    const response = await page.goto(url(`types/${key}/`));
    assert.equal(response?.status(), 200);
    assert.equal(await page.locator('[data-type-mapping] [data-disposition]').innerText(), 'migrate');
    const json = (await (await fetch(url('downloads/mapping-coverage.json'))).json()) as Record<string, any>;
    assert.deepEqual([json.types.mapped, json.types.total], expected.types);
    assert.deepEqual([json.properties.mapped, json.properties.total], expected.properties);
    assert.deepEqual([json.items.mapped, json.items.total], expected.items);
    assert.equal(json.drift.length, 3);
    assert.deepEqual(Object.keys(json.drift[0]).sort(), ['alias', 'drift', 'key', 'sheet']);
  });
});
