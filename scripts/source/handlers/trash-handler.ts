/** The recycle bins (extension operation): trashed content and media items, where they lived and when they went. */
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import { listContentNodes } from '../readers/node-reader.ts';
import { listTrashRelations } from '../readers/trash-reader.ts';
import { hiddenItemHead, type HiddenItemHead } from './item-view.ts';

export interface TrashedItem extends HiddenItemHead {
  kind: 'content' | 'media';
  /** Set for an item trashed itself (Umbraco's relation for "Restore"); absent for its descendants. */
  originalParentId?: number;
  originalParentKey?: string | null;
  trashedDate?: string | null;
}

export function listRecycleBin(c: SiteCatalog): TrashedItem[] {
  const relations = new Map(listTrashRelations(c.db).map((r) => [r.nodeId, r]));
  const keys = new Map<number, string>();
  const trashed = (['document', 'media'] as const).flatMap((kind) =>
    listContentNodes(c.db, kind).flatMap((node) => {
      keys.set(node.id, node.key);
      return node.trashed ? [{ kind, node }] : [];
    }),
  );
  return trashed.map(({ kind, node }) => {
    const relation = relations.get(node.id);
    const item: TrashedItem = {
      kind: kind === 'document' ? 'content' : 'media',
      ...hiddenItemHead(c, node, c.types.byId.get(node.contentTypeId)?.alias ?? '', node.nodeName),
    };
    if (relation !== undefined) {
      item.originalParentId = relation.originalParentId;
      item.originalParentKey = keys.get(relation.originalParentId) ?? null;
      item.trashedDate = c.systemDate(relation.trashedDate);
    }
    return item;
  });
}
