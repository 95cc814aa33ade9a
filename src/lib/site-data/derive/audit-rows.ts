/**
 * The content audit: one row per content item with its age, words per language, empty mandatory properties,
 * references in and broken references out, exact and near duplicates, and whether it is thin. Facts of the item's own
 * record are collected during the streaming pass; references in and duplicates need the whole pass.
 */
import type { ItemFacts } from '../../audit/item-facts.ts';
import type { DuplicateFinder } from './duplicates-worker.ts';
import type { SiteNode, UsedByEntry } from '../site-data-format.ts';

/** An item with fewer words than this (in its fullest language) is thin. */
export const THIN_WORDS = 50;
/** Age buckets by days since the last update, against the snapshot's time. */
const AGE_BUCKETS: Array<[maxDays: number, label: string]> = [
  [91, 'under 3 months'],
  [365, '3–12 months'],
  [730, '1–2 years'],
  [1826, '2–5 years'],
  [Number.POSITIVE_INFINITY, 'over 5 years'],
];
const DAY = 86_400_000;

export type AuditRow = Record<string, string | number | boolean | null>;

interface Kept {
  node: SiteNode;
  words: number;
  wordsByLanguage: Record<string, number>;
  emptyMandatory: number;
  properties: number;
  emptyProperties: string[];
  outboundBroken: number;
}

export function ageOf(updated: string | null, snapshotAt: string): { ageDays: number | null; age: string } {
  const time = updated === null ? Number.NaN : Date.parse(updated);
  if (Number.isNaN(time)) return { ageDays: null, age: 'unknown' };
  const ageDays = Math.max(0, Math.floor((Date.parse(snapshotAt) - time) / DAY));
  return { ageDays, age: (AGE_BUCKETS.find(([max]) => ageDays < max) as [number, string])[1] };
}

/** The share of its type's properties that hold a value, a whole percentage; null when its type has none. */
export const filledPercent = (properties: number, empty: number): number | null =>
  properties === 0 ? null : Math.round((100 * (properties - empty)) / properties);

/** `duplicates`: the finder on its own thread (duplicates-worker.ts), fed in pass order. */
export function createAudit(duplicates: Pick<DuplicateFinder, 'add' | 'finish'>) {
  const kept: Kept[] = [];
  return {
    addItem(node: SiteNode, facts: ItemFacts, outboundBroken: number): void {
      if (node.kind !== 'content') return;
      const { words, wordsByLanguage, emptyMandatory, properties, emptyProperties } = facts;
      kept.push({ node, words, wordsByLanguage, emptyMandatory, properties, emptyProperties, outboundBroken });
      duplicates.add(node, facts.body);
    },
    async listRows(languages: string[], snapshotAt: string, usedBy: Map<string, UsedByEntry>): Promise<AuditRow[]> {
      const { duplicateOf, nearGroup } = await duplicates.finish();
      return kept.map(
        ({ node, words, wordsByLanguage, emptyMandatory, properties, emptyProperties, outboundBroken }) => {
          const row: AuditRow = {
            key: node.key,
            name: node.name,
            type: node.type,
            updated: node.updateDate,
            ...ageOf(node.updateDate, snapshotAt),
            words,
          };
          for (const iso of languages) row[`words:${iso}`] = wordsByLanguage[iso] ?? null;
          return Object.assign(row, {
            emptyMandatory,
            filled: filledPercent(properties, emptyProperties.length),
            emptyProperties: emptyProperties.join(' '),
            inboundReferences: usedBy.get(node.key)?.count ?? 0,
            outboundBroken,
            duplicateOf: duplicateOf.get(node.key) ?? null,
            nearDuplicateGroup: nearGroup.get(node.key) ?? null,
            thin: words < THIN_WORDS,
          });
        },
      );
    },
  };
}

export const auditColumns = (languages: string[]): string[] => [
  'key',
  'name',
  'type',
  'updated',
  'ageDays',
  'age',
  'words',
  ...languages.map((iso) => `words:${iso}`),
  'emptyMandatory',
  'filled',
  'emptyProperties',
  'inboundReferences',
  'outboundBroken',
  'duplicateOf',
  'nearDuplicateGroup',
  'thin',
];
