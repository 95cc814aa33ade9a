import type { Database } from '../db/database.ts';
import { listMediaVersions } from '../readers/media-reader.ts';
import { listContentNodes } from '../readers/node-reader.ts';
import { parseAncestorIds, type TreeNode } from './tree.ts';
import type { TypeCatalog } from './type-catalog.ts';

/** Non-trashed media at their current version (media has no published state). */
export function loadMedia(db: Database, types: TypeCatalog): Map<number, TreeNode> {
  const versions = new Map(listMediaVersions(db).map((v) => [v.nodeId, v]));
  const media = new Map<number, TreeNode>();
  for (const node of listContentNodes(db, 'media')) {
    const version = versions.get(node.id);
    const type = types.byId.get(node.contentTypeId);
    if (node.trashed || !version || !type) continue;
    media.set(node.id, {
      kind: 'media',
      id: node.id,
      key: node.key,
      parentId: node.parentId,
      level: node.level,
      sortOrder: node.sortOrder,
      ancestorIds: parseAncestorIds(node.path, node.id),
      contentTypeId: node.contentTypeId,
      typeAlias: type.alias,
      createDate: node.createDate,
      updateDate: version.versionDate,
      name: version.name || node.nodeName,
      versionId: version.versionId,
      templateId: null,
      filePath: version.filePath,
      cultures: [],
      children: [],
    });
  }
  return media;
}
