/**
 * Full items that came with tree windows, kept until the item crawl writes them so none is asked for twice. Each is
 * kept as its JSON text without `children` (its subtree lives in the tree) and handed out once. Past `memoryBytes`
 * of text, items go to a file instead (`spillFile`, created on first use and removed by `close`): a tree of
 * thousands of listings puts most items at some window's last level, and the crawl must not hold them all.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import type { ItemCore } from '../answers/source-schemas.ts';

export interface PrefetchedItems {
  keep(item: ItemCore): void;
  /** The kept item, once: a second call gets undefined. */
  get(id: number): ItemCore | undefined;
  /** Items kept in memory and in the file. */
  readonly counts: { memory: number; spilled: number };
  close(): void;
}

export const PREFETCH_MEMORY_BYTES = 64 << 20;

export function createPrefetchedItems(spillFile: string, memoryBytes = PREFETCH_MEMORY_BYTES): PrefetchedItems {
  const kept = new Map<number, string>();
  const spilled = new Map<number, { offset: number; length: number }>();
  const counts = { memory: 0, spilled: 0 };
  let held = 0;
  let fd: number | undefined;
  let end = 0;

  function spill(id: number, json: string): void {
    fd ??= openSync(spillFile, 'w+', 0o600);
    const bytes = Buffer.from(json, 'utf8');
    writeSync(fd, bytes, 0, bytes.length, end);
    spilled.set(id, { offset: end, length: bytes.length });
    end += bytes.length;
    counts.spilled += 1;
  }

  return {
    keep(item) {
      const { children: _children, ...alone } = item;
      const path = Array.isArray(alone.path) ? alone.path.map(withoutChildren) : alone.path;
      const json = JSON.stringify(path === undefined ? alone : { ...alone, path });
      if (held + json.length > memoryBytes) return spill(item.id, json);
      kept.set(item.id, json);
      held += json.length;
      counts.memory += 1;
    },
    get(id) {
      const json = kept.get(id);
      if (json !== undefined) {
        kept.delete(id);
        held -= json.length;
        return JSON.parse(json) as ItemCore;
      }
      const at = spilled.get(id);
      if (at === undefined || fd === undefined) return undefined;
      spilled.delete(id);
      const bytes = Buffer.alloc(at.length);
      readSync(fd, bytes, 0, at.length, at.offset);
      return JSON.parse(bytes.toString('utf8')) as ItemCore;
    },
    counts,
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
      rmSync(spillFile, { force: true });
    },
  };
}

/** Older plugins send media ancestors with their children down to maxLevel: a window would repeat its tree. */
function withoutChildren(node: unknown): unknown {
  if (node === null || typeof node !== 'object' || !('children' in node)) return node;
  const { children: _children, ...rest } = node as Record<string, unknown>;
  return rest;
}
