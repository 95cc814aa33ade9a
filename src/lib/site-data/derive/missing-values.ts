/**
 * Items that lack a value, per type and property: what a fill rate's link lists. Keeps the first MISSING_LIMIT items
 * per property (the count stays exact); a culture-variant item names the languages that lack the value.
 */
import { MISSING_LIMIT, type MissingEntry } from '../site-data-format.ts';

export type MissingValues = MissingEntry[];

export function createMissingValues(): {
  add(type: string, property: string, key: string, languages: string[]): void;
  list(): MissingValues;
} {
  const entries = new Map<string, MissingEntry>();
  return {
    add(type, property, key, languages) {
      const id = `${type}\u0000${property}`;
      let entry = entries.get(id);
      if (entry === undefined) entries.set(id, (entry = { type, property, count: 0, items: [] }));
      entry.count += 1;
      if (entry.items.length < MISSING_LIMIT) entry.items.push(languages.length > 0 ? [key, languages] : [key]);
    },
    list: () => [...entries.values()],
  };
}
