/**
 * The controls above an interactive table: facets (several values of one facet may be chosen: rows with any of them
 * pass), the column chooser, filters with an operator per column kind, and rows per page. Each calls back with the
 * state it changes; none keeps state of its own.
 */
import { cellText, type TableColumn } from '../lib/tables/table-model.ts';
import { button, el } from './dom.ts';
import { facetOf, type Table } from './table-data.ts';
import { OPS_BY_KIND, OP_LABELS, columnKind, takesValue, type ColumnFilter, type FilterOp } from './table-filters.ts';
import { PAGE_SIZES } from './table-state.ts';

/** A facet as a multiple-choice list: values by count, each with its count among rows passing the other filters. */
export function facetSelect(
  table: Table,
  c: number,
  chosen: readonly string[],
  counts: readonly number[],
  onChange: (values: string[]) => void,
): HTMLElement {
  const col = table.columns[c] as TableColumn;
  const values = facetOf(table, c)?.values ?? [];
  const count = (k: number): number => counts[k] ?? 0;
  const textOf = (k: number): string => cellText(values[k] ?? null);
  const order = values.map((_, k) => k).filter((k) => count(k) > 0 || chosen.includes(textOf(k)));
  order.sort((a, b) => count(b) - count(a) || textOf(a).localeCompare(textOf(b)));
  const options = order.map((k) => {
    const text = textOf(k);
    const label = `${text === '' ? '(empty)' : text} (${count(k)})`;
    return el('option', { value: text, textContent: label, selected: chosen.includes(text) });
  });
  const select = el('select', { name: col.key, multiple: true, size: Math.min(4, Math.max(2, options.length)) });
  select.append(...options);
  select.dataset.facet = col.key;
  select.title = 'Ctrl- or ⌘-click to choose several';
  select.addEventListener('change', () => onChange([...select.selectedOptions].map((o) => o.value)));
  const summary = chosen.length > 0 ? ` (${chosen.length} chosen)` : '';
  return el('label', { className: 'facet' }, el('span', { textContent: `${col.label}${summary}` }), select);
}

/** Checkboxes for every column of the table file, hidden ones too; at least one stays shown. */
export function columnChooser(
  table: Table,
  shown: readonly string[],
  onChange: (shown: string[]) => void,
): HTMLDetailsElement {
  const boxes = table.columns.map((col) => {
    const box = el('input', { type: 'checkbox', value: col.key, checked: shown.includes(col.key) });
    return el('label', {}, box, ` ${col.label}`);
  });
  const details = el(
    'details',
    { className: 'table-columns' },
    el('summary', { textContent: `Columns (${shown.length} of ${table.columns.length})` }),
    el('div', { className: 'choices' }, ...boxes),
  );
  details.addEventListener('change', () => {
    const picked = [...details.querySelectorAll<HTMLInputElement>('input:checked')].map((b) => b.value);
    if (picked.length > 0) onChange(picked);
  });
  return details;
}

function opSelect(table: Table, columnBox: HTMLSelectElement): HTMLSelectElement {
  const ops = el('select', { name: 'op' });
  ops.setAttribute('aria-label', 'Operator');
  const fill = (): void => {
    const c = table.columns.findIndex((col) => col.key === columnBox.value);
    const kind = c < 0 ? 'text' : columnKind(table, c);
    ops.replaceChildren(...OPS_BY_KIND[kind].map((op) => el('option', { value: op, textContent: OP_LABELS[op] })));
  };
  columnBox.addEventListener('change', fill);
  fill();
  return ops;
}

/** Adding a filter: a column, an operator its kind offers, a value; and the filters in force, each removable. */
export function whereBuilder(
  table: Table,
  filters: readonly ColumnFilter[],
  onChange: (filters: ColumnFilter[]) => void,
): HTMLElement {
  const columnBox = el(
    'select',
    { name: 'column' },
    ...table.columns.map((col) => el('option', { value: col.key, textContent: col.label })),
  );
  columnBox.setAttribute('aria-label', 'Column');
  const ops = opSelect(table, columnBox);
  const value = el('input', { type: 'text', name: 'value', placeholder: 'value' });
  value.setAttribute('aria-label', 'Value');
  const sync = (): void => void (value.hidden = !takesValue(ops.value as FilterOp));
  ops.addEventListener('change', sync);
  columnBox.addEventListener('change', sync);
  const form = el(
    'form',
    { className: 'table-where' },
    columnBox,
    ops,
    value,
    el('button', { type: 'submit', textContent: 'Add filter' }),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const op = ops.value as FilterOp;
    if (takesValue(op) && value.value.trim() === '') return value.focus();
    onChange([...filters, { key: columnBox.value, op, value: takesValue(op) ? value.value.trim() : '' }]);
  });
  const labelOf = (key: string): string => table.columns.find((col) => col.key === key)?.label ?? key;
  const active = filters.map((f, i) =>
    el(
      'span',
      { className: 'where-chip' },
      `${labelOf(f.key)} ${OP_LABELS[f.op]}${takesValue(f.op) ? ` ${f.value}` : ''} `,
      button('✕', () => onChange(filters.filter((_, j) => j !== i))),
    ),
  );
  for (const [i, chip] of active.entries())
    chip.querySelector('button')?.setAttribute('aria-label', `Remove filter ${i + 1}`);
  return el('div', { className: 'table-where-box' }, form, ...active);
}

export function pageSizeSelect(size: number, onChange: (size: number) => void): HTMLElement {
  const select = el(
    'select',
    { name: 'size' },
    ...PAGE_SIZES.map((n) => el('option', { value: String(n), textContent: String(n), selected: n === size })),
  );
  select.addEventListener('change', () => onChange(Number(select.value)));
  return el('label', { className: 'page-size' }, 'Rows per page ', select);
}
