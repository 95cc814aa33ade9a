import type { ValueReference } from './references.ts';

import type { ItemKind } from '#core/snapshot-format.ts';

export type { ItemKind };
export interface ItemTarget {
  kind: ItemKind;
  key: string;
  name: string;
}

/** What reference resolution needs from the snapshot: items by key and by int id. */
export interface ItemLookup {
  findByKey(kind: ItemKind, key: string): ItemTarget | undefined;
  findById(kind: ItemKind, id: number): ItemTarget | undefined;
}

const BOTH: ItemKind[] = ['content', 'media'];

/** The snapshot item a reference points at, or undefined when it is broken (missing, trashed, or never crawled). */
export function resolveReference(ref: ValueReference, lookup: ItemLookup): ItemTarget | undefined {
  const kinds = ref.kind === undefined ? BOTH : [ref.kind];
  for (const kind of kinds) {
    const found =
      ref.guid !== undefined
        ? lookup.findByKey(kind, ref.guid)
        : ref.id !== undefined
          ? lookup.findById(kind, ref.id)
          : undefined;
    if (found) return found;
  }
  return undefined;
}
