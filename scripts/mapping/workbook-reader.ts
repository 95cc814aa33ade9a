/**
 * Reads a mapping workbook back (one written here, or saved again by Excel or LibreOffice): per model sheet its
 * columns found by header and its rows as text by header. What makes the workbook unusable (not a workbook, a model
 * sheet or its key column missing) is a MappingWorkbookError; everything else is a warning naming sheet, row and
 * column, and the text is kept as typed.
 */
import ExcelJS from 'exceljs';
import { cellValueText } from './cell-text.ts';
import { DRIFT, MODEL_SHEETS, type SheetSpec } from './sheet-layout.ts';

export class MappingWorkbookError extends Error {
  override name = 'MappingWorkbookError';
}

export interface ReadRow {
  /** The row's number in the sheet (1 is the header). */
  row: number;
  key: string;
  cells: Map<string, string>;
}
export interface ReadSheet {
  spec: SheetSpec;
  headers: string[];
  /** Headers that are no column of the layout: columns an analyst added. */
  extra: string[];
  rows: ReadRow[];
}
export interface ReadWorkbook {
  sheets: Map<SheetSpec['name'], ReadSheet>;
  warnings: string[];
}

async function load(file: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(file);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') throw new MappingWorkbookError(`${file}: no such file`);
    throw new MappingWorkbookError(
      `${file}: not an .xlsx workbook (${String((error as Error).message).split('\n')[0]})`,
    );
  }
  return workbook;
}

function readHeaders(sheet: ExcelJS.Worksheet): string[] {
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
    headers[column - 1] = cellValueText(cell.value).trim();
  });
  return Array.from(headers, (h) => h ?? '');
}

function readSheet(file: string, sheet: ExcelJS.Worksheet, spec: SheetSpec, warnings: string[]): ReadSheet {
  const headers = readHeaders(sheet);
  const at = new Map<string, number>();
  headers.forEach((h, i) => {
    if (h === '') return;
    if (at.has(h)) warnings.push(`${spec.name} column ${i + 1}: a second column headed "${h}" is ignored`);
    else at.set(h, i);
  });
  if (!at.has(spec.key))
    throw new MappingWorkbookError(`${file}: sheet ${spec.name} has no "${spec.key}" column, so no row can be matched`);
  for (const c of spec.columns)
    if (c.role === 'analyst' && !at.has(c.header))
      warnings.push(`${spec.name}: column "${c.header}" is missing; its answers are empty`);
  const known = new Set(spec.columns.map((c) => c.header));
  const extra = [...at.keys()].filter((h) => !known.has(h) && h !== DRIFT);
  const rows: ReadRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = new Map<string, string>();
    for (const [header, index] of at) {
      const text = cellValueText(row.getCell(index + 1).value);
      if (text !== '') cells.set(header, text);
    }
    if (cells.size === 0) return;
    rows.push({ row: number, key: (cells.get(spec.key) ?? '').trim(), cells });
  });
  return { spec, headers, extra, rows };
}

export async function readWorkbook(file: string): Promise<ReadWorkbook> {
  const workbook = await load(file);
  const warnings: string[] = [];
  const sheets = new Map<SheetSpec['name'], ReadSheet>();
  for (const spec of MODEL_SHEETS) {
    const sheet = workbook.getWorksheet(spec.name);
    if (sheet === undefined) throw new MappingWorkbookError(`${file}: no sheet named ${spec.name}`);
    sheets.set(spec.name, readSheet(file, sheet, spec, warnings));
  }
  return { sheets, warnings };
}
