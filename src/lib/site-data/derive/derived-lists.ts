/** Lists derived after the pass: orphan media (a file that nothing references) and broken references read back. */
import type { NodeLookup } from '../node-lookup.ts';
import {
  brokenReferenceSchema,
  type BrokenReference,
  type OrphanMedia,
  type UsedByEntry,
} from '../site-data-format.ts';
import { iterateSiteNdjson } from '../site-data-read.ts';
import { pathOf } from './inventory-downloads.ts';

/** Media with a file (folders have none) that no content or media item references. */
export function listOrphanMedia(lookup: NodeLookup, usedBy: Map<string, UsedByEntry>): OrphanMedia[] {
  return lookup.nodes
    .filter((n) => n.kind === 'media' && n.file?.path !== undefined && !usedBy.has(n.key))
    .map((n) => ({
      id: n.id,
      key: n.key,
      name: n.name,
      type: n.type,
      path: pathOf(n, lookup),
      file: n.file?.path ?? '',
      extension: n.file?.extension ?? '',
      bytes: n.file?.bytes ?? null,
    }));
}

export const readBroken = (file: string): AsyncGenerator<BrokenReference> =>
  iterateSiteNdjson(file, brokenReferenceSchema);
