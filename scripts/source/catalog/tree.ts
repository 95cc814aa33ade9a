/** The in-memory tree both documents and media are served from. */
import type { ContentNode } from '../readers/node-reader.ts';

export interface CultureVariant {
  languageId: number;
  isoCode: string;
  name: string;
  /** Naive database date of the culture's last publish. */
  date: string;
}

export interface TreeNode {
  kind: 'document' | 'media';
  id: number;
  key: string;
  parentId: number;
  level: number;
  sortOrder: number;
  /** Ancestor ids, root first, without the node itself. */
  ancestorIds: number[];
  contentTypeId: number;
  typeAlias: string;
  /** Naive database dates; converted when served. */
  createDate: string;
  updateDate: string;
  name: string;
  /** The version whose values are served: published for documents, current for media. */
  versionId: number;
  templateId: number | null;
  filePath: string | null;
  /** Published cultures of a culture-variant document, default language first; empty when invariant. */
  cultures: CultureVariant[];
  children: TreeNode[];
}

export function bySortOrder(a: TreeNode, b: TreeNode): number {
  return a.sortOrder - b.sortOrder || a.id - b.id;
}

/** Links every node to its served parent; nodes whose parent is not served become unreachable from the roots. */
export function linkTree(nodes: Map<number, TreeNode>): TreeNode[] {
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    if (node.parentId === -1) roots.push(node);
    else if (node.parentId !== node.id) nodes.get(node.parentId)?.children.push(node);
  }
  for (const node of nodes.values()) node.children.sort(bySortOrder);
  return roots.sort(bySortOrder);
}

export function parseAncestorIds(path: string, selfId: number): number[] {
  return path
    .split(',')
    .map(Number)
    .filter((id) => id > 0 && id !== selfId);
}

type NodeFields = Pick<
  TreeNode,
  | 'kind'
  | 'id'
  | 'key'
  | 'parentId'
  | 'level'
  | 'sortOrder'
  | 'ancestorIds'
  | 'contentTypeId'
  | 'typeAlias'
  | 'createDate'
>;

/** What a tree node takes from its umbracoNode row and its type, documents and media alike. */
export function nodeFields(kind: TreeNode['kind'], node: ContentNode, typeAlias: string): NodeFields {
  return {
    kind,
    id: node.id,
    key: node.key,
    parentId: node.parentId,
    level: node.level,
    sortOrder: node.sortOrder,
    ancestorIds: parseAncestorIds(node.path, node.id),
    contentTypeId: node.contentTypeId,
    typeAlias,
    createDate: node.createDate,
  };
}
