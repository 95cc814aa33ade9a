/**
 * Umbraco stores dates as naive text (`YYYY-MM-DD HH:MM:SS[.fffffff]`, no zone). Before v17 system dates
 * are server-local time; from v17 they are UTC. Property dates are editor data and always naive local.
 * The interface sends ISO 8601 with an explicit offset: at second precision (this service's own shape), or with
 * milliseconds and `Z` at offset 0 as every plugin generation does (.NET's round-trip format of a local time); the
 * Umbraco 7 plugin's XML cache holds whole seconds (`.000`) and its property values are naive text without an offset.
 */
const NAIVE_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export type DateConverter = (naive: string | null | undefined) => string | null;
export type DatePrecision = 'seconds' | 'milliseconds' | 'whole-seconds-as-milliseconds' | 'naive';

/** Throws a RangeError for a zone name the platform does not know. */
export function assertTimeZone(timeZone: string): void {
  new Intl.DateTimeFormat('en-US', { timeZone });
}

export function createDateConverter(timeZone: string, precision: DatePrecision = 'seconds'): DateConverter {
  assertTimeZone(timeZone);
  const offsetAt = timeZone === 'UTC' ? () => 0 : offsetFinder(timeZone);
  return (naive) => {
    if (naive === null || naive === undefined || naive === '') return null;
    const parts = NAIVE_DATE.exec(naive) ?? DATE_ONLY.exec(naive);
    if (!parts) return naive;
    const [y, mo, d, h = '0', mi = '0', s = '0', fraction = ''] = parts.slice(1);
    const ms = precision === 'milliseconds' ? Number(fraction.padEnd(3, '0').slice(0, 3)) : 0;
    const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
    if (precision === 'naive') return new Date(wall).toISOString().slice(0, 19);
    // The offset of a wall-clock time: guess with the offset at wall-as-UTC, then correct once (DST edges).
    let offset = offsetAt(wall);
    offset = offsetAt(wall - offset);
    return formatWithOffset(wall, offset, precision);
  };
}

function formatWithOffset(wallMs: number, offsetMs: number, precision: DatePrecision): string {
  const withMs = precision === 'milliseconds' || precision === 'whole-seconds-as-milliseconds';
  if (withMs && offsetMs === 0) return new Date(wallMs).toISOString();
  const iso = new Date(wallMs).toISOString().slice(0, withMs ? 23 : 19);
  const sign = offsetMs < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMs) / 60000;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${iso}${sign}${hh}:${mm}`;
}

function offsetFinder(timeZone: string): (utcMs: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (utcMs) => {
    const p = Object.fromEntries(format.formatToParts(new Date(utcMs)).map((x) => [x.type, x.value]));
    const asUtc = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    );
    return asUtc - Math.floor(utcMs / 1000) * 1000;
  };
}
