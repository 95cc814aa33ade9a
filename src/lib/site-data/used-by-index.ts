/**
 * used-by.json read by key, without holding it. The file is one JSON object, item key → the items that reference it
 * (written in pieces by the site-data step, json-pieces.ts). Parsed whole it took 509 MB of heap at 770,450 items (the
 * 1M demo, a 247 MB file), in `astro build`, in the item page writer and in the build's own process at once, and one
 * string of it would pass V8's string limit near 1.9M items. Here the file is scanned once, a megabyte at a time, for
 * where each entry's value starts and ends (outside strings, counting braces and brackets); a page's entry is then one
 * positioned read and one small JSON.parse. The index holds a key and two numbers per entry.
 */
import { readSync } from 'node:fs';
import { KeySpans, openKeyedFile } from '#core/key-spans.ts';
import { noteRead } from './page-reads.ts';
import type { UsedByEntry } from './site-data-format.ts';

export interface UsedByIndex {
  /** The entry of `key`, or undefined when nothing references it. */
  get(key: string): UsedByEntry | undefined;
  /** Entries in the file. */
  readonly size: number;
  close(): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Scans `file` (a JSON object) for the byte span of each top-level value; `chunkBytes` is the read size. */
function scan(fd: number, file: string, chunkBytes: number): KeySpans {
  const spans = new KeySpans();
  const buffer = Buffer.allocUnsafe(chunkBytes);
  const fail = (at: number, what: string): never => {
    throw new Error(`${file} is not a used-by object: ${what} at byte ${at}`);
  };
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** The bytes of the key being read (depth 1, before its colon), or undefined. */
  let keyBytes: number[] | undefined;
  let key: string | undefined;
  let valueStart = -1;
  let seenTop = false;
  let ended = false;
  let position = 0;
  for (
    let n = readSync(fd, buffer, 0, chunkBytes, position);
    n > 0;
    n = readSync(fd, buffer, 0, chunkBytes, position)
  ) {
    for (let i = 0; i < n; i++) {
      const c = buffer[i] as number;
      const at = position + i;
      if (inString) {
        keyBytes?.push(c);
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (keyBytes !== undefined) {
            key = JSON.parse(Buffer.from(keyBytes).toString('utf8')) as string;
            keyBytes = undefined;
          }
        }
        continue;
      }
      if (ended) {
        if (!SPACE.has(c)) fail(at, 'text after the object');
        continue;
      }
      if (!seenTop) {
        if (SPACE.has(c)) continue;
        if (c !== OPEN_BRACE) fail(at, 'no opening brace');
        seenTop = true;
        depth = 1;
        continue;
      }
      switch (c) {
        case QUOTE:
          inString = true;
          if (depth === 1 && valueStart < 0) {
            if (key !== undefined) fail(at, 'two keys without a value');
            keyBytes = [c];
          }
          break;
        case COLON:
          if (depth === 1 && valueStart < 0) {
            if (key === undefined) fail(at, 'a value without a key');
            valueStart = at + 1;
          }
          break;
        case OPEN_BRACE:
        case OPEN_BRACKET:
          depth += 1;
          break;
        case CLOSE_BRACE:
        case CLOSE_BRACKET:
          depth -= 1;
          if (depth === 0) {
            if (valueStart >= 0) spans.add(key as string, valueStart, at - valueStart);
            else if (key !== undefined) fail(at, 'a key without a value');
            ended = true;
          }
          break;
        case COMMA:
          if (depth === 1) {
            if (valueStart < 0) fail(at, 'a comma without an entry');
            spans.add(key as string, valueStart, at - valueStart);
            key = undefined;
            valueStart = -1;
          }
          break;
      }
    }
    position += n;
  }
  if (!ended) fail(position, seenTop ? 'the object does not end' : 'no opening brace');
  return spans;
}

export function openUsedByIndex(file: string, chunkBytes = 1 << 20): UsedByIndex {
  const keyed = openKeyedFile(file, (fd) => scan(fd, file, chunkBytes));
  return {
    size: keyed.spans.size,
    get(key) {
      noteRead('b', key);
      const text = keyed.read(key);
      return text === undefined ? undefined : (JSON.parse(text) as UsedByEntry);
    },
    close: () => keyed.close(),
  };
}
