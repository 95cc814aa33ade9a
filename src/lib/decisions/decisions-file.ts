/**
 * A decisions file (`--decisions decisions.csv`): one decision per item, by GUID. Columns (header names in any case,
 * spaces or underscores for dashes): key, disposition (keep / rewrite / merge-into:<key> / archive / delete), target
 * type, owner, priority, note, decided-at. Malformed CSV is an error; a row that cannot be used (bad key, unknown
 * disposition) is a problem naming file, line and column, listed and never dropped silently.
 */
import { readCsvCells, type CsvCellAt } from './csv-cells.ts';

export const DISPOSITIONS = ['keep', 'rewrite', 'merge-into', 'archive', 'delete'] as const;
export const DECISION_COLUMNS = [
  'key',
  'disposition',
  'target-type',
  'target-url',
  'owner',
  'priority',
  'note',
  'decided-at',
] as const;
type DecisionColumn = (typeof DECISION_COLUMNS)[number];

export interface Decision {
  key: string;
  /** keep, rewrite, archive, delete, or merge-into:<key>. */
  disposition: string;
  mergeInto: string;
  targetType: string;
  /** Where the new site answers the item's old URLs (a path or an http(s) URL); '' when not given. */
  targetUrl: string;
  owner: string;
  priority: string;
  note: string;
  decidedAt: string;
  line: number;
}

export interface DecisionProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

export class DecisionsFileError extends Error {
  override readonly name = 'DecisionsFileError';
}

const GUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** A target URL: a path on the new site, or an absolute http(s) URL. */
export const TARGET_URL = /^(\/(?!\/)|https?:\/\/)[^\s\u0000-\u001f\u007f]*$/i;
const DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** What a GUID is in the snapshot: lower case, with dashes. */
export function normalizeKey(text: string): string | undefined {
  const t = text.trim();
  if (!GUID.test(t)) return undefined;
  const h = t.replace(/-/g, '').toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const headerName = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
/** Shown in a message: control, bidi and line-separator characters escaped, long text cut. */
export const shown = (text: string) =>
  JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text).replace(
    /[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export function readDecisions(text: string, file: string): { decisions: Decision[]; problems: DecisionProblem[] } {
  let rows: CsvCellAt[][];
  try {
    rows = readCsvCells(text);
  } catch (error) {
    const e = error as { line?: number; column?: number; message: string };
    throw new DecisionsFileError(`${file}:${e.line}:${e.column}: ${e.message}`);
  }
  const [header, ...body] = rows;
  if (header === undefined) return { decisions: [], problems: [] };
  const problems: DecisionProblem[] = [];
  const problem = (cell: { line: number; column: number }, message: string) =>
    problems.push({ file, line: cell.line, column: cell.column, message });
  const at = new Map<DecisionColumn, number>();
  header.forEach((cell, index) => {
    const name = headerName(cell.value) as DecisionColumn;
    if (!DECISION_COLUMNS.includes(name)) problem(cell, `unknown column ${shown(cell.value)}: ignored`);
    else if (at.has(name)) problem(cell, `column ${name} given twice: the first one is used`);
    else at.set(name, index);
  });
  for (const needed of ['key', 'disposition'] as const)
    if (!at.has(needed))
      throw new DecisionsFileError(`${file}:1:1: the header has no ${needed} column (columns: key, disposition, …)`);
  const decisions: Decision[] = [];
  const seen = new Map<string, number>();
  for (const row of body) {
    const cellOf = (name: DecisionColumn) => row[at.get(name) ?? -1];
    const value = (name: DecisionColumn) => cellOf(name)?.value.trim() ?? '';
    const place = row[0] ?? { line: 0, column: 1 };
    const keyCell = cellOf('key') ?? place;
    const key = normalizeKey(value('key'));
    if (key === undefined) {
      problem(keyCell, `key ${shown(value('key'))} is not a GUID: row not used`);
      continue;
    }
    const parsed = parseDisposition(value('disposition'));
    if (typeof parsed === 'string') {
      problem(cellOf('disposition') ?? place, `${parsed}: row not used`);
      continue;
    }
    const decidedAt = value('decided-at');
    if (decidedAt !== '' && !DATE.test(decidedAt))
      problem(cellOf('decided-at') ?? place, `decided-at ${shown(decidedAt)} is not a date (YYYY-MM-DD): kept as text`);
    let targetUrl = value('target-url');
    if (targetUrl !== '' && !TARGET_URL.test(targetUrl)) {
      problem(cellOf('target-url') ?? place, `target-url ${shown(targetUrl)} is not a path or an http(s) URL: ignored`);
      targetUrl = '';
    }
    const earlier = seen.get(key);
    if (earlier !== undefined)
      problem(keyCell, `key ${key} was decided on line ${earlier} too: this later row is used`);
    seen.set(key, place.line);
    const decision: Decision = {
      key,
      ...parsed,
      targetType: value('target-type'),
      targetUrl,
      owner: value('owner'),
      priority: value('priority'),
      note: value('note'),
      decidedAt,
      line: place.line,
    };
    if (earlier !== undefined)
      decisions.splice(
        decisions.findIndex((d) => d.key === key),
        1,
      );
    decisions.push(decision);
  }
  return { decisions, problems };
}

export function parseDisposition(text: string): { disposition: string; mergeInto: string } | string {
  const lower = text.toLowerCase();
  const merge = /^merge-into:\s*(.*)$/.exec(lower);
  if (merge) {
    const target = normalizeKey(merge[1] ?? '');
    return target === undefined
      ? `merge-into needs the GUID of the item to merge into, got ${shown(text)}`
      : { disposition: `merge-into:${target}`, mergeInto: target };
  }
  if ((DISPOSITIONS as readonly string[]).includes(lower) && lower !== 'merge-into')
    return { disposition: lower, mergeInto: '' };
  return `unknown disposition ${shown(text)} (keep, rewrite, merge-into:<key>, archive or delete)`;
}
