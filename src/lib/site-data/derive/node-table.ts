/** Reads both item indexes (tree order) into site nodes: parent and root by key, full-item location kept. */
import { ITEM_KINDS, iterateIndex } from '#core/snapshot-format.ts';
import type { SiteNode } from '../site-data-format.ts';

export async function readNodes(snapshotDir: string): Promise<SiteNode[]> {
  const nodes: SiteNode[] = [];
  for (const kind of ITEM_KINDS) {
    const byId = new Map<number, SiteNode>();
    for await (const e of iterateIndex(snapshotDir, kind)) {
      const parent = byId.get(e.parentId);
      const node: SiteNode = {
        kind,
        id: e.id,
        key: e.key,
        name: e.name,
        type: e.type,
        parentId: e.parentId,
        parent: parent?.key ?? null,
        root: parent?.root ?? e.key,
        level: e.level,
        sortOrder: e.sortOrder,
        childCount: e.childCount,
        url: e.url,
        createDate: e.createDate,
        updateDate: e.updateDate,
        chunk: e.chunk,
        offset: e.offset,
        length: e.length,
        cultures: [],
      };
      byId.set(e.id, node);
      nodes.push(node);
    }
  }
  return nodes;
}
