import type { Database } from '../db/database.ts';
import { OBJECT_TYPE } from './object-types.ts';

/** A document or media node from `umbracoNode` + `umbracoContent`. */
export interface ContentNode {
  id: number;
  key: string;
  parentId: number;
  level: number;
  sortOrder: number;
  path: string;
  trashed: boolean;
  nodeName: string;
  contentTypeId: number;
  createDate: string;
}

interface NodeRow {
  [k: string]: string | number | null;
  id: number;
  key: string;
  parentId: number;
  level: number;
  sortOrder: number;
  path: string;
  trashed: number;
  text: string | null;
  contentTypeId: number;
  createDate: string;
}

export function listContentNodes(db: Database, kind: 'document' | 'media'): ContentNode[] {
  const rows = db.all<NodeRow>(
    `SELECT n.id, n.uniqueId AS key, n.parentId, n.level, n.sortOrder, n.path, n.trashed, n.text,
            c.contentTypeId, n.createDate
     FROM umbracoNode n JOIN umbracoContent c ON c.nodeId = n.id
     WHERE n.nodeObjectType = ?
     ORDER BY n.level, n.parentId, n.sortOrder, n.id`,
    [OBJECT_TYPE[kind]],
  );
  return rows.map((r) => ({
    id: r.id,
    key: r.key.toLowerCase(),
    parentId: r.parentId,
    level: r.level,
    sortOrder: r.sortOrder,
    path: r.path,
    trashed: r.trashed === 1,
    nodeName: r.text ?? '',
    contentTypeId: r.contentTypeId,
    createDate: r.createDate,
  }));
}
