/** The partition rule and the --partition option: a stable hash of the key, I/K checked with clear problems. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadBuildConfig } from '../../scripts/pipeline/build-config.ts';
import { findActivePartition, ownsItem, parsePartition, partitionOfKey } from '../../src/lib/partition.ts';

describe('partitions', () => {
  it('assigns by FNV-1a (32 bit) of the lower-cased key, so every job computes the same share', () => {
    // Published FNV-1a test vectors: "a" → 0xe40c292c, "foobar" → 0xbf9cf968.
    assert.equal(partitionOfKey('a', 1000), (0xe40c292c % 1000) + 1);
    assert.equal(partitionOfKey('FOOBAR', 7), (0xbf9cf968 % 7) + 1);
  });

  it('spreads GUID-like keys evenly and gives each key to exactly one partition', () => {
    const keys = Array.from(
      { length: 4000 },
      (_, i) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-${(i * 7919).toString(16).padStart(12, '0')}`,
    );
    const sizes = new Map<number, number>();
    for (const key of keys) {
      const owners = [1, 2, 3, 4].filter((index) => ownsItem(key, { index, count: 4 }));
      assert.equal(owners.length, 1);
      sizes.set(owners[0] as number, (sizes.get(owners[0] as number) ?? 0) + 1);
    }
    assert.equal(sizes.size, 4);
    for (const size of sizes.values()) assert.ok(size > 900 && size < 1100, `share ${size} of 4000`);
    assert.equal(ownsItem(keys[0] as string, undefined), true);
  });

  it('parses I/K and refuses anything else in words', () => {
    assert.deepEqual(parsePartition('2/4').partition, { index: 2, count: 4 });
    assert.match(parsePartition('0/4').problem ?? '', /between 1 and K/);
    assert.match(parsePartition('5/4').problem ?? '', /between 1 and K/);
    assert.match(parsePartition('2-4').problem ?? '', /I\/K/);
    assert.equal(findActivePartition({}), undefined);
    assert.deepEqual(findActivePartition({ partition: { index: 2, count: 4 } }), { index: 2, count: 4 });
  });

  it('is a build option', () => {
    assert.deepEqual(loadBuildConfig(['--partition', '3/8'], {}, '/w').config?.partition, { index: 3, count: 8 });
    assert.deepEqual(loadBuildConfig(['--partition', '9/8'], {}, '/w').problems, [
      '--partition: I must be between 1 and K (8)',
    ]);
  });
});
