/**
 * Checking a snapshot against its manifest before anything is built or compared from it: every file the manifest
 * lists has its sha256, its size in bytes and (NDJSON files) its number of records, and each kind's item count is
 * its index's number of records. Files are streamed, never held whole; a reader that already streams a file for its
 * own purpose feeds the same bytes to a FileCheck instead of reading it twice.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { ITEM_KINDS, indexFileOf, type FileEntry, type Manifest } from './snapshot-schemas.ts';

/** A snapshot file that differs from what the manifest records, or a manifest at odds with itself. */
export class SnapshotDamagedError extends Error {
  override readonly name = 'SnapshotDamagedError';
  readonly file: string;
  constructor(file: string, detail: string) {
    super(`${file} ${detail}`);
    this.file = file;
  }
}

export interface FileCheck {
  add(bytes: Buffer): void;
  /** Throws SnapshotDamagedError when what was added is not the file the manifest lists. */
  finish(): void;
}

const NEWLINE = 0x0a;

export function createFileCheck(name: string, expected: FileEntry | undefined): FileCheck {
  const hash = createHash('sha256');
  let bytes = 0;
  let records = 0;
  let lineOpen = false;
  return {
    add(chunk) {
      hash.update(chunk);
      bytes += chunk.length;
      for (let at = 0; at < chunk.length;) {
        const end = chunk.indexOf(NEWLINE, at);
        if (end < 0) {
          lineOpen = true;
          break;
        }
        if (end > at || lineOpen) records += 1;
        lineOpen = false;
        at = end + 1;
      }
    },
    finish() {
      if (lineOpen) records += 1;
      if (expected === undefined) throw new SnapshotDamagedError(name, 'is not listed in the manifest');
      if (bytes !== expected.bytes)
        throw new SnapshotDamagedError(name, `has ${bytes} bytes, the manifest says ${expected.bytes}`);
      if (name.endsWith('.ndjson') && records !== expected.records)
        throw new SnapshotDamagedError(name, `has ${records} records, the manifest says ${expected.records}`);
      if (hash.digest('hex') !== expected.sha256)
        throw new SnapshotDamagedError(name, 'does not match its sha256 in the manifest');
    },
  };
}

export async function verifyFile(dir: string, name: string, expected: FileEntry | undefined): Promise<void> {
  const check = createFileCheck(name, expected);
  try {
    for await (const chunk of createReadStream(path.join(dir, name)) as AsyncIterable<Buffer>) check.add(chunk);
  } catch (error) {
    throw new SnapshotDamagedError(name, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  check.finish();
}

/** The item counts agree with the indexes' record counts. */
export function verifyManifestCounts(manifest: Manifest): void {
  for (const kind of ITEM_KINDS) {
    const index = indexFileOf(kind);
    const records = manifest.files[index]?.records;
    if (records !== manifest.counts[kind])
      throw new SnapshotDamagedError(
        index,
        `has ${records ?? 'no'} records in the manifest's file list, its counts say ${manifest.counts[kind]} ${kind}`,
      );
  }
}

/** Verifies every file the manifest lists that is not in `done` (files a reader already checked as it streamed). */
export async function verifySnapshotFiles(
  dir: string,
  manifest: Manifest,
  done: ReadonlySet<string> = new Set(),
): Promise<void> {
  verifyManifestCounts(manifest);
  for (const [name, expected] of Object.entries(manifest.files))
    if (!done.has(name)) await verifyFile(dir, name, expected);
}
