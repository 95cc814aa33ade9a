/**
 * The four model sheets of the mapping workbook: their columns (facts from the snapshot, analyst columns carried
 * across workbooks by the hidden key, and the drift column), and which facts a rename or a change is read from.
 * Columns are found by their header when read, so an analyst may reorder or add columns.
 */
import { DISPOSITIONS, TRANSFORMS } from '../core/mapping-format.ts';

export type ColumnRole = 'key' | 'fact' | 'analyst' | 'drift';

export interface ColumnSpec {
  header: string;
  width: number;
  role: ColumnRole;
  hidden?: boolean;
  /** A dropdown's values (data validation); a value outside them is warned about, never dropped. */
  choices?: readonly string[];
}

export interface SheetSpec {
  name: 'Types' | 'Properties' | 'Blocks' | 'Editors';
  /** The column whose value matches a row across workbooks. */
  key: string;
  /** The form of the keys this sheet writes; another key is warned about (and its row kept). */
  keyPattern?: RegExp;
  /** The fact a rename shows in (`renamed from <old>`). */
  alias: string;
  /** Facts whose change is reported as `changed: <header> <old> → <new>`. */
  watched: string[];
  columns: ColumnSpec[];
}

export const DRIFT = 'drift';
const GUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const key = (header: string): ColumnSpec => ({ header, width: 38, role: 'key', hidden: true });
const fact = (header: string, width = 14, hidden = false): ColumnSpec =>
  hidden ? { header, width, role: 'fact', hidden } : { header, width, role: 'fact' };
const analyst = (header: string, width = 24, choices?: readonly string[]): ColumnSpec =>
  choices ? { header, width, role: 'analyst', choices } : { header, width, role: 'analyst' };
const drift: ColumnSpec = { header: DRIFT, width: 36, role: 'drift' };

export const TYPES_SHEET: SheetSpec = {
  name: 'Types',
  key: 'key',
  keyPattern: new RegExp(`^${GUID}$`),
  alias: 'alias',
  watched: ['kind'],
  columns: [
    key('key'),
    fact('alias', 28),
    fact('name', 30),
    fact('kind', 13),
    fact('items', 10),
    fact('block uses', 11),
    fact('composed into', 30),
    fact('parent of', 30),
    analyst('target', 30),
    analyst('disposition', 14, DISPOSITIONS),
    drift,
  ],
};

export const PROPERTIES_SHEET: SheetSpec = {
  name: 'Properties',
  key: 'row key',
  keyPattern: new RegExp(`^${GUID}/(${GUID}|alias:.+)$`, 's'),
  alias: 'property alias',
  watched: ['editor', 'data type', 'varies by culture'],
  columns: [
    key('row key'),
    key('type key'),
    fact('type alias', 24),
    key('property key'),
    fact('property alias', 26),
    fact('name', 26),
    fact('group', 16),
    fact('inherited from', 20),
    fact('editor', 28),
    fact('data type', 22),
    fact('mandatory', 11),
    fact('varies by culture', 10),
    fact('fill', 28),
    fact('holding', 10),
    fact('distinct values', 10),
    fact('longest value', 10),
    fact('sample 1', 30),
    fact('sample 2', 30),
    fact('sample 3', 30),
    analyst('target', 30),
    analyst('transform', 12, TRANSFORMS),
    analyst('status', 14),
    analyst('note', 40),
    drift,
  ],
};

export const BLOCKS_SHEET: SheetSpec = {
  name: 'Blocks',
  key: 'row key',
  keyPattern: new RegExp(`^${GUID}/.+/(${GUID}|alias:.*)$`, 's'),
  alias: 'element type',
  watched: [],
  columns: [
    key('row key'),
    key('host key'),
    fact('host type', 26),
    fact('property', 24),
    key('element key'),
    fact('element type', 28),
    fact('instances', 10),
    fact('items', 10),
    analyst('target', 30),
    analyst('note', 40),
    drift,
  ],
};

export const EDITORS_SHEET: SheetSpec = {
  name: 'Editors',
  key: 'editor alias',
  alias: 'editor alias',
  watched: [],
  columns: [
    fact('editor alias', 34),
    fact('properties', 11),
    fact('types', 10),
    fact('values', 10),
    analyst('transform', 12, TRANSFORMS),
    analyst('note', 40),
    drift,
  ],
};

export const MODEL_SHEETS: readonly SheetSpec[] = [TYPES_SHEET, PROPERTIES_SHEET, BLOCKS_SHEET, EDITORS_SHEET];
export const ABOUT_SHEET = 'About';

export const analystHeaders = (sheet: SheetSpec): string[] =>
  sheet.columns.filter((c) => c.role === 'analyst').map((c) => c.header);
