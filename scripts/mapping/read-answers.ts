/**
 * A filled workbook read for the site (`npm run build -- --mapping FILE`): every row's analyst answers by sheet, with
 * the same checks as the round trip (dropdown values, rows without a key or with an unknown or repeated key), each a
 * warning naming sheet, row and column.
 */
import type { AnswerRow, MappingAnswers } from '../core/mapping-format.ts';
import { planSheets } from './carry-answers.ts';
import { analystHeaders, DRIFT, type SheetSpec } from './sheet-layout.ts';
import { readWorkbook, type ReadSheet } from './workbook-reader.ts';

function answerRows(sheet: ReadSheet | undefined): AnswerRow[] {
  if (sheet === undefined) return [];
  const headers = [...analystHeaders(sheet.spec), ...sheet.extra];
  return sheet.rows.map((r) => {
    const answers = Object.create(null) as Record<string, string>;
    for (const h of headers) {
      const value = r.cells.get(h)?.trim();
      if (value) answers[h] = value;
    }
    return {
      key: r.key,
      row: r.row,
      alias: r.cells.get(sheet.spec.alias) ?? '',
      answers,
      drift: r.cells.get(DRIFT) ?? '',
    };
  });
}

export async function readMappingAnswers(file: string, workbookName: string): Promise<MappingAnswers> {
  const read = await readWorkbook(file);
  // The round trip's checks, over no current rows: each row's problems become warnings, nothing else is kept.
  const { warnings } = planSheets(new Map(), read);
  const sheet = (name: SheetSpec['name']) => answerRows(read.sheets.get(name));
  return {
    workbook: workbookName,
    types: sheet('Types'),
    properties: sheet('Properties'),
    blocks: sheet('Blocks'),
    editors: sheet('Editors'),
    warnings,
  };
}
