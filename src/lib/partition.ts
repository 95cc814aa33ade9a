/**
 * Partitioned builds: item pages (and their child-list pages and search records) are split over K builds by a hash of
 * the item's GUID key, so every CI job computes its own share without coordination. Pages that belong to no item
 * (home, inventories, type pages, assets) are rendered identically by every partition; the merge checks it. The large
 * files beside them (the inventories' downloads and table files, the exact-lookup shards: 4.7 GB of a job's 9.7 GB at
 * a million items) are written by partition 1 only (`writesSharedFiles`), so the other jobs neither write, upload nor
 * have them compared.
 */
import { readSiteConfig } from './site-config.ts';

export interface Partition {
  readonly index: number;
  readonly count: number;
}

const MAX_PARTITIONS = 256;

/** `"I/K"` with 1 ≤ I ≤ K ≤ MAX_PARTITIONS → the partition, or a problem in words. */
export function parsePartition(text: string): { partition?: Partition; problem?: string } {
  const match = /^(\d{1,3})\/(\d{1,3})$/.exec(text.trim());
  if (match === null) return { problem: 'must look like I/K, e.g. 2/4' };
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_PARTITIONS) return { problem: `K must be between 1 and ${MAX_PARTITIONS}` };
  if (index < 1 || index > count) return { problem: `I must be between 1 and K (${count})` };
  return { partition: Object.freeze({ index, count }) };
}

export const formatPartition = (p: Partition): string => `${p.index}/${p.count}`;

/**
 * FNV-1a (32 bit) of the lower-cased key: stable across runs, machines and Node versions, and spread evenly enough
 * over GUIDs that partitions differ in size by a few percent at most.
 */
export function partitionOfKey(key: string, count: number): number {
  let hash = 0x811c9dc5;
  const text = key.toLowerCase();
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % count) + 1;
}

/** The partition this `astro build` renders, from the build's site config; undefined: everything. */
export function findActivePartition(config: { partition?: Partition } = readSiteConfig()): Partition | undefined {
  return config.partition;
}

/** Whether this build writes the large shared files: a whole build, or partition 1 of a partitioned one. */
export const writesSharedFiles = (partition: Partition | undefined): boolean =>
  partition === undefined || partition.index === 1;

/** Whether the item with this key is rendered by the given partition (every item when there is none). */
export const ownsItem = (key: string, partition: Partition | undefined): boolean =>
  partition === undefined || partitionOfKey(key, partition.count) === partition.index;
