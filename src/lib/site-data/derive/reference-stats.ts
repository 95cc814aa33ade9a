/**
 * Outgoing references of every item, resolved against the snapshot: incoming lists ("used by", capped, exact counts)
 * and broken references (streamed to NDJSON, one row per item × property × raw reference, with the cultures it is
 * in).
 */
import { USED_BY_LIMIT, type BrokenReference, type SiteNode, type UsedByEntry } from '../site-data-format.ts';
import { resolveReference, type ItemLookup } from '../../values/reference-target.ts';
import type { ValueReference } from '../../values/references.ts';
import type { LineWriter } from './line-writer.ts';

export interface ItemReferences {
  add(alias: string, culture: string | null, refs: ValueReference[]): void;
  /** Records the item's references; call once per item. Gives the keys of the items it points at, and how many of
   * its references (per property and raw reference) are broken. */
  finish(): Promise<{ targets: string[]; broken: number }>;
}

export interface ReferenceStats {
  forItem(node: SiteNode): ItemReferences;
  readonly usedBy: Map<string, UsedByEntry>;
  readonly total: number;
  readonly broken: number;
}

export function createReferenceStats(lookup: ItemLookup, brokenOut: LineWriter): ReferenceStats {
  const usedBy = new Map<string, UsedByEntry>();
  let total = 0;
  let broken = 0;

  function forItem(node: SiteNode): ItemReferences {
    const targets = new Map<string, Set<string>>();
    const brokenRows = new Map<string, BrokenReference>();
    return {
      add(alias, culture, refs) {
        for (const ref of refs) {
          total += 1;
          const target = resolveReference(ref, lookup);
          if (target !== undefined) {
            if (target.key === node.key) continue;
            const aliases = targets.get(target.key) ?? new Set<string>();
            aliases.add(alias);
            targets.set(target.key, aliases);
            continue;
          }
          const id = `${alias}\u0000${ref.raw}`;
          const row = brokenRows.get(id);
          if (row) {
            if (culture !== null && !row.cultures.includes(culture)) row.cultures.push(culture);
          } else {
            brokenRows.set(id, {
              fromKind: node.kind,
              fromKey: node.key,
              fromName: node.name,
              property: alias,
              cultures: culture === null ? [] : [culture],
              raw: ref.raw,
              via: ref.via,
              path: ref.path,
            });
          }
        }
      },
      async finish() {
        for (const [key, aliases] of targets) {
          const entry = usedBy.get(key) ?? { count: 0, from: [] };
          entry.count += 1;
          if (entry.from.length < USED_BY_LIMIT)
            entry.from.push({ key: node.key, kind: node.kind, aliases: [...aliases] });
          usedBy.set(key, entry);
        }
        for (const row of brokenRows.values()) {
          broken += 1;
          await brokenOut.write(`${JSON.stringify(row)}\n`);
        }
        return { targets: [...targets.keys()], broken: brokenRows.size };
      },
    };
  }

  return {
    forItem,
    usedBy,
    get total() {
      return total;
    },
    get broken() {
      return broken;
    },
  };
}
