/** The model facts as sheet rows: cells by header, in the order the sheets list them. */
import type { FillFact, ModelFacts } from '../core/mapping-format.ts';
import { BLOCKS_SHEET, EDITORS_SHEET, PROPERTIES_SHEET, TYPES_SHEET, type SheetSpec } from './sheet-layout.ts';

export type CellValue = string | number;
export interface SheetRow {
  key: string;
  cells: Map<string, CellValue>;
  drift?: string;
}
export type SheetRows = Map<SheetSpec['name'], SheetRow[]>;

const percent = (filled: number, total: number): string =>
  total === 0 ? 'none counted' : `${Math.round((filled / total) * 100)}% (${filled}/${total})`;

export function fillText(fill: FillFact): string {
  const cultures = Object.entries(fill.cultures ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (cultures.length === 0) return percent(fill.filled, fill.total);
  return cultures.map(([iso, [filled, total]]) => `${iso} ${percent(filled, total)}`).join(' · ');
}

const yesNo = (value: boolean): string => (value ? 'yes' : 'no');
const row = (key: string, cells: Array<[string, CellValue]>): SheetRow => ({ key, cells: new Map(cells) });

/** What an editor's values usually need: the default an analyst starts from (and may change). */
export function defaultTransform(editorAlias: string): string {
  if (/Block|NestedContent|Grid/i.test(editorAlias)) return 'manual';
  if (/TinyMCE|RichText|RTE|Markdown|Picker|MultiUrl|Upload|ImageCropper|ColorPicker/i.test(editorAlias))
    return 'convert';
  return 'copy';
}

export function listFactRows(facts: ModelFacts): SheetRows {
  const types = facts.types.map((t) =>
    row(t.key, [
      ['key', t.key],
      ['alias', t.alias],
      ['name', t.name],
      ['kind', t.kind],
      ['items', t.items],
      ['block uses', t.blockUses],
      ['composed into', t.composedInto.join(', ')],
      ['parent of', t.parentOf.join(', ')],
    ]),
  );
  const properties = facts.properties.map((p) =>
    row(p.rowKey, [
      ['row key', p.rowKey],
      ['type key', p.typeKey],
      ['type alias', p.typeAlias],
      ['property key', p.key ?? ''],
      ['property alias', p.alias],
      ['name', p.name],
      ['group', p.group],
      ['inherited from', p.inheritedFrom ?? ''],
      ['editor', p.editorAlias],
      ['data type', /^-?\d{1,9}$/.test(p.dataType) ? Number(p.dataType) : p.dataType],
      ['mandatory', yesNo(p.mandatory)],
      ['varies by culture', yesNo(p.variesByCulture)],
      ['fill', fillText(p.fill)],
      ['holding', p.holding],
      ['distinct values', p.distinct],
      ['longest value', p.longest],
      ...p.samples.map((sample, i): [string, CellValue] => [`sample ${i + 1}`, sample]),
    ]),
  );
  const blocks = facts.blocks.map((b) =>
    row(b.rowKey, [
      ['row key', b.rowKey],
      ['host key', b.hostKey],
      ['host type', b.hostAlias],
      ['property', b.property],
      ['element key', b.elementKey],
      ['element type', b.elementAlias],
      ['instances', b.instances],
      ['items', b.items],
    ]),
  );
  const editors = facts.editors.map((e) => {
    const r = row(e.alias, [
      ['editor alias', e.alias],
      ['properties', e.properties],
      ['types', e.types],
      ['values', e.values],
    ]);
    r.cells.set('transform', defaultTransform(e.alias));
    return r;
  });
  return new Map([
    [TYPES_SHEET.name, types],
    [PROPERTIES_SHEET.name, properties],
    [BLOCKS_SHEET.name, blocks],
    [EDITORS_SHEET.name, editors],
  ]);
}
