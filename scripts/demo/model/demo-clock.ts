/**
 * Dates of the generated site. Umbraco 17 stores system dates in UTC as `YYYY-MM-DD HH:MM:SS`; the
 * generator never looks at the real clock, so every seed gives the same dates.
 */
export const SITE_START = Date.UTC(2019, 0, 7, 8, 0, 0);
export const SITE_END = Date.UTC(2025, 9, 31, 17, 0, 0);
export const INSTALL_DATE = Date.UTC(2018, 11, 20, 9, 30, 0);

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function toDbDate(ms: number): string {
  return new Date(Math.min(ms, SITE_END)).toISOString().slice(0, 19).replace('T', ' ');
}

/** Date-only pickers store midnight. */
export function toDbDay(ms: number): string {
  return `${toDbDate(ms).slice(0, 10)} 00:00:00`;
}

/** How the read service serves a stored date: ISO 8601 in UTC, second precision. */
export function toServedDate(dbDate: string): string {
  return `${dbDate.replace(' ', 'T')}+00:00`;
}

/** Creation time of the index-th item of `total`: items appear over the site's lifetime in id order. */
export function createdAt(index: number, total: number, jitterHours: number): number {
  const span = SITE_END - SITE_START - 120 * DAY;
  return SITE_START + Math.floor((span * index) / Math.max(total, 1)) + jitterHours * HOUR;
}
