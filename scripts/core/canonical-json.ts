/**
 * JSON with every object's keys in one order, so two values that mean the same compare equal whatever order their
 * keys came in (the snapshot reader's schemas put their own fields first; a CMS may re-serialise a value).
 * Built from entries, so a key named `__proto__` stays a key.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** Whether two JSON values mean the same: equal once their objects' keys are put in one order. */
export const sameJson = (a: unknown, b: unknown): boolean => a === b || canonicalJson(a) === canonicalJson(b);
