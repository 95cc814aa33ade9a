/**
 * Flattens the trees of one kind into index order: parents before children, siblings by sortOrder.
 * Each id is taken once; a repeat is a duplicate, an item inside its own subtree a cycle, and an id under
 * a second parent is kept under the first. All three are warnings, never loops.
 */
import type { CrawlLog } from '../crawl-log.ts';
import type { ReadClient, TreeContext } from '../client/read-client.ts';
import type { IndexEntry, ItemKind } from '../../core/snapshot-format.ts';
import type { SummaryCore } from '../answers/source-schemas.ts';

export type TreeEntry = Omit<IndexEntry, 'chunk' | 'offset' | 'length'>;

interface Visit {
  node: SummaryCore;
  parentId: number;
  level: number;
  sortOrder: number;
  where: string;
}

export interface TreeFlattener {
  add(tree: TreeContext & { root: SummaryCore }, rootSortOrder: number): void;
  readonly entries: TreeEntry[];
}

export function createTreeFlattener(kind: ItemKind, read: ReadClient, log: CrawlLog): TreeFlattener {
  const entries: TreeEntry[] = [];
  const parentOf = new Map<number, number>();
  const idOfKey = new Map<string, number>();

  function isNew(visit: Visit, ancestors: readonly number[], url: string): boolean {
    const { id } = visit.node;
    const warn = (code: string, message: string): void =>
      log.addWarning({ code, message: `${kind} item ${id} ${message}`, url, id });
    if (ancestors.includes(id)) {
      warn('cycle', `appears inside its own subtree (under ${visit.parentId}); skipped there`);
      return false;
    }
    const firstParent = parentOf.get(id);
    if (firstParent === undefined) return true;
    if (firstParent === visit.parentId) warn('duplicate-item', `appears twice under ${visit.parentId}; kept once`);
    else warn('two-parents', `appears under ${firstParent} and ${visit.parentId}; kept under ${firstParent}`);
    return false;
  }

  function toEntry({ node, parentId, level, sortOrder }: Visit, url: string): TreeEntry {
    const key = node.key.toLowerCase();
    log.noteVariant('keyCase', key === node.key ? 'lower' : 'upper');
    const otherId = idOfKey.get(key);
    if (otherId !== undefined)
      log.addWarning({
        code: 'duplicate-key',
        message: `${kind} items ${otherId} and ${node.id} share key ${key}`,
        url,
        id: node.id,
      });
    idOfKey.set(key, node.id);
    const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
    return {
      id: node.id,
      key,
      name: node.name,
      url: text(node.url),
      type: node.type,
      parentId,
      level,
      sortOrder,
      createDate: text(node.createDate),
      updateDate: text(node.updateDate),
      childCount: 0,
    };
  }

  function listChildren(visit: Visit, tree: TreeContext): Visit[] {
    const children: Visit[] = [];
    (visit.node.children ?? []).forEach((raw, index) => {
      const where = `${visit.where}children[${index}]`;
      const node = read.checkSummary(raw, { ...tree, where });
      if (node === undefined) return;
      const sortOrder =
        typeof node.sortOrder === 'number' && Number.isInteger(node.sortOrder) ? node.sortOrder : undefined;
      log.noteVariant('sortOrder', sortOrder === undefined ? 'absent' : 'present');
      children.push({
        node,
        parentId: visit.node.id,
        level: visit.level + 1,
        sortOrder: sortOrder ?? index,
        where: `${where}.`,
      });
    });
    return children.sort((a, b) => a.sortOrder - b.sortOrder);
  }

  function add(tree: TreeContext & { root: SummaryCore }, rootSortOrder: number): void {
    const stack: Visit[] = [{ node: tree.root, parentId: -1, level: 1, sortOrder: rootSortOrder, where: '' }];
    const path: TreeEntry[] = [];
    for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
      path.length = visit.level - 1;
      if (
        !isNew(
          visit,
          path.map((entry) => entry.id),
          tree.url,
        )
      )
        continue;
      const entry = toEntry(visit, tree.url);
      entries.push(entry);
      parentOf.set(entry.id, entry.parentId);
      const parent = path[visit.level - 2];
      if (parent !== undefined) parent.childCount += 1;
      path.push(entry);
      const children = listChildren(visit, tree);
      for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index] as Visit);
    }
  }

  return { add, entries };
}
