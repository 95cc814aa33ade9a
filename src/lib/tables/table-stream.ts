/**
 * An interactive table's file as pieces of text, so a million-row table is never one string: the pieces joined are
 * the bytes `JSON.stringify(encodeTable(spec, rows))` gives (table-model.ts), column by column and value by value.
 */
import { arrayPieces } from '../json-pieces.ts';
import type { CellValue, TableRow, TableSpec } from './table-model.ts';

function* facetPieces(rows: readonly TableRow[], key: string): Generator<string> {
  const index = new Map<CellValue, number>();
  const codeOf = (value: CellValue | undefined): number => {
    const v = value ?? null;
    let code = index.get(v);
    if (code === undefined) index.set(v, (code = index.size));
    return code;
  };
  // Values are numbered in the order rows first show them: one pass numbers them, the next writes the codes.
  for (const row of rows) {
    const value = row[key];
    if (Array.isArray(value)) value.forEach(codeOf);
    else codeOf(value);
  }
  yield '{"values":';
  yield* arrayPieces(index.keys());
  yield ',"codes":';
  yield* arrayPieces(
    (function* () {
      for (const row of rows) {
        const value = row[key];
        yield Array.isArray(value) ? value.map(codeOf) : codeOf(value);
      }
    })(),
  );
  yield '}';
}

/** One column's values in row order, a missing value as null. */
function* columnValues(rows: readonly TableRow[], key: string): Generator<CellValue> {
  for (const row of rows) yield row[key] ?? null;
}

export function* encodeTablePieces(spec: TableSpec, rows: readonly TableRow[]): Generator<string> {
  yield `{"name":${JSON.stringify(spec.name)},"count":${rows.length},"columns":${JSON.stringify(spec.columns)},"data":[`;
  for (const [i, column] of spec.columns.entries()) {
    if (i > 0) yield ',';
    if (column.deferred) yield '[]';
    else if (column.facet) yield* facetPieces(rows, column.key);
    else yield* arrayPieces(columnValues(rows, column.key));
  }
  yield ']}';
}

/** One deferred column's file (`encodeDeferredColumn`), in pieces. */
export const encodeDeferredPieces = (rows: readonly TableRow[], key: string): Generator<string> =>
  arrayPieces(columnValues(rows, key));

/** The pieces as a Response body: the endpoint's file is written without ever being one string. */
export function streamedJson(pieces: Iterable<string>): Response {
  const encoder = new TextEncoder();
  const iterator = pieces[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}
