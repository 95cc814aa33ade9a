import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHILD_PAGE_SIZE, listChildPages } from '../../src/lib/pages/child-list.ts';
import { buildTree, type TreeNodeView } from '../../src/lib/pages/tree-view.ts';
import { createTypeIndex } from '../../src/lib/content-types/type-index.ts';
import type { SiteData } from '../../src/lib/site-data/load-site-data.ts';
import { createNodeLookup } from '../../src/lib/site-data/node-lookup.ts';
import type { SiteNode } from '../../src/lib/site-data/site-data-format.ts';

function node(n: number, parent: SiteNode | null, childCount = 0): SiteNode {
  return {
    kind: 'content',
    id: n,
    key: `k${n}`,
    name: `n${n}`,
    type: 't',
    parentId: parent?.id ?? -1,
    parent: parent?.key ?? null,
    root: parent?.root ?? `k${n}`,
    level: (parent?.level ?? 0) + 1,
    sortOrder: 0,
    childCount,
    url: null,
    createDate: null,
    updateDate: null,
    chunk: null,
    offset: null,
    length: null,
    cultures: [],
  };
}

/** One root with 1,200 children, each of the first three with 50 children of their own. */
function bigTree(): SiteData {
  const root = node(1, null, 1200);
  const nodes = [root];
  for (let i = 0; i < 1200; i++) {
    const child = node(100 + i, root, i < 3 ? 50 : 0);
    nodes.push(child);
    if (i < 3) for (let j = 0; j < 50; j++) nodes.push(node(10_000 + i * 100 + j, child));
  }
  return { lookup: createNodeLookup(nodes), types: createTypeIndex([]) } as unknown as SiteData;
}

const count = (views: TreeNodeView[]): number => views.reduce((sum, v) => sum + 1 + count(v.children ?? []), 0);

describe('trees and child lists at scale', () => {
  it('expands breadth first within the node budget and links the rest', () => {
    const { roots } = buildTree(bigTree(), 'content', 130, 100);
    const root = roots[0] as TreeNodeView;
    assert.equal(root.children?.length, 100, 'a node shows at most PER_NODE children');
    assert.equal(root.more, 1100);
    assert.equal(root.moreHref, '/content/k1/children/1/', 'the rest continue on the paged child list');
    assert.ok(count(roots) <= 130, 'the page stays within the budget');
    assert.equal(root.children?.[0]?.children, undefined, 'a branch that does not fit stays a link');
    assert.equal(buildTree(bigTree(), 'content', 1000, 100).roots[0]?.children?.[0]?.children?.length, 50);
  });

  it('pages only the child lists longer than an item page shows', () => {
    const pages = listChildPages(bigTree(), 'content');
    assert.ok(1200 > CHILD_PAGE_SIZE);
    assert.deepEqual(
      pages.map((p) => p.params),
      [
        { key: 'k1', page: '1' },
        { key: 'k1', page: '2' },
        { key: 'k1', page: '3' },
      ],
    );
  });
});
