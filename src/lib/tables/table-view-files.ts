/**
 * The files a large table's page reads beside its table file `<name>.json`: its first view
 * (`<name>.first-view.json`, table-first-view.ts) and each column's sort order (`<name>.order-<column>.bin`,
 * table-orders.ts). The inventory tables and the Changes tables write them through their endpoints.
 */
import { encodeFirstView } from './table-first-view.ts';
import type { TableRow, TableSpec } from './table-model.ts';
import { orderFile } from './table-orders.ts';

export const viewFileNames = (name: string, spec: TableSpec): string[] => [
  `${name}.first-view.json`,
  ...spec.columns.map((c) => `${name}.order-${c.key}.bin`),
];

/** The file named `<name>.<part>` among `viewFileNames`, or undefined when `part` names none of them. */
export function viewFileResponse(spec: TableSpec, rows: readonly TableRow[], part: string): Response | undefined {
  if (part === 'first-view.json') return Response.json(encodeFirstView(spec, rows));
  const column = spec.columns.find((c) => part === `order-${c.key}.bin`);
  if (column === undefined) return undefined;
  return new Response(orderFile(rows, column), { headers: { 'content-type': 'application/octet-stream' } });
}
