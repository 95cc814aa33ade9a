/**
 * Writes the mapping workbook with exceljs's streaming writer (rows go to disk as they are added): per model sheet a
 * frozen, filtered header row, readable widths, hidden key columns, dropdowns on the choice columns, analyst columns
 * shaded; then the About sheet. The file appears whole or not at all (written beside it, then renamed).
 */
import { rename, rm } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { toCellText } from './cell-text.ts';
import type { CellValue, SheetRow } from './fact-rows.ts';
import { ABOUT_SHEET, type ColumnSpec, type SheetSpec } from './sheet-layout.ts';

export interface SheetPlan {
  spec: SheetSpec;
  /** Columns an analyst added to the previous workbook, carried by key like the analyst columns. */
  extra: string[];
  rows: SheetRow[];
}

/** exceljs keeps a sheet's data validations in `dataValidations` (ranges allowed); its typings leave it out. */
interface WithValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

/** Rows below the data that still offer the dropdowns, for rows an analyst adds. */
const SPARE_ROWS = 200;
const ANALYST_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } } as const;
const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } } as const;

const cellOf = (value: CellValue | undefined): CellValue | null =>
  value === undefined || value === '' ? null : typeof value === 'number' ? value : toCellText(value);

function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function addModelSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, plan: SheetPlan): void {
  const extra = plan.extra.map((header): ColumnSpec => ({ header, width: 24, role: 'analyst' }));
  const driftAt = plan.spec.columns.length - 1;
  const columns = [...plan.spec.columns.slice(0, driftAt), ...extra, ...plan.spec.columns.slice(driftAt)];
  const sheet = workbook.addWorksheet(plan.spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: toCellText(c.header), width: c.width, hidden: c.hidden === true }));
  sheet.autoFilter = { from: 'A1', to: `${columnLetter(columns.length - 1)}1` };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  columns.forEach((c, i) => {
    header.getCell(i + 1).fill = c.role === 'analyst' ? ANALYST_FILL : HEADER_FILL;
    if (c.choices === undefined) return;
    const letter = columnLetter(i);
    (sheet as unknown as WithValidations).dataValidations.add(
      `${letter}2:${letter}${plan.rows.length + 1 + SPARE_ROWS}`,
      {
        type: 'list',
        allowBlank: true,
        formulae: [`"${c.choices.join(',')}"`],
        showErrorMessage: true,
        errorStyle: 'warning',
        error: `One of: ${c.choices.join(', ')}`,
      },
    );
  });
  header.commit();
  for (const row of plan.rows) {
    const values = columns.map((c) => cellOf(c.role === 'drift' ? row.drift : row.cells.get(c.header)));
    sheet.addRow(values).commit();
  }
  sheet.commit();
}

function addAboutSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, about: Array<[string, string]>): void {
  const sheet = workbook.addWorksheet(ABOUT_SHEET);
  sheet.columns = [{ width: 28 }, { width: 110 }];
  for (const [field, value] of about) {
    const row = sheet.addRow([toCellText(field), toCellText(value)]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
    row.commit();
  }
  sheet.commit();
}

export async function writeWorkbook(out: string, plans: SheetPlan[], about: Array<[string, string]>): Promise<void> {
  const temporary = `${out}.${process.pid}.partial`;
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: temporary,
      useSharedStrings: true,
      useStyles: true,
    });
    for (const plan of plans) addModelSheet(workbook, plan);
    addAboutSheet(workbook, about);
    await workbook.commit();
    await rename(temporary, out);
  } finally {
    await rm(temporary, { force: true });
  }
}
