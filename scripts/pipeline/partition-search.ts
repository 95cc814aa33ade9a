/**
 * The search side of a partitioned build: only the records of this partition's items are indexed, into bundles whose
 * names no other partition uses, and `partition.json` says which share this output holds so the merge can check that
 * it has every share exactly once. Partition 1's first bundle is `pagefind/`, the one the search page loads its JS
 * from.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatPartition, partitionOfKey, type Partition } from '../../src/lib/partition.ts';
import type { SearchRecord } from '../../src/lib/site-data/site-data-format.ts';
import { createLineWriter } from '../../src/lib/site-data/derive/line-writer.ts';
import {
  buildSearchIndex,
  iterateNamedRecords,
  readRecordFacts,
  type SearchIndexOptions,
  type SearchIndexSummary,
  type SiteRecordFacts,
} from './search-index.ts';

/** Written into each partition's output and consumed (not copied) by the merge. */
export const PARTITION_FILE = 'partition.json';

export interface PartitionManifest {
  partition: string;
  index: number;
  count: number;
  bundles: string[];
}

/** Records are `<kind>/<key>/` (items and types alike); the key decides the partition, as it does for pages. */
const recordKey = (record: SearchRecord): string => record.url.split('/')[1] ?? record.url;

export const partitionBundleName =
  (partition: Partition) =>
  (n: number): string =>
    partition.index === 1 && n === 0 ? 'pagefind' : `pagefind-p${partition.index}${n === 0 ? '' : `-${n}`}`;

/**
 * The partition's records: those of its items, and in partition 1 also every record whose page name another record
 * of the site would get (search-hashes.ts), so that Pagefind tells them apart in one bundle.
 */
async function writePartitionRecords(
  recordsFile: string,
  target: string,
  partition: Partition,
  facts: SiteRecordFacts,
): Promise<Uint32Array> {
  const writer = createLineWriter(target);
  const names: number[] = [];
  try {
    for await (const { record, name } of iterateNamedRecords(recordsFile, facts.inOrder)) {
      const mine = facts.shared.has(name)
        ? partition.index === 1
        : partitionOfKey(recordKey(record), partition.count) === partition.index;
      if (!mine) continue;
      await writer.write(`${JSON.stringify(record)}\n`);
      names.push(name);
    }
  } finally {
    await writer.close();
  }
  return Uint32Array.from(names);
}

export async function buildPartitionSearch(
  recordsFile: string,
  workDir: string,
  outDir: string,
  base: string,
  shardSize: number,
  partition: Partition,
  options: Pick<SearchIndexOptions, 'beforeFirstWrite'> = {},
): Promise<SearchIndexSummary> {
  const started = Date.now();
  const own = path.join(workDir, `search-partition-${partition.index}-of-${partition.count}.ndjson`);
  const facts = await readRecordFacts(recordsFile, base);
  const names = await writePartitionRecords(recordsFile, own, partition, facts);
  const summary = await buildSearchIndex(own, outDir, base, shardSize, {
    bundleName: partitionBundleName(partition),
    share: { facts, names },
    ...options,
  });
  return { ...summary, millis: Date.now() - started };
}

export async function writePartitionManifest(
  outDir: string,
  partition: Partition,
  bundles: readonly string[],
): Promise<void> {
  const manifest: PartitionManifest = { partition: formatPartition(partition), ...partition, bundles: [...bundles] };
  await writeFile(path.join(outDir, PARTITION_FILE), `${JSON.stringify(manifest)}\n`);
}
