/**
 * Item pages carried over from the last build (`npm run build -- --take-unchanged`; by default every page is rendered
 * and nothing is recorded: it pays only where the last site stays in --out, docs/scale.md). The item page writer
 * records, for each page it renders, the reads it made of the site data and a hash of their answers
 * (src/lib/pages/page-inputs.ts), in a file of the working folder (`item-pages-<hash of --out>.ndjson`, written whole
 * at the end). The next such build asks the same reads of its own site
 * data: when the hash is the same, and so are the build's global inputs (the layout, the content types, the site
 * config, the code), the page would come out the same, and the previous site's file is taken as it is, after checking
 * its bytes against the hash recorded when it was written, or, when its size, time and inode are those recorded then
 * (`fileStamp`), without reading it. A nightly build where 1 % of the items changed renders only
 * the pages whose inputs changed: the items themselves, and the pages that show them (their parents' child lists, their
 * children's breadcrumbs, the pages that reference them or that they reference).
 *
 * Taken means left in place when the build puts only what changed over the last site (in-place-commit.ts: the pages
 * taken are listed, `Reuse.keptOut`); otherwise, as when the last site lies in another folder than the new one is
 * written to, hard-linked into the new site (no step writes into a page file), or copied where a link cannot be made
 * (another disk: scripts/core/link-or-copy.ts). A previous
 * site that is missing, another site, or a page changed by hand: its pages do not match their hashes and are rendered
 * again.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bytesHash, fileStamp } from '../core/file-stamp.ts';
import { linkOrCopySync, type LinkState } from '../core/link-or-copy.ts';
import { createLineWriter } from '../../src/lib/site-data/derive/line-writer.ts';

/**
 * Of the pages taken from the last site, every this many is rendered as well and compared with the page taken: a page
 * whose inputs missed something it shows would be found within a few nights, at 1 % of the rendering.
 */
export const CHECK_TAKEN_EVERY = 100;

/** The format of the file; another format is not read. */
const FORMAT = 1;

export interface PageEntry {
  /** `content/<key>`: the page's folder under the site. */
  page: string;
  /** The hash of the page's inputs (page-inputs.ts). */
  inputs: string;
  /** The hash of the page's bytes as written. */
  bytes: string;
  /** Its reads (page-reads.ts); a read of the page's own key is written `=<what>` (`=n` for `n:<key>`). */
  reads: string[];
  /** Why the item's properties were left out (item-pages.ts), when they were. */
  unshown?: string;
  /** The page file's size, modification time and inode once written (`fileStamp`). */
  stamp?: string;
}

interface Header {
  format: number;
  global: string;
}

export const globalInputs = (parts: Record<string, unknown>): string =>
  createHash('sha1')
    .update(JSON.stringify({ format: FORMAT, ...parts }))
    .digest('base64url');

/**
 * A page's reads as an entry holds them: most of a page's reads are of its own key, written `=<what>`, which no read
 * starts with (page-reads.ts), so 36 characters each are saved (at 100k pages, 44 MB of entries instead of 60).
 */
export function packReads(key: string, reads: readonly string[]): string[] {
  const own = `:${key}`;
  return reads.map((read) =>
    read.endsWith(own) && read.indexOf(':') === read.length - own.length ? `=${read.slice(0, -own.length)}` : read,
  );
}

export function unpackReads(key: string, packed: readonly string[]): string[] {
  return packed.map((read) => (read.startsWith('=') ? `${read.slice(1)}:${key}` : read));
}

/**
 * The last build's entries, each as its line, by page (parsed when its page comes: at a million pages, parsed entries
 * would hold several times the memory), when the file is there, readable and made with the same global inputs.
 */
export function readPageEntries(file: string, global: string): Map<string, string> | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const entries = new Map<string, string>();
    let header: Partial<Header> | undefined;
    for (const line of readLines(fd)) {
      if (header === undefined) {
        header = JSON.parse(line) as Partial<Header>;
        if (header.format !== FORMAT || header.global !== global) return undefined;
        continue;
      }
      // The page comes first: `{"page":"<kind>/<key>",`.
      const page = /^\{"page":"([a-z]+\/[0-9a-fA-F-]{36})",/.exec(line)?.[1];
      if (page === undefined) return undefined;
      entries.set(page, line);
    }
    return header === undefined ? undefined : entries;
  } catch {
    // A file damaged: nothing is taken from it.
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The file's lines but empty ones, read a megabyte at a time (at a million pages it passes V8's longest string). */
function* readLines(fd: number): Generator<string> {
  const buffer = Buffer.allocUnsafe(1 << 20);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) {
    const lines = (rest + decoder.decode(buffer.subarray(0, n), { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line !== '') yield line;
  }
  rest += decoder.decode();
  // A last line without its newline: the file was cut short.
  if (rest !== '') throw new Error('cut short');
}

/** An entry's line, parsed; undefined when it is not one. */
export function parsePageEntry(line: string): PageEntry | undefined {
  try {
    const entry = JSON.parse(line) as Partial<PageEntry>;
    const { page, inputs, bytes, reads } = entry;
    return typeof page === 'string' &&
      typeof inputs === 'string' &&
      typeof bytes === 'string' &&
      Array.isArray(reads) &&
      reads.every((read) => typeof read === 'string')
      ? (entry as PageEntry)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes the entries, into the build's working folder: the build moves the file beside the snapshot only once its site
 * is in place (build-work.ts), so a build that stops leaves the last one.
 */
export async function writePageEntries(file: string, global: string, lines: readonly string[]): Promise<void> {
  const header: Header = { format: FORMAT, global };
  // A line at a time: at a million pages the file passes V8's longest string.
  const writer = createLineWriter(file);
  try {
    await writer.write(`${JSON.stringify(header)}\n`);
    for (const line of lines) await writer.write(`${line}\n`);
  } finally {
    await writer.close();
  }
}

/**
 * Puts the previous site's page `page` into the new site when its bytes are those recorded (or, without `outDir`,
 * leaves it where it is: the build puts only what changed into place, in-place-commit.ts); returns their length, or
 * undefined (then the page is rendered).
 */
export function takePage(
  previousDir: string,
  outDir: string | undefined,
  page: string,
  last: Pick<PageEntry, 'bytes' | 'stamp'>,
  links: LinkState,
): number | undefined {
  const from = path.join(previousDir, page, 'index.html');
  // The file as it was when its bytes were recorded: they need not be read again (on a cold disk, reading every page
  // of the last site was most of a night's item page writer: 15 s of 27 s at 100k items).
  const stamp = last.stamp === undefined ? undefined : fileStamp(from);
  let length: number;
  if (stamp !== undefined && stamp === last.stamp) length = Number(stamp.slice(0, stamp.indexOf(':')));
  else {
    let bytes: Buffer;
    try {
      bytes = readFileSync(from);
    } catch {
      return undefined;
    }
    if (bytesHash(bytes) !== last.bytes) return undefined;
    length = bytes.length;
  }
  if (outDir === undefined) return length;
  const dir = path.join(outDir, page);
  mkdirSync(dir, { recursive: true });
  linkOrCopySync(from, path.join(dir, 'index.html'), links);
  return length;
}
