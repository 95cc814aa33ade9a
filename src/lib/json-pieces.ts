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

/** Characters after which `valuePieces` hands out what it has gathered. */
const PIECE_CHARS = 1 << 16;

/**
 * Any JSON value as pieces: arrays and plain objects are opened down to `depth` levels and written member by member,
 * deeper values with one JSON.stringify each, so no piece holds more than one member of the opened levels (a change
 * list of any length, a night's changed items). The pieces joined are JSON.stringify's bytes for the same value.
 */
export function* valuePieces(value: unknown, depth = 2): Generator<string> {
  let gathered = '';
  function* emit(text: string): Generator<string> {
    gathered += text;
    if (gathered.length >= PIECE_CHARS) {
      yield gathered;
      gathered = '';
    }
  }
  function* walk(v: unknown, level: number, inArray: boolean): Generator<string> {
    const opened =
      level < depth && typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
    if (!opened) {
      // As JSON.stringify: undefined, a function or a symbol is null in an array (and left out of an object, below).
      yield* emit(JSON.stringify(v) ?? (inArray ? 'null' : ''));
      return;
    }
    if (Array.isArray(v)) {
      yield* emit('[');
      for (let i = 0; i < v.length; i++) {
        if (i > 0) yield* emit(',');
        yield* walk(v[i], level + 1, true);
      }
      yield* emit(']');
      return;
    }
    yield* emit('{');
    let first = true;
    for (const [key, member] of Object.entries(v)) {
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
      yield* emit(`${first ? '' : ','}${JSON.stringify(key)}:`);
      yield* walk(member, level + 1, false);
      first = false;
    }
    yield* emit('}');
  }
  yield* walk(value, 0, false);
  if (gathered !== '') yield gathered;
}
