/**
 * `npm run mapping` on every shared database: the workbook's rows are exactly the types, (type, property) pairs,
 * block uses and editors that SQL over the database names (tests/support/mapping-oracle.ts); on one of them, its
 * sheets carry the frozen header, filters, hidden keys and dropdowns analysts work with.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import {
  listOracleBlocks,
  listOracleEditors,
  listOracleProperties,
  listOracleTypes,
} from '../support/mapping-oracle.ts';
import { crawl, mapping, openWorkbook, sheetRows } from '../support/mapping-workbook.ts';
import { listSharedDatabases, openForOracle, sharedDatabase } from '../support/shared-databases.ts';

const DATABASE = sharedDatabase('tdufrane_searchcourse.db');
const sorted = (values: string[]): string[] => [...values].sort();

for (const database of listSharedDatabases()) {
  describe(`the mapping workbook of ${path.basename(database)}`, () => {
    let work: string;
    let workbook: ExcelJS.Workbook;
    const db = openForOracle(database);

    before(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'mapping-'));
      await crawl(database, path.join(work, 'snapshot'));
      const out = path.join(work, 'mapping.xlsx');
      const run = await mapping(['--snapshot', path.join(work, 'snapshot'), '--out', out]);
      assert.equal(run.code, 0, run.err);
      assert.equal(run.err, '');
      workbook = await openWorkbook(out);
    });
    after(async () => {
      db.close();
      await rm(work, { recursive: true, force: true });
    });

    it('lists every document, element and media type once', () => {
      const rows = sheetRows(workbook, 'Types');
      const types = listOracleTypes(db);
      assert.deepEqual(sorted(rows.map((r) => r.key ?? '')), sorted(types.map((t) => t.key)));
      const kinds = new Map(rows.map((r) => [r.key, r.kind]));
      for (const t of types.filter((t) => t.element)) assert.match(kinds.get(t.key) ?? '', /^(element|composition)$/);
    });

    it('has exactly one Properties row per type and property, compositions resolved', () => {
      const rows = sheetRows(workbook, 'Properties').map(
        (r) => `${r['type key']} ${(r['property alias'] ?? '').toLowerCase()}`,
      );
      const expected = listOracleProperties(db);
      assert.ok(expected.length > 20, 'the database has properties to list');
      assert.equal(rows.length, expected.length);
      assert.deepEqual(sorted(rows), expected);
    });

    it('has exactly one Blocks row per host type, property and element type found in published values', () => {
      const rows = sheetRows(workbook, 'Blocks').map(
        (r) => `${r['host key']} ${(r.property ?? '').toLowerCase()} ${r['element key']}`,
      );
      assert.deepEqual(sorted(rows), listOracleBlocks(db));
    });

    it('has exactly one Editors row per property editor alias', () => {
      const rows = sheetRows(workbook, 'Editors').map((r) => r['editor alias'] ?? '');
      assert.deepEqual(sorted(rows), listOracleEditors(db));
    });
  });
}

describe('the sheets of the mapping workbook', () => {
  let work: string;
  let workbook: ExcelJS.Workbook;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'mapping-'));
    await crawl(DATABASE, path.join(work, 'snapshot'));
    const out = path.join(work, 'mapping.xlsx');
    const run = await mapping(['--snapshot', path.join(work, 'snapshot'), '--out', out]);
    assert.equal(run.code, 0, run.err);
    assert.equal(run.err, '');
    workbook = await openWorkbook(out);
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('freezes and filters the header, hides the key columns and offers the dropdowns', () => {
    for (const name of ['Types', 'Properties', 'Blocks', 'Editors']) {
      const sheet = workbook.getWorksheet(name);
      assert.ok(sheet);
      assert.equal(sheet.views[0]?.state, 'frozen', name);
      assert.equal((sheet.views[0] as { ySplit?: number }).ySplit, 1, name);
      assert.ok(sheet.autoFilter, `${name} has a filter`);
      const headers = (sheet.getRow(1).values as string[]).slice(1);
      headers.forEach((h, i) => {
        const column = sheet.getColumn(i + 1);
        assert.equal(column.hidden, /key$/.test(h) && h !== 'editor alias', `${name} ${h} hidden or shown`);
        assert.ok((column.width ?? 0) >= 8, `${name} ${h} has a width: ${column.width}`);
      });
    }
    const validations = (sheet: string, column: string): unknown => {
      const ws = workbook.getWorksheet(sheet) as ExcelJS.Worksheet & {
        dataValidations: { model: Record<string, any> };
      };
      const letter = ws.getColumn((ws.getRow(1).values as string[]).indexOf(column)).letter;
      return ws.dataValidations.model[`${letter}2`]?.formulae?.[0];
    };
    assert.equal(validations('Types', 'disposition'), '"migrate,merge,drop,rebuild,undecided"');
    assert.equal(validations('Properties', 'transform'), '"copy,convert,split,merge,drop,manual"');
    assert.equal(validations('Editors', 'transform'), '"copy,convert,split,merge,drop,manual"');
  });

  it('says in About which snapshot it was made from', () => {
    const about = workbook.getWorksheet('About');
    assert.ok(about);
    const fields = new Map<string, string>();
    about.eachRow((row) => fields.set(String(row.getCell(1).value ?? ''), String(row.getCell(2).value ?? '')));
    assert.equal(fields.get('Database'), 'tdufrane_searchcourse.db');
    assert.equal(fields.get('Content items'), '46');
    assert.equal(fields.get('Media items'), '70');
  });
});
