/**
 * The conditions of a rule over what the content audit knows of an item (docs/content-audit.md): its age against the
 * snapshot's time, how much of it is filled, the items that reference it and its words. Read from the rules file
 * here, tested against an item in rule-match.ts.
 */

/** Inclusive bounds; either may be missing. */
export interface Range {
  min?: number;
  max?: number;
}

/** `notUpdatedFor: 18 months`: a count of calendar units before the snapshot's time. */
export interface Duration {
  amount: number;
  unit: 'days' | 'weeks' | 'months' | 'years';
}

export const RANGE_CONDITIONS = ['filled', 'inboundReferences', 'words'] as const;
export type RangeCondition = (typeof RANGE_CONDITIONS)[number];

const UNITS: Record<string, Duration['unit']> = {
  day: 'days',
  days: 'days',
  week: 'weeks',
  weeks: 'weeks',
  month: 'months',
  months: 'months',
  year: 'years',
  years: 'years',
};

/** `90` (days) or `"18 months"`; a string saying what is wrong otherwise. */
export function parseDuration(value: unknown): Duration | string {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return { amount: value, unit: 'days' };
  const match = typeof value === 'string' ? /^\s*(\d+)\s*([a-z]+)\s*$/i.exec(value) : null;
  const unit = match ? UNITS[(match[2] ?? '').toLowerCase()] : undefined;
  if (match === null || unit === undefined)
    return 'notUpdatedFor needs a whole number of days, weeks, months or years ("18 months")';
  return { amount: Number(match[1]), unit };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** `0` (exactly), or `{ min: 1, max: 49 }` (either bound may be left out); a string saying what is wrong otherwise. */
export function parseRange(name: RangeCondition, value: unknown): Range | string {
  const wrong = `${name} needs a number or { min, max } of numbers 0 or more`;
  if (isCount(value)) return { min: value, max: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrong;
  const { min, max, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || (min === undefined && max === undefined)) return wrong;
  if ((min !== undefined && !isCount(min)) || (max !== undefined && !isCount(max))) return wrong;
  if (min !== undefined && max !== undefined && min > max) return `${name}: min is more than max`;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export const inRange = (range: Range, value: number): boolean =>
  (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max);

/** The time `duration` before `snapshotAt` (UTC calendar arithmetic: a month before 31 March is 3 March). */
export function cutoffOf(duration: Duration, snapshotAt: string): number {
  const at = new Date(snapshotAt);
  if (duration.unit === 'days') at.setUTCDate(at.getUTCDate() - duration.amount);
  if (duration.unit === 'weeks') at.setUTCDate(at.getUTCDate() - 7 * duration.amount);
  if (duration.unit === 'months') at.setUTCMonth(at.getUTCMonth() - duration.amount);
  if (duration.unit === 'years') at.setUTCFullYear(at.getUTCFullYear() - duration.amount);
  return at.getTime();
}
