/** Adds to each type's usage what needs the whole pass: relations between types and its use as a block element. */
import type { TypeIndex } from '../../content-types/type-index.ts';
import type { TypeUsage } from '../site-data-format.ts';
import type { BlockUsage } from './block-stats.ts';
import { listTypeRelations } from './type-relations.ts';

export function addTypeFacts(usage: TypeUsage[], types: TypeIndex, blocks: Map<string, BlockUsage>): void {
  const byKey = new Map(usage.filter((u) => u.defined && u.key !== undefined).map((u) => [u.key as string, u]));
  const relations = listTypeRelations(types.list, (t) => {
    const u = byKey.get(t.key);
    return { items: u?.itemCount ?? 0, blockUses: u?.blockUses ?? 0 };
  });
  for (const [key, r] of relations) {
    const u = byKey.get(key);
    if (u === undefined) continue;
    Object.assign(u, r);
    const block = blocks.get(key);
    if (block === undefined) continue;
    u.blockHolderItems = block.holderItems;
    u.blockHolders = block.holders;
    u.blockFill = block.fill;
  }
}
