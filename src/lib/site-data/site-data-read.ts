/**
 * Reads of the site-data folder, each checked against its schema in site-data-format.ts. A file that does not match
 * fails with its name, its line (ndjson) and the first field that is wrong, so a stale or edited folder is found at
 * once instead of rendering pages with holes.
 *
 * Two files are read unchecked: nodes.ndjson, by `readTrustedNdjson`, and used-by.json, by key (used-by-index.ts). They
 * are the largest, which every page process and four build steps read, moments after this build's site-data step wrote
 * them (its format version is checked first). Checked, they cost 0.3–0.4 s more per read at 10k items (8,224 nodes,
 * 4.8 and 2.7 MB: 545–737 ms against 211–507 ms for the loader's files in a fresh process), several seconds per build
 * at 100k.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { iterateNdjson } from '#core/snapshot-format.ts';

export class SiteDataError extends Error {
  override readonly name = 'SiteDataError';
}

function describe(error: unknown): string {
  const issues = (error as Partial<z.ZodError>).issues;
  const first = issues?.[0];
  if (first === undefined) return (error as Error).message?.split('\n')[0] ?? String(error);
  const more = issues!.length > 1 ? ` (+${issues!.length - 1} more)` : '';
  return `${first.path.map(String).join('.') || '(root)'}: ${first.message}${more}`;
}

/** One JSON file, checked whole. */
export async function readSiteJson<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  const text = await readFile(file, 'utf8');
  try {
    return schema.parse(JSON.parse(text));
  } catch (error) {
    throw new SiteDataError(`${file}: ${describe(error)}`, { cause: error });
  }
}

/** Every line of an ndjson file, each checked. */
export async function* iterateSiteNdjson<T>(file: string, schema: z.ZodType<T>): AsyncGenerator<T> {
  let line = 0;
  try {
    for await (const value of iterateNdjson(file, schema)) {
      line += 1;
      yield value;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== undefined) throw error;
    throw new SiteDataError(`${file} line ${line + 1}: ${describe(error)}`, { cause: error });
  }
}

export async function readSiteNdjson<T>(file: string, schema: z.ZodType<T>): Promise<T[]> {
  const values: T[] = [];
  for await (const value of iterateSiteNdjson(file, schema)) values.push(value);
  return values;
}

const NEWLINE = 0x0a;

/** An ndjson file this build wrote, typed by `schema` but not checked against it (see above for which and why). */
export async function readTrustedNdjson<T>(file: string, _schema: z.ZodType<T>): Promise<T[]> {
  const values: T[] = [];
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    const buffer = rest.length === 0 ? chunk : Buffer.concat([rest, chunk]);
    let start = 0;
    for (let end = buffer.indexOf(NEWLINE); end >= 0; end = buffer.indexOf(NEWLINE, start)) {
      if (end > start) values.push(JSON.parse(buffer.toString('utf8', start, end)) as T);
      start = end + 1;
    }
    rest = buffer.subarray(start);
  }
  if (rest.length > 0) values.push(JSON.parse(rest.toString('utf8')) as T);
  return values;
}
