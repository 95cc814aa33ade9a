import type { Database } from '../db/database.ts';
import { listMediaVersions } from '../readers/media-reader.ts';
import { listContentNodes } from '../readers/node-reader.ts';
import { nodeFields, type TreeNode } from './tree.ts';
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
      ...nodeFields('media', node, type.alias),
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
