import { CONTENT_BIN_ID, ROOT_ID } from '../model/umbraco-constants.ts';
import type { Random } from '../values/random.ts';

/**
 * The shape of the document tree before any value is made up: ids, keys, parents, levels, paths,
 * sort orders, types and publishing states. Parents always come before their children, so a tree
 * cut short at N items is still a tree.
 */
export type PublishState = 'published' | 'edited' | 'unpublished' | 'draft';

export interface PlannedNode {
  id: number;
  key: string;
  parentId: number;
  level: number;
  path: string;
  sortOrder: number;
  trashed: boolean;
  /** Position in creation order, which drives dates. */
  index: number;
}

export interface PlannedDocument extends PlannedNode {
  typeAlias: string;
  state: PublishState;
  /** Skeleton pages fill every property, so small sites still use every editor. */
  skeleton: boolean;
  name?: string;
  urlName?: string;
  /** Author pages are named after people. */
  person?: boolean;
}

export type Parent = PlannedNode | 'root' | 'bin';

export interface TreePlanner<T extends PlannedNode> {
  readonly items: T[];
  add(parent: Parent, fields: Omit<T, keyof PlannedNode>): T;
  childCount(id: number): number;
}

/** Places nodes: ids in order, sortOrder per parent, trashed nodes under the bin as Umbraco moves them. */
export function createTreePlanner<T extends PlannedNode>(
  firstId: number,
  binId: number,
  random: Random,
): TreePlanner<T> {
  const items: T[] = [];
  const childCounts = new Map<number, number>();
  return {
    items,
    childCount: (id) => childCounts.get(id) ?? 0,
    add(parent, fields) {
      const id = firstId + items.length;
      const parentNode = typeof parent === 'string' ? null : parent;
      const parentId = parent === 'root' ? ROOT_ID : parent === 'bin' ? binId : parent.id;
      const sortOrder = childCounts.get(parentId) ?? 0;
      childCounts.set(parentId, sortOrder + 1);
      const base: PlannedNode = {
        id,
        key: random.guid(),
        parentId,
        sortOrder,
        index: items.length,
        level: parentNode ? parentNode.level + 1 : 1,
        path: parentNode ? `${parentNode.path},${id}` : parent === 'bin' ? `-1,${binId},${id}` : `-1,${id}`,
        trashed: parent === 'bin' || (parentNode?.trashed ?? false),
      };
      const item = { ...fields, ...base } as T;
      items.push(item);
      return item;
    },
  };
}

export const DOCUMENT_BIN = CONTENT_BIN_ID;

/** Most documents are published; some have pending edits, some were unpublished, some never published. */
export function pickState(random: Random): PublishState {
  const roll = random.next();
  if (roll < 0.72) return 'published';
  if (roll < 0.86) return 'edited';
  if (roll < 0.92) return 'unpublished';
  return 'draft';
}
