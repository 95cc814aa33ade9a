/** The body of an interactive table: one `<tr>` per row of the page shown, cells as the server renders them. */
import { cellLink, cellText, type TableColumn } from '../lib/tables/table-model.ts';
import { el } from './dom.ts';
import type { Table } from './table-engine.ts';

function renderCell(table: Table, section: HTMLElement, col: TableColumn, c: number, r: number): HTMLElement {
  const td = el('td', { className: col.type === 'num' ? 'num' : col.type === 'code' ? 'code' : '' });
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
