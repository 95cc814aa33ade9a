/**
 * A copy of a snapshot with every Nth item changed (one invariant property added), written as the crawler would:
 * new chunks, new offsets in the index, checksums in the manifest; the extras copied as they are. The diff benchmark
 * compares the two; the incremental build benchmark builds the copy over a site of the original.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONTENT_TYPES_FILE,
  ITEMS_PER_CHUNK,
  ITEM_KINDS,
  MANIFEST_FILE,
  REPORT_FILE,
  chunkFileOf,
  indexFileOf,
  type FileEntry,
  type IndexEntry,
  type Manifest,
} from '../scripts/core/snapshot-format.ts';

const EDITED_PROPERTY = 'benchEdit';

function fileEntry(buffer: Buffer, records: number): FileEntry {
  return { sha256: createHash('sha256').update(buffer).digest('hex'), bytes: buffer.length, records };
}

function editLine(line: string): string {
  const item = JSON.parse(line) as { properties: Record<string, unknown> };
  item.properties[EDITED_PROPERTY] = { alias: EDITED_PROPERTY, editorAlias: 'Umbraco.TextBox', value: 'edited' };
  return JSON.stringify(item);
}

/** Rewrites one kind's index and chunks into `to`; returns how many items were edited. */
function rewriteKind(
  from: string,
  to: string,
  kind: (typeof ITEM_KINDS)[number],
  everyNth: number,
  files: Record<string, FileEntry>,
): number {
  const entries = readFileSync(path.join(from, indexFileOf(kind)), 'utf8')
    .split('\n')
    .filter(Boolean);
  let cached: { name: string; buffer: Buffer } | undefined;
  const read = (name: string): Buffer => {
    if (cached?.name !== name) cached = { name, buffer: readFileSync(path.join(from, name)) };
    return cached.buffer;
  };
  const index: string[] = [];
  let chunk: Buffer[] = [];
  let [chunkNumber, offset, edited, position] = [0, 0, 0, 0];
  const flush = (): void => {
    if (chunk.length === 0) return;
    const buffer = Buffer.concat(chunk);
    writeFileSync(path.join(to, chunkFileOf(kind, chunkNumber)), buffer);
    // Each line is two buffers, the JSON and its newline.
    files[chunkFileOf(kind, chunkNumber)] = fileEntry(buffer, chunk.length / 2);
    [chunk, offset, chunkNumber] = [[], 0, chunkNumber + 1];
  };
  for (const text of entries) {
    const entry = JSON.parse(text) as IndexEntry;
    if (entry.chunk !== null && entry.offset !== null && entry.length !== null) {
      let line = read(entry.chunk).toString('utf8', entry.offset, entry.offset + entry.length);
      if (position++ % everyNth === everyNth - 1) [line, edited] = [editLine(line), edited + 1];
      const bytes = Buffer.from(line, 'utf8');
      Object.assign(entry, { chunk: chunkFileOf(kind, chunkNumber), offset, length: bytes.length });
      chunk.push(bytes, Buffer.from('\n'));
      offset += bytes.length + 1;
      if (chunk.length / 2 >= ITEMS_PER_CHUNK) flush();
    }
    index.push(JSON.stringify(entry));
  }
  flush();
  const indexBuffer = Buffer.from(index.map((line) => `${line}\n`).join(''), 'utf8');
  writeFileSync(path.join(to, indexFileOf(kind)), indexBuffer);
  files[indexFileOf(kind)] = fileEntry(indexBuffer, index.length);
  return edited;
}

export function writeEditedSnapshot(from: string, to: string, everyNth: number): { edited: number } {
  const manifest = JSON.parse(readFileSync(path.join(from, MANIFEST_FILE), 'utf8')) as Manifest;
  const files: Record<string, FileEntry> = {};
  let edited = 0;
  for (const kind of ITEM_KINDS) {
    mkdirSync(path.join(to, kind), { recursive: true });
    edited += rewriteKind(from, to, kind, everyNth, files);
  }
  // Everything else (the content types, the report, the extras) as it was.
  const others = Object.keys(manifest.files).filter((name) => files[name] === undefined && !name.includes('/index'));
  for (const name of new Set([CONTENT_TYPES_FILE, REPORT_FILE, ...others])) {
    if (files[name] !== undefined || ITEM_KINDS.some((kind) => name.startsWith(`${kind}/`))) continue;
    mkdirSync(path.dirname(path.join(to, name)), { recursive: true });
    copyFileSync(path.join(from, name), path.join(to, name));
    if (manifest.files[name]) files[name] = manifest.files[name];
  }
  const finishedAt = new Date().toISOString();
  writeFileSync(path.join(to, MANIFEST_FILE), JSON.stringify({ ...manifest, finishedAt, files }, null, 2));
  return { edited };
}
