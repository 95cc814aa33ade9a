/**
 * The check of an inventory's row files (tableRowSchema: cells of text, numbers, yes/no, nothing or lists of text),
 * with a fast path. Zod checks a record cell by cell through a union, 4.6 s of the 25 s `astro build` took at 100k
 * items (the decision rows alone are read three times). A row that is a plain object of such cells passes here at once;
 * any other goes through the schema, which accepts or refuses it with its own words. So what passes is exactly what
 * the schema passes.
 */
import { z } from 'zod';
import { tableRowSchema } from '../site-data/site-data-format.ts';
import type { TableRow } from './table-model.ts';

function isCell(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      return value === null || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
    default:
      return false;
  }
}

/** A plain object (as JSON.parse makes them) whose every own value is a cell. */
export function isTableRow(value: unknown): value is TableRow {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const cell of Object.values(value)) if (!isCell(cell)) return false;
  return true;
}

export const tableRowCheck: z.ZodType<TableRow> = z.custom<TableRow>().superRefine((value, ctx) => {
  if (isTableRow(value)) return;
  const checked = tableRowSchema.safeParse(value);
  if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ ...issue, input: value });
});
