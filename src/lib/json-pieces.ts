/**
 * JSON as pieces of text, so a file of any size is written without being one string: the pieces joined are the bytes
 * JSON.stringify gives for the same value, provided no object key is an array index (JSON.stringify would move those
 * first; item keys, column and extra names never are).
 */

/** A value written as pieces of its own (a nested array or object too large for one string). */
export interface JsonPieces {
  readonly pieces: Iterable<string>;
}

/** Values per piece: large enough that the pieces cost little, small enough that none grows with the data. */
const PER_PIECE = 2048;

const isPieces = (value: unknown): value is JsonPieces =>
  typeof value === 'object' && value !== null && 'pieces' in value && !Array.isArray(value);

/** An array; `undefined` becomes null, as JSON.stringify writes it in an array. */
export function* arrayPieces(values: Iterable<unknown>): Generator<string> {
  let piece = '[';
  let count = 0;
  for (const value of values) {
    piece += `${count === 0 ? '' : ','}${JSON.stringify(value) ?? 'null'}`;
    count += 1;
    if (count % PER_PIECE === 0) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}]`;
}

/** An object from its entries in order; an entry whose value is `undefined` is left out, as JSON.stringify does. */
export function* objectPieces(entries: Iterable<readonly [string, unknown]>): Generator<string> {
  let first = true;
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    yield `${first ? '{' : ','}${JSON.stringify(key)}:`;
    if (isPieces(value)) yield* value.pieces;
    else yield JSON.stringify(value);
    first = false;
  }
  yield first ? '{}' : '}';
}
