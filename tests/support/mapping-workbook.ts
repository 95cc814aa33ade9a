/** Test-side helpers for mapping workbooks: the command in-process, and a sheet read by header with exceljs. */
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { runMappingCli } from '../../scripts/pipeline/mapping-run.ts';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';

export async function crawl(db: string, out: string): Promise<void> {
  let output = '';
  const sink = { write: (text: string) => (output += text) };
  const code = await runSnapshotCli(['--quiet', '--db', db, '--out', out], {}, { stdout: sink, stderr: sink });
  assert.equal(code, 0, output);
}

export async function mapping(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) } };
  const code = await runMappingCli(argv, io);
  return { code, out, err };
}

export async function openWorkbook(file: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

const text = (v: ExcelJS.CellValue): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'object' && 'richText' in v
      ? v.richText.map((r) => r.text).join('')
      : String(v);

/** Every data row of a sheet as an object by header (null-prototype, so any header is a plain key). */
export function sheetRows(workbook: ExcelJS.Workbook, name: string): Array<Record<string, string>> {
  const sheet = workbook.getWorksheet(name);
  assert.ok(sheet, `sheet ${name} exists`);
  const headers = (sheet.getRow(1).values as ExcelJS.CellValue[]).map(text);
  const rows: Array<Record<string, string>> = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const out = Object.create(null) as Record<string, string>;
    headers.forEach((h, i) => {
      if (h !== '') out[h] = text(row.getCell(i).value);
    });
    rows.push(out);
  });
  return rows;
}
