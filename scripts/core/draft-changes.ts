/**
 * What each pending draft changes against its published version (the diff engine's property changes), as the
 * build hands it to the site: `draft-changes.ndjson` in the site-data folder, one draft a line, read by content item
 * key (`openDraftChanges`).
 */
import { existsSync } from 'node:fs';
import type { PropertyChange } from './diff-format.ts';
import { openLinesByKey } from './key-spans.ts';

export const DRAFT_CHANGES_FILE = 'draft-changes.ndjson';

export interface DraftChanges {
  key: string;
  /** False when the published item is not in the snapshot (nothing to compare with). */
  compared: boolean;
  properties: PropertyChange[];
}

/** The drafts' changes by item key (`openDraftChanges`). */
export interface DraftChangesByKey {
  /** The changes of the draft of `key`; undefined when the item has no pending draft. */
  get(key: string): DraftChanges | undefined;
  /** The line `get` parses, as the file holds it, unchecked: the same line is the same changes. */
  line(key: string): string | undefined;
  readonly size: number;
  close(): void;
}

/** How the build writes a line: the draft's key first (the order of `DraftChanges`). */
const HEAD = /^\{"key":("(?:[^"\\]|\\.){0,200}")/;
const HEAD_BYTES = 256;

/**
 * The drafts' changes file read a draft at a time: scanned once for where each line lies and whose draft it is, and
 * a draft is then one positioned read and one parse. At a million demo items the file is 133 MB, which the item page
 * writer and `astro build` each held whole, as one string and then as objects. No file (a site built before the
 * drafts were compared, or from a source without drafts) reads as no drafts.
 */
export function openDraftChanges(file: string, chunkBytes = 1 << 20): DraftChangesByKey {
  if (!existsSync(file)) return { get: () => undefined, line: () => undefined, size: 0, close: () => {} };
  const head = { pattern: HEAD, bytes: HEAD_BYTES, decode: (group: string) => JSON.parse(group) as string };
  const keyed = openLinesByKey(file, head, 'a draft', chunkBytes);
  return {
    size: keyed.spans.size,
    line: (key) => keyed.read(key),
    get(key) {
      const text = keyed.read(key);
      if (text === undefined) return undefined;
      const where = () => `${file}, the line of ${key} at byte ${keyed.spans.find(key)?.start}`;
      let entry: DraftChanges | null;
      try {
        entry = JSON.parse(text) as DraftChanges | null;
      } catch (error) {
        throw new Error(`${where()}: ${(error as Error).message}`);
      }
      if (entry?.key !== key || !Array.isArray(entry.properties))
        throw new Error(`${where()} is not that draft's changes (the file changed while it was read?)`);
      return entry;
    },
    close: () => keyed.close(),
  };
}
