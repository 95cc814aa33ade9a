/**
 * The Changes section's tables: one per kind of change, each a list of rows with the same cells on the page and in
 * the CSV and JSON downloads. A table's count is its rows: for values, one per property and language. Old and new
 * values are one-line renderings of at most VALUE_CHARS characters (the full values are in changes.json).
 */
import { ITEM_CHANGE_KINDS, summariseByType } from '#core/diff-format.ts';
import type { ItemRef, SnapshotDiff, TypeRef } from '#core/diff-format.ts';
import { CHANGE_LABELS, describeTypeDrift, renderBeforeAfter } from '#core/change-text.ts';
import type { CsvCell } from '../csv.ts';

export interface ChangeRow {
  /** The item or type the first cell links to; none for a summary row. */
  link?: { kind: 'content' | 'media' | 'type'; key: string };
  cells: CsvCell[];
}

export interface ChangeTable {
  name: string;
  title: string;
  columns: string[];
  rows: ChangeRow[];
}

const ITEM = ['Name', 'Kind', 'Key'];
const VALUE_CHARS = 300;
const itemCells = (item: ItemRef): CsvCell[] => [item.name, item.kind, item.key];
const itemLink = (item: ItemRef): ChangeRow['link'] => ({ kind: item.kind, key: item.key });
const typeRow = (type: TypeRef, extra: CsvCell[] = []): ChangeRow => ({
  link: { kind: 'type', key: type.key },
  cells: [type.alias, type.name, type.kind, type.element ? 'yes' : 'no', ...extra],
});

export function listChangeTables(diff: SnapshotDiff): ChangeTable[] {
  const { items, contentTypes } = diff;
  const fromTo = <T extends ItemRef & { from: unknown; to: unknown }>(
    rows: T[],
    culture: (r: T) => CsvCell = () => null,
  ) =>
    rows.map((r) => ({ link: itemLink(r), cells: [...itemCells(r), culture(r), r.from as CsvCell, r.to as CsvCell] }));
  const TYPE = ['Alias', 'Name', 'Kind', 'Element'];
  return [
    {
      name: 'items-added',
      title: 'Items added',
      columns: [...ITEM, 'Type', 'Path', 'URL'],
      rows: items.added.map((r) => ({ link: itemLink(r), cells: [...itemCells(r), r.type, r.path, r.url] })),
    },
    {
      name: 'items-removed',
      title: 'Items removed',
      columns: [...ITEM, 'Type', 'Path', 'URL'],
      rows: items.removed.map((r) => ({ link: itemLink(r), cells: [...itemCells(r), r.type, r.path, r.url] })),
    },
    {
      name: 'items-moved',
      title: 'Items moved',
      columns: [...ITEM, 'From path', 'To path'],
      rows: items.moved.map((r) => ({ link: itemLink(r), cells: [...itemCells(r), r.fromPath, r.toPath] })),
    },
    {
      name: 'items-renamed',
      title: 'Items renamed',
      columns: [...ITEM, 'Language', 'From', 'To'],
      rows: fromTo(items.renamed, (r) => r.culture),
    },
    {
      name: 'urls-changed',
      title: 'URLs changed',
      columns: [...ITEM, 'Language', 'From', 'To'],
      rows: fromTo(items.urlChanged, (r) => r.culture),
    },
    {
      name: 'items-retyped',
      title: 'Items re-typed',
      columns: [...ITEM, '', 'From', 'To'],
      rows: fromTo(items.retyped),
    },
    {
      name: 'sort-order-changed',
      title: 'Sort order changed',
      columns: [...ITEM, '', 'From', 'To'],
      rows: fromTo(items.sortOrderChanged),
    },
    {
      name: 'templates-changed',
      title: 'Templates changed',
      columns: [...ITEM, '', 'From', 'To'],
      rows: fromTo(items.templateChanged),
    },
    {
      name: 'values-changed',
      title: 'Values changed',
      columns: [...ITEM, 'Type', 'Property', 'Language', 'Change', 'Editor', 'From', 'To'],
      rows: items.changed.flatMap((r) =>
        r.properties.map((p) => ({
          link: itemLink(r),
          cells: [
            ...itemCells(r),
            r.type,
            p.fromAlias === undefined ? p.alias : `${p.alias} (was ${p.fromAlias})`,
            p.culture,
            p.change,
            p.editorAlias,
            ...renderBeforeAfter(p, VALUE_CHARS),
          ],
        })),
      ),
    },
    {
      name: 'by-type',
      title: 'Changes by item type',
      columns: ['Type', 'Kind', 'Items', ...ITEM_CHANGE_KINDS.map((kind) => CHANGE_LABELS[kind])],
      rows: summariseByType(items).map((s) => ({
        cells: [s.type, s.kind, s.items, ...ITEM_CHANGE_KINDS.map((kind) => s.counts[kind])],
      })),
    },
    {
      name: 'types-added',
      title: 'Content types added',
      columns: TYPE,
      rows: contentTypes.added.map((t) => typeRow(t)),
    },
    {
      name: 'types-removed',
      title: 'Content types removed',
      columns: TYPE,
      rows: contentTypes.removed.map((t) => typeRow(t)),
    },
    {
      name: 'types-changed',
      title: 'Content types changed',
      columns: [...TYPE, 'What changed'],
      rows: contentTypes.changed.map((t) => typeRow(t, [describeTypeDrift(t).join('; ')])),
    },
  ];
}
