import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openForOracle, sharedDatabase } from '../support/shared-databases.ts';
import { withReadService } from '../support/read-service.ts';

const DB = sharedDatabase('umbraco_umbraco.commerce.demostore_15.x.db');

interface Node {
  id: number;
  level: number;
  children?: Node[];
}

/** Published, non-trashed documents and their levels, straight from SQL. */
function publishedLevels(): Map<number, { level: number; parentId: number }> {
  const db = openForOracle(DB);
  const rows = db
    .prepare(
      `SELECT n.id, n.level, n.parentId FROM umbracoNode n JOIN umbracoDocument d ON d.nodeId = n.id
    WHERE n.nodeObjectType = 'C66BA18E-EAF3-4CFF-8A22-41B16D66A972' AND n.trashed = 0 AND d.published = 1`,
    )
    .all() as Array<{ id: number; level: number; parentId: number }>;
  db.close();
  return new Map(rows.map((r) => [r.id, { level: r.level, parentId: r.parentId }]));
}

function walk(nodes: Node[], visit: (node: Node) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.children) walk(node.children, visit);
  }
}

/** Every node carries `children` exactly when level < maxLevel, and its children are its published children. */
function assertShape(
  nodes: Node[],
  maxLevel: number,
  levels: Map<number, { level: number; parentId: number }>,
): number {
  let seen = 0;
  walk(nodes, (node) => {
    seen++;
    const expected = levels.get(node.id);
    assert.ok(expected, `node ${node.id} is a published document`);
    assert.equal(node.level ?? expected.level, expected.level);
    assert.equal(
      'children' in node,
      expected.level < maxLevel,
      `children on node ${node.id} at level ${expected.level}, maxLevel ${maxLevel}`,
    );
    if (node.children) {
      const want = [...levels]
        .filter(([, v]) => v.parentId === node.id)
        .map(([id]) => id)
        .sort();
      assert.deepEqual(node.children.map((c) => c.id).sort(), want, `children of ${node.id}`);
    }
  });
  return seen;
}

describe('maxLevel', () => {
  const levels = publishedLevels();
  const depth = Math.max(...[...levels.values()].map((v) => v.level));
  const rootCount = [...levels.values()].filter((v) => v.parentId === -1).length;

  it('at root: omitted gives the whole tree; 0, 1, the depth and larger bound it', async () => {
    assert.ok(depth >= 4, 'the demo store is deep enough to tell levels apart');
    await withReadService({ dbPath: DB }, async (_s, call) => {
      const whole = await call('GetContentAtRoot');
      assert.equal(assertShape(whole.body, Number.MAX_SAFE_INTEGER, levels), levels.size);
      for (const maxLevel of [0, 1, 2, depth, depth + 5]) {
        const res = await call('GetContentAtRoot', { maxLevel });
        assert.equal(res.status, 200);
        const seen = assertShape(res.body, maxLevel, levels);
        const reachable = [...levels.values()].filter((v) => v.level <= Math.max(1, maxLevel)).length;
        assert.equal(seen, reachable, `maxLevel ${maxLevel} returns every node down to that level`);
      }
      const roots = await call('GetContentAtRoot', { maxLevel: 1 });
      assert.equal(roots.body.length, rootCount);
    });
  });

  it('by id: omitted gives direct children; the node level gives none; the depth gives the subtree', async () => {
    const [rootId] = [...levels].find(([, v]) => v.parentId === -1)!;
    const [deepId, deep] = [...levels].find(([, v]) => v.level === 2)!;
    await withReadService({ dbPath: DB }, async (_s, call) => {
      const direct = await call('GetContentById', { id: rootId });
      assert.ok(Array.isArray(direct.body.children));
      assert.ok(
        direct.body.children.every((c: Node) => !('children' in c)),
        'grandchildren are not sent by default',
      );
      const none = await call('GetContentById', { id: deepId, maxLevel: deep.level });
      assert.equal('children' in none.body, false);
      const zero = await call('GetContentById', { id: deepId, maxLevel: 0 });
      assert.equal('children' in zero.body, false);
      for (const maxLevel of [depth, depth + 100]) {
        const full = await call('GetContentById', { id: rootId, maxLevel });
        const subtree = [...levels].filter(([id]) => id !== rootId && isUnder(id, rootId, levels)).length;
        assert.equal(assertShape(full.body.children, maxLevel, levels), subtree);
      }
      const byKey = await call('GetContentByKey', { key: direct.body.key.toUpperCase(), maxLevel: depth });
      assert.equal(byKey.body.id, rootId);
      assert.equal(
        assertShape(byKey.body.children, depth, levels),
        [...levels].filter(([id]) => id !== rootId && isUnder(id, rootId, levels)).length,
      );
    });
  });

  it('media: at root and by id follow the same rules', async () => {
    await withReadService({ dbPath: DB }, async (_s, call) => {
      const one = await call('GetMediaAtRoot', { maxLevel: 1 });
      assert.ok(one.body.length > 0 && one.body.every((m: Node) => !('children' in m)));
      const folder = one.body.find((m: { url: string }) => m.url === '');
      const direct = await call('GetMediaById', { id: folder.id });
      assert.ok(Array.isArray(direct.body.children) && direct.body.children.length > 0);
      assert.ok(direct.body.children.every((c: Node) => !('children' in c)));
    });
  });
});

function isUnder(id: number, ancestor: number, levels: Map<number, { parentId: number }>): boolean {
  for (let p = levels.get(id)?.parentId; p !== undefined && p !== -1; p = levels.get(p)?.parentId)
    if (p === ancestor) return true;
  return false;
}
