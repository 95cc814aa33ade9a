/** How wide a tree window the crawler asks for, from the answers it has measured. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createWindowSizer, MAX_WINDOW, WINDOW_TARGET_BYTES } from '../../scripts/snapshot/plan/tree-windows.ts';

const MIB = 1 << 20;

/** One answer from an item at `level`: `perParent` children under each of `parents` nodes per level below it. */
function answer(level: number, width: number, perLevel: [parents: number, children: number][], bytesPerNode: number) {
  const expanded = new Map(perLevel.map(([parents, children], i) => [level + i, { parents, children }]));
  const nodes = 1 + perLevel.reduce((sum, [, children]) => sum + children, 0);
  return { level, width, bytes: nodes * bytesPerNode, nodes, expanded };
}

test('the target is 1 MiB, or an eighth of a smaller cap; windows of several levels are cut at four times it', () => {
  assert.equal(createWindowSizer(64 * MIB).target, WINDOW_TARGET_BYTES);
  assert.equal(createWindowSizer(80 * 1024).target, 10 * 1024);
  assert.equal(createWindowSizer(64 * MIB).windowCap, 4 * MIB, 'a wider window is cut at four times the target');
});

test('levels of leaves give the widest window; thousands of children per node give one level', () => {
  const sizer = createWindowSizer(64 * MIB);
  sizer.measure(
    answer(
      1,
      2,
      [
        [1, 5],
        [5, 0],
      ],
      400,
    ),
  );
  assert.equal(sizer.choose(2), MAX_WINDOW, 'nothing below level 2: the window costs nothing more');
  sizer.measure(answer(2, 1, [[1, 3000]], 400));
  assert.equal(sizer.choose(2), 1, 'level 2 lists 500 children a node on average: one level is 200 KB already');
  assert.ok(sizer.choose(1) <= 2, 'from the root, two levels at most');
});

test('a window widens as far as the predicted answer stays under the target', () => {
  const sizer = createWindowSizer(64 * MIB);
  // 10 children a node at levels 1–3, 500 bytes a node: 1 + 10 + 100 + 1,000 nodes ≈ 555 KB for 3 levels.
  sizer.measure(
    answer(
      1,
      3,
      [
        [1, 10],
        [10, 100],
        [100, 1000],
      ],
      500,
    ),
  );
  assert.equal(sizer.choose(1), 3);
});

test('an answer over half the cap narrows windows from its level in proportion, and says so', () => {
  const notes: string[] = [];
  const sizer = createWindowSizer(4 * MIB, (line) => notes.push(line));
  sizer.measure(
    answer(
      3,
      4,
      [
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 1],
      ],
      600_000,
    ),
  );
  // Six times the target (512 KiB, an eighth of the cap): a window a sixth as wide, one level.
  assert.equal(sizer.choose(3), 1);
  assert.match(notes[0] ?? '', /window from level 3 narrowed to 1 level: .* over half of --max-answer-bytes/);
});

test('an answer over the cap is asked again with one level; one level cannot narrow', () => {
  const sizer = createWindowSizer(64 * MIB);
  assert.equal(sizer.narrowAfterRefusal(2, 6), 1);
  assert.equal(sizer.narrowAfterRefusal(2, 1), undefined);
  assert.equal(sizer.stats.narrowed, 1);
  assert.ok(sizer.choose(2) <= 3, 'later windows from that level are at most half as wide');
});
