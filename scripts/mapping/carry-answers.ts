/**
 * The round trip: the analyst's answers of a previous workbook carried to the rows with the same key, whatever was
 * renamed, and the drift column saying what changed: `new`, `renamed from <old alias>`,
 * `changed: <fact> <old> → <new>`, or `removed` for a previous row whose thing is gone (kept at the end with everything
 * it held). Nothing typed is dropped: rows without a key or with a key seen before are kept at the end too, with a
 * warning.
 */
import { toCellText } from './cell-text.ts';
import type { SheetRow, SheetRows } from './fact-rows.ts';
import type { ReadRow, ReadSheet, ReadWorkbook } from './workbook-reader.ts';
import { analystHeaders, MODEL_SHEETS, type SheetSpec } from './sheet-layout.ts';
import type { SheetPlan } from './workbook-writer.ts';

export const REMOVED = 'removed';
const same = (a: string, b: string): boolean => toCellText(a) === toCellText(b);

function checkChoices(spec: SheetSpec, row: ReadRow, warnings: string[]): void {
  for (const column of spec.columns) {
    const value = row.cells.get(column.header);
    if (column.choices === undefined || value === undefined || column.choices.includes(value.trim())) continue;
    warnings.push(
      `${spec.name} row ${row.row}, column ${column.header}: "${value}" is not one of ${column.choices.join(', ')}; kept as typed`,
    );
  }
}

function driftOf(spec: SheetSpec, row: SheetRow, previous: ReadRow): string | undefined {
  const notes: string[] = [];
  const oldAlias = previous.cells.get(spec.alias);
  const newAlias = row.cells.get(spec.alias);
  if (oldAlias !== undefined && !same(oldAlias, String(newAlias ?? ''))) notes.push(`renamed from ${oldAlias}`);
  const changes = spec.watched.flatMap((header) => {
    const before = previous.cells.get(header) ?? '';
    const after = String(row.cells.get(header) ?? '');
    return previous.cells.has(header) && !same(before, after) ? [`${header} ${before} → ${after}`] : [];
  });
  if (changes.length > 0) notes.push(`changed: ${changes.join(', ')}`);
  return notes.length > 0 ? notes.join('; ') : undefined;
}

function carrySheet(rows: SheetRow[], previous: ReadSheet, warnings: string[]): SheetPlan {
  const { spec } = previous;
  const answers = [...analystHeaders(spec), ...previous.extra];
  const byKey = new Map<string, ReadRow>();
  const leftover: Array<[ReadRow, string]> = [];
  for (const row of previous.rows) {
    checkChoices(spec, row, warnings);
    if (row.key === '') {
      warnings.push(`${spec.name} row ${row.row}, column ${spec.key}: no key; the row is kept at the end`);
      leftover.push([row, `${REMOVED} (no key)`]);
    } else if (spec.keyPattern !== undefined && !spec.keyPattern.test(row.key)) {
      warnings.push(
        `${spec.name} row ${row.row}, column ${spec.key}: "${row.key}" is no key of this sheet; the row is kept at the end`,
      );
      leftover.push([row, `${REMOVED} (unknown key)`]);
    } else if (byKey.has(row.key)) {
      warnings.push(
        `${spec.name} row ${row.row}, column ${spec.key}: key ${row.key} repeats an earlier row; kept at the end`,
      );
      leftover.push([row, `${REMOVED} (repeated key)`]);
    } else byKey.set(row.key, row);
  }
  const matched = new Set<string>();
  for (const row of rows) {
    const before = byKey.get(row.key);
    if (before === undefined) {
      row.drift = 'new';
      continue;
    }
    matched.add(row.key);
    for (const header of answers) {
      const value = before.cells.get(header);
      if (value === undefined) row.cells.delete(header);
      else row.cells.set(header, value);
    }
    const drift = driftOf(spec, row, before);
    if (drift !== undefined) row.drift = drift;
  }
  const removed = [...byKey.values()].filter((r) => !matched.has(r.key)).map((r) => [r, REMOVED] as [ReadRow, string]);
  const kept = [...removed, ...leftover]
    .sort(([a], [b]) => a.row - b.row)
    .map(([r, drift]): SheetRow => ({ key: r.key, cells: new Map(r.cells), drift }));
  return { spec, extra: previous.extra, rows: [...rows, ...kept] };
}

/** The sheets to write: current rows with the previous workbook's answers and drift, or plain rows without one. */
export function planSheets(current: SheetRows, previous?: ReadWorkbook): { plans: SheetPlan[]; warnings: string[] } {
  const warnings = [...(previous?.warnings ?? [])];
  const plans = MODEL_SHEETS.map((spec) => {
    const rows = current.get(spec.name) ?? [];
    const sheet = previous?.sheets.get(spec.name);
    return sheet === undefined ? { spec, extra: [], rows } : carrySheet(rows, sheet, warnings);
  });
  return { plans, warnings };
}
