import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Where each entry of a large file lies, by key: a start and a length per key, in two typed arrays, so a reader that
 * takes one entry at a time holds a key and two numbers per entry instead of the entries. A key given twice keeps its
 * last span, as JSON.parse and a Map built in file order do.
 */
export class KeySpans {
  private starts = new Float64Array(1024);
  private lengths = new Float64Array(1024);
  private readonly slots = new Map<string, number>();
  private count = 0;

  get size(): number {
    return this.slots.size;
  }

  add(key: string, start: number, length: number): void {
    if (this.count === this.starts.length) {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.starts = grow(this.starts);
      this.lengths = grow(this.lengths);
    }
    const slot = this.slots.get(key) ?? this.count++;
    this.slots.set(key, slot);
    this.starts[slot] = start;
    this.lengths[slot] = length;
  }

  has(key: string): boolean {
    return this.slots.has(key);
  }

  /** The keys, in the order the file first gives them. */
  keys(): IterableIterator<string> {
    return this.slots.keys();
  }

  /** The span of `key`, or undefined when the file has no entry under it. */
  find(key: string): { start: number; length: number } | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined) return undefined;
    return { start: this.starts[slot] as number, length: this.lengths[slot] as number };
  }
}

/** A file read one entry at a time by key (`openKeyedFile`). */
export interface KeyedFile {
  readonly spans: KeySpans;
  /** The text of `key`'s entry, or undefined when the file has none. */
  read(key: string): string | undefined;
  close(): void;
}

/** The text of `length` bytes at `start` of the open file. */
export type ReadAt = (start: number, length: number) => string;

/**
 * Opens `file` and has `scan` find where each entry lies (given the open file and a positioned read); the file is
 * closed if the scan fails, else it stays open for `read` until `close`.
 */
export function openKeyedFile(file: string, scan: (fd: number, readAt: ReadAt) => KeySpans): KeyedFile {
  const fd = openSync(file, 'r');
  const readAt: ReadAt = (start, length) => {
    const bytes = Buffer.allocUnsafe(length);
    const got = readSync(fd, bytes, 0, length, start);
    if (got !== length) throw new Error(`${file} ends before byte ${start + length}`);
    return bytes.toString('utf8');
  };
  let spans: KeySpans;
  try {
    spans = scan(fd, readAt);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let open = true;
  return {
    spans,
    read(key) {
      const span = spans.find(key);
      if (span === undefined) return undefined;
      if (!open) throw new Error(`${file} was closed`);
      return readAt(span.start, span.length);
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

const NEWLINE = 0x0a;

/**
 * Where each line of an NDJSON file lies, keyed by what `keyOf` reads of it (given the line's start, length and
 * number, from 1): the file is read `chunkBytes` at a time and no line is held. Empty lines are skipped.
 */
function scanLineKeys(
  fd: number,
  chunkBytes: number,
  keyOf: (start: number, length: number, line: number) => string,
): KeySpans {
  const spans = new KeySpans();
  const buffer = Buffer.allocUnsafe(chunkBytes);
  let lineStart = 0;
  let line = 1;
  let position = 0;
  for (
    let n = readSync(fd, buffer, 0, chunkBytes, position);
    n > 0;
    n = readSync(fd, buffer, 0, chunkBytes, position)
  ) {
    const read = buffer.subarray(0, n);
    for (let at = read.indexOf(NEWLINE); at >= 0; at = read.indexOf(NEWLINE, at + 1)) {
      const end = position + at;
      if (end > lineStart) spans.add(keyOf(lineStart, end - lineStart, line), lineStart, end - lineStart);
      lineStart = end + 1;
      line += 1;
    }
    position += n;
  }
  if (position > lineStart) spans.add(keyOf(lineStart, position - lineStart, line), lineStart, position - lineStart);
  return spans;
}

/** How a writer starts each line: the first group of `pattern`, matched on the line's first `bytes`, is its key. */
export interface LineHead {
  pattern: RegExp;
  bytes: number;
  /** From the group's text to the key (the group may be a JSON string); the text itself when absent. */
  decode?: (group: string) => string;
}

/**
 * An NDJSON file of objects with a string `key`, read one line at a time by key (`openKeyedFile`). A line's key comes
 * from its head when it starts as its writer writes it, else from the parsed line; a line that cannot be read, or
 * holds no key, is named by number (`what`: what a line is, for the message).
 */
export function openLinesByKey(file: string, head: LineHead, what: string, chunkBytes: number): KeyedFile {
  return openKeyedFile(file, (fd, readAt) =>
    scanLineKeys(fd, chunkBytes, (start, length, line) => {
      let key: unknown;
      try {
        const group = head.pattern.exec(readAt(start, Math.min(length, head.bytes)))?.[1];
        key =
          group === undefined
            ? (JSON.parse(readAt(start, length)) as { key?: unknown } | null)?.key
            : (head.decode?.(group) ?? group);
      } catch (error) {
        throw new Error(`${file} line ${line}: ${(error as Error).message}`);
      }
      if (typeof key !== 'string') throw new Error(`${file} line ${line}: ${what} without a key`);
      return key;
    }),
  );
}
