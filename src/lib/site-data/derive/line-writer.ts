/** A buffered text file writer that respects stream back-pressure, for NDJSON and CSV outputs of any size. */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export interface LineWriter {
  write(text: string): Promise<void>;
  close(): Promise<void>;
  readonly lines: number;
}

export function createLineWriter(file: string): LineWriter {
  const stream = createWriteStream(file, { encoding: 'utf8' });
  // A failed write (a full disk) is thrown by the next call, never left as an unhandled 'error' event.
  let failure: Error | undefined;
  stream.on('error', (error) => (failure ??= error));
  let lines = 0;
  return {
    async write(text) {
      if (failure !== undefined) throw failure;
      lines += 1;
      if (!stream.write(text)) await once(stream, 'drain');
    },
    async close() {
      if (failure !== undefined) throw failure;
      stream.end();
      await once(stream, 'finish');
    },
    get lines() {
      return lines;
    },
  };
}

/** A JSON array written element by element, so a 100k-row download never sits in memory. */
export function createJsonArrayWriter(file: string): { add(value: unknown): Promise<void>; close(): Promise<void> } {
  const out = createLineWriter(file);
  let first = true;
  return {
    async add(value) {
      await out.write(`${first ? '[\n' : ',\n'}${JSON.stringify(value)}`);
      first = false;
    },
    async close() {
      await out.write(first ? '[]\n' : '\n]\n');
      await out.close();
    },
  };
}

/** A JSON file written piece by piece (json-pieces.ts), never held as one string. */
export async function writeJsonPieces(file: string, pieces: Iterable<string>): Promise<void> {
  const out = createLineWriter(file);
  for (const piece of pieces) await out.write(piece);
  await out.close();
}
