/**
 * What the Properties sheet says about one property's values: fill per language, how many items hold a value,
 * distinct values (counted up to DISTINCT_LIMIT, long values by digest), the longest value and three samples.
 */
import { createHash } from 'node:crypto';
import { DISTINCT_LIMIT, type FillFact } from '#core/mapping-format.ts';
import { isEmptyValue } from '../values/value-text.ts';

const SAMPLES = 3;
const SAMPLE_CHARS = 300;

export interface PropertyTally {
  /** One item (or block instance): its value per language (`null`: the invariant value). */
  addItem(values: Array<[culture: string | null, value: unknown]>): void;
  fill: FillFact;
  holding: number;
  distinct(): number;
  longest: number;
  samples: string[];
}

export const valueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export function createPropertyTally(): PropertyTally {
  const seen = new Set<string>();
  const tally: PropertyTally = {
    fill: { filled: 0, total: 0 },
    holding: 0,
    longest: 0,
    samples: [],
    distinct: () => seen.size,
    addItem(values) {
      let holds = false;
      for (const [culture, value] of values) {
        const empty = isEmptyValue(value);
        if (culture !== null) {
          const cell = ((tally.fill.cultures ??= {})[culture] ??= [0, 0]);
          cell[1] += 1;
          if (!empty) cell[0] += 1;
        }
        if (empty) continue;
        holds = true;
        const text = valueText(value);
        tally.longest = Math.max(tally.longest, text.length);
        const id = text.length <= 64 ? text : createHash('sha1').update(text).digest('base64');
        if (seen.has(id) || seen.size >= DISTINCT_LIMIT) continue;
        seen.add(id);
        if (tally.samples.length < SAMPLES) tally.samples.push(text.slice(0, SAMPLE_CHARS));
      }
      tally.fill.total += 1;
      if (holds) {
        tally.fill.filled += 1;
        tally.holding += 1;
      }
    },
  };
  return tally;
}
