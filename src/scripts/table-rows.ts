/** The body of an interactive table: one `<tr>` per row of the page shown, cells as the server renders them. */
import { cellLink, cellText, type TableColumn } from '../lib/tables/table-model.ts';
import { button, el } from './dom.ts';
import type { Table } from './table-data.ts';

function renderCell(table: Table, section: HTMLElement, col: TableColumn, c: number, r: number): HTMLElement {
  const td = el('td', { className: cellClass(col) });
  const text = cellText(table.value(c, r));
  if (col.cellAttr) td.setAttribute(`data-${col.cellAttr}`, text);
  const link = col.link
    ? cellLink(col.link, (key) =>
        table.value(
          table.columns.findIndex((x) => x.key === key),
          r,
        ),
      )
    : undefined;
  td.append(link !== undefined ? el('a', { href: (section.dataset.base ?? '/') + link, textContent: text }) : text);
  return td;
}

const cellClass = (col: TableColumn): string => (col.type === 'num' ? 'num' : col.type === 'code' ? 'code' : '');

/** The header row of the shown columns, each a button that sorts by it. */
export function renderHead(
  table: Table,
  section: HTMLElement,
  shown: readonly number[],
  sort: { key: string; descending: boolean } | undefined,
  onSort: (key: string) => void,
): void {
  const ths = shown.map((c) => {
    const col = table.columns[c] as TableColumn;
    const th = el(
      'th',
      { className: cellClass(col), scope: 'col' },
      button(col.label, () => onSort(col.key)),
    );
    th.dataset.column = col.key;
    const sorted = sort?.key === col.key;
    th.setAttribute('aria-sort', sorted ? (sort.descending ? 'descending' : 'ascending') : 'none');
    return th;
  });
  section.querySelector('thead')?.replaceChildren(el('tr', {}, ...ths));
}

/** The body when no row passes the filters: says so, with a way back to every row. */
export function renderNoRows(section: HTMLElement, columns: number, onClear: () => void): void {
  const td = el('td', { colSpan: Math.max(1, columns), className: 'no-rows' }, 'No rows match these filters. ');
  td.append(button('Clear filters', onClear));
  section.querySelector('tbody')?.replaceChildren(el('tr', {}, td));
}

/** Writes `rows` into the section's table body, in the given columns. */
export function renderRows(
  table: Table,
  section: HTMLElement,
  rows: readonly number[],
  shown: readonly number[],
): void {
  const [attrName, attrColumn] = (section.dataset.rowAttr ?? '').split(':');
  const attrIndex = table.columns.findIndex((c) => c.key === attrColumn);
  const trs = rows.map((r) => {
    const tr = el('tr', {}, ...shown.map((c) => renderCell(table, section, table.columns[c] as TableColumn, c, r)));
    if (attrName && attrIndex >= 0) tr.setAttribute(`data-${attrName}`, cellText(table.value(attrIndex, r)));
    return tr;
  });
  section.querySelector('tbody')?.replaceChildren(...trs);
}
