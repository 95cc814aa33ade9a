/**
 * Full items that came with tree windows, kept until the item crawl writes them so none is asked for twice. Each is
 * kept as its JSON text without `children` (its subtree lives in the tree) and handed out once.
 */
import type { ItemCore } from '../answers/source-schemas.ts';

export interface PrefetchedItems {
  keep(item: ItemCore): void;
  /** The kept item, once: a second call gets undefined. */
  get(id: number): ItemCore | undefined;
  readonly size: number;
}

export function createPrefetchedItems(): PrefetchedItems {
  const kept = new Map<number, string>();
  return {
    keep(item) {
      const { children: _children, ...alone } = item;
      const path = Array.isArray(alone.path) ? alone.path.map(withoutChildren) : alone.path;
      kept.set(item.id, JSON.stringify(path === undefined ? alone : { ...alone, path }));
    },
    get(id) {
      const json = kept.get(id);
      if (json === undefined) return undefined;
      kept.delete(id);
      return JSON.parse(json) as ItemCore;
    },
    get size() {
      return kept.size;
    },
  };
}

/** Older plugins send media ancestors with their children down to maxLevel: a window would repeat its tree. */
function withoutChildren(node: unknown): unknown {
  if (node === null || typeof node !== 'object' || !('children' in node)) return node;
  const { children: _children, ...rest } = node as Record<string, unknown>;
  return rest;
}
