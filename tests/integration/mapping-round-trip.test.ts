/**
 * The mapping round trip on a real database: every analyst column of a workbook is filled by program, a copy of the
 * database is edited (tests/support/mapping-edits.ts), snapshotted again, and the workbook regenerated with --from.
 * Every answer must come back on the row with the same key, and exactly the drift rows the edits cause must appear;
 * the same workbook saved by LibreOffice reads back the same.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listOracleEditors } from '../support/mapping-oracle.ts';
import { applyMappingEdits, planMappingEdits, type MappingEdits } from '../support/mapping-edits.ts';
import { crawl, mapping, openWorkbook, sheetRows } from '../support/mapping-workbook.ts';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';

const DATABASE = sharedDatabase('tdufrane_searchcourse.db');
const ANSWERS: Record<string, string[]> = {
  Types: ['target', 'disposition', 'owner'],
  Properties: ['target', 'transform', 'status', 'note', 'owner'],
  Blocks: ['target', 'note', 'owner'],
  Editors: ['transform', 'note', 'owner'],
};
const KEY: Record<string, string> = { Types: 'key', Properties: 'row key', Blocks: 'row key', Editors: 'editor alias' };
const CHOICES: Record<string, string[]> = {
  disposition: ['migrate', 'merge', 'drop', 'rebuild', 'undecided'],
  transform: ['copy', 'convert', 'split', 'merge', 'drop', 'manual'],
};

/** A distinct answer per sheet, row and column (a dropdown's value picked by row), with text that must stay text. */
const answerFor = (sheet: string, column: string, index: number): string =>
  CHOICES[column]?.[index % (CHOICES[column]?.length ?? 1)] ?? `=${sheet} ${column} ${index} ✓`;

/** Fills every analyst column, plus a column the analyst added ("owner"), and saves with exceljs. */
async function fillWorkbook(file: string, out: string): Promise<Map<string, Map<string, string>>> {
  const workbook = await openWorkbook(file);
  const filled = new Map<string, Map<string, string>>();
  for (const [name, columns] of Object.entries(ANSWERS)) {
    const sheet = workbook.getWorksheet(name);
    assert.ok(sheet);
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    sheet.getRow(1).getCell(headers.length + 1).value = 'owner';
    headers.push('owner');
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const key = String(row.getCell(headers.indexOf(KEY[name] as string) + 1).value);
      const answers = new Map(columns.map((c) => [c, answerFor(name, c, number)]));
      for (const [column, value] of answers) row.getCell(headers.indexOf(column) + 1).value = value;
      filled.set(`${name} ${key}`, answers);
    });
  }
  await workbook.xlsx.writeFile(out);
  return filled;
}

function expectedDrift(edits: MappingEdits, editorsBefore: string[], editorsAfter: string[]): string[] {
  const { renamedProperty, renamedType, added, deleted, editor } = edits;
  return [
    `Types ${renamedType.key} renamed from ${renamedType.from}`,
    ...renamedProperty.typeKeys.map(
      (t) => `Properties ${t}/${renamedProperty.propertyKey} renamed from ${renamedProperty.from}`,
    ),
    ...added.typeKeys.map((t) => `Properties ${t}/${added.key} new`),
    ...deleted.typeKeys.map((t) => `Properties ${t}/${deleted.propertyKey} removed`),
    ...editor.rowKeys.map((k) => `Properties ${k} changed: editor ${editor.from} → ${editor.to}`),
    ...editorsAfter.filter((e) => !editorsBefore.includes(e)).map((e) => `Editors ${e} new`),
    ...editorsBefore.filter((e) => !editorsAfter.includes(e)).map((e) => `Editors ${e} removed`),
  ].sort();
}

describe('the mapping round trip over an edited database copy', () => {
  let work: string;
  let edits: MappingEdits;
  let filled: Map<string, Map<string, string>>;
  let editorsBefore: string[];
  let editorsAfter: string[];

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'mapping-trip-'));
    const oracle = openForOracle(DATABASE);
    try {
      edits = planMappingEdits(oracle);
      editorsBefore = listOracleEditors(oracle);
    } finally {
      oracle.close();
    }
    const copy = path.join(work, 'edited.db');
    await copyFile(DATABASE, copy);
    const db = new DatabaseSync(copy);
    try {
      applyMappingEdits(db, edits);
      editorsAfter = listOracleEditors(db);
    } finally {
      db.close();
    }
    await crawl(DATABASE, path.join(work, 'before'));
    await crawl(copy, path.join(work, 'after'));
    const first = await mapping(['--snapshot', path.join(work, 'before'), '--out', path.join(work, 'first.xlsx')]);
    assert.equal(first.code, 0, first.err);
    filled = await fillWorkbook(path.join(work, 'first.xlsx'), path.join(work, 'filled.xlsx'));
  });
  after(() => rm(work, { recursive: true, force: true }));

  async function regenerate(from: string, out: string) {
    const run = await mapping(['--snapshot', path.join(work, 'after'), '--out', out, '--from', from]);
    assert.equal(run.code, 0, run.err);
    assert.equal(run.err, '', 'no warnings');
    const workbook = await openWorkbook(out);
    return Object.fromEntries(Object.keys(ANSWERS).map((name) => [name, sheetRows(workbook, name)]));
  }

  function checkAnswers(sheets: Record<string, Array<Record<string, string>>>): void {
    let found = 0;
    for (const [name, rows] of Object.entries(sheets)) {
      for (const row of rows) {
        const answers = filled.get(`${name} ${row[KEY[name] as string]}`);
        if (answers === undefined) continue;
        found += 1;
        // The workbook shows text that would start a formula behind the documented `'` guard.
        for (const [column, value] of answers)
          assert.equal(row[column], value.startsWith('=') ? `'${value}` : value, `${name} ${column}`);
      }
    }
    assert.equal(found, filled.size, 'every filled row is in the new workbook');
  }

  const driftOf = (sheets: Record<string, Array<Record<string, string>>>): string[] =>
    Object.entries(sheets)
      .flatMap(([name, rows]) => rows.filter((r) => r.drift).map((r) => `${name} ${r[KEY[name] as string]} ${r.drift}`))
      .sort();

  it('carries every answer to the row with the same key and marks exactly the drift the edits cause', async () => {
    const sheets = await regenerate(path.join(work, 'filled.xlsx'), path.join(work, 'second.xlsx'));
    checkAnswers(sheets);
    const expected = expectedDrift(edits, editorsBefore, editorsAfter);
    for (const kind of ['renamed from', ' new', ' removed', 'changed: editor'])
      assert.ok(
        expected.some((d) => d.includes(kind)),
        `the edits cause ${kind} drift`,
      );
    assert.deepEqual(driftOf(sheets), expected);
    const removed = sheets.Properties?.filter((r) => r.drift === 'removed') ?? [];
    assert.ok(removed.length > 0 && removed.every((r) => r['property alias'] === edits.deleted.alias));
    const last = sheets.Properties?.slice(-removed.length) ?? [];
    assert.deepEqual(last, removed, 'removed rows come last');
  });

  it('reads a workbook saved by LibreOffice the same', async () => {
    const lo = path.join(work, 'libreoffice');
    await mkdir(lo);
    execFileSync('soffice', ['--headless', '--convert-to', 'xlsx', '--outdir', lo, path.join(work, 'filled.xlsx')], {
      env: { ...process.env, HOME: lo },
      stdio: 'ignore',
      timeout: 120_000,
    });
    const viaExcelJs = await regenerate(path.join(work, 'filled.xlsx'), path.join(work, 'third.xlsx'));
    const viaLibreOffice = await regenerate(path.join(lo, 'filled.xlsx'), path.join(work, 'fourth.xlsx'));
    checkAnswers(viaLibreOffice);
    assert.deepEqual(driftOf(viaLibreOffice), driftOf(viaExcelJs));
  });
});
