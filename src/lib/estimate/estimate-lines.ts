/**
 * The effort estimate as lines, each one rate times one count the site shows: the items of a type under a root with a
 * disposition (the Decisions table filtered to them), and their versions in a language with a factor. Totals per
 * type, per root and overall, under each scenario, are sums of lines. Sorted by code unit and rounded the same way
 * every time, so the same inputs give the same bytes.
 */
import type { EstimateSpec } from './estimate-file.ts';

export interface EstimateItem {
  kind: string;
  type: string;
  root: string;
  disposition: string;
  languages: string[];
}

export type EstimateLine = {
  kind: string;
  type: string;
  root: string;
  disposition: string;
  /** '' for the items themselves, else the language whose versions the line counts. */
  language: string;
  count: number;
  /** The Decisions table filtered to the items counted (relative to the site base). */
  countLink: string;
  /** Minutes per item (or per language version). */
  rate: number;
  /** How the rate is made: "15 + 2 manual properties × 3", "0.5 × (15)". */
  rateFrom: string;
  minutes: number;
  hours: number;
};

export const SCENARIOS = [
  { name: 'all', test: () => true },
  { name: 'without archived and deleted', test: (l: EstimateLine) => !DROPPED.has(l.disposition) },
  { name: 'one language only', test: (l: EstimateLine) => l.language === '' },
  {
    name: 'one language, without archived and deleted',
    test: (l: EstimateLine) => l.language === '' && !DROPPED.has(l.disposition),
  },
] as const;
const DROPPED = new Set(['archive', 'delete']);

export type EstimateTotal = {
  scenario: string;
  scope: 'total' | 'type' | 'root';
  name: string;
  minutes: number;
  hours: number;
};

/** Four decimals: rates like 0.1 × 3 stay exact in the files. */
export const round = (n: number): number => Math.round(n * 10_000) / 10_000;
export const hoursOf = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;
const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Minutes per item of a type and how they are made; 0 for a media type the file does not name. */
export function rateOf(
  spec: EstimateSpec,
  kind: string,
  type: string,
  manualProperties: number,
): { rate: number; from: string } {
  const base = spec.typeMinutes.get(type)?.value ?? (kind === 'content' ? spec.defaultMinutes : 0);
  const manual = kind === 'content' ? manualProperties : 0;
  if (manual === 0 || spec.minutesPerManualProperty === 0) return { rate: base, from: String(base) };
  const rate = round(base + manual * spec.minutesPerManualProperty);
  const what = manual === 1 ? 'manual property' : 'manual properties';
  return { rate, from: `${base} + ${manual} ${what} × ${spec.minutesPerManualProperty}` };
}

function countLink(key: string[], language: string): string {
  const [kind, type, root, disposition] = key.map(encodeURIComponent);
  const lang = language === '' ? '' : `&languages=${encodeURIComponent(language)}`;
  return `inventories/decisions/?kind=${kind}&type=${type}&root=${root}&disposition=${disposition}${lang}`;
}

export function listEstimateLines(
  spec: EstimateSpec,
  items: Iterable<EstimateItem>,
  manualOf: (kind: string, type: string) => number,
): EstimateLine[] {
  const counts = new Map<string, number>();
  const add = (key: string[]) => {
    const id = JSON.stringify(key);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  for (const item of items) {
    const key = [item.kind, item.type, item.root, item.disposition];
    add([...key, '']);
    for (const language of item.languages) if (spec.languageFactor.has(language)) add([...key, language]);
  }
  const lines: EstimateLine[] = [];
  for (const [id, count] of counts) {
    const [kind = '', type = '', root = '', disposition = '', language = ''] = JSON.parse(id) as string[];
    const item = rateOf(spec, kind, type, manualOf(kind, type));
    if (item.rate === 0) continue;
    const factor = language === '' ? 1 : (spec.languageFactor.get(language)?.value ?? 0);
    const rate = round(factor * item.rate);
    if (rate === 0) continue;
    const rateFrom = language === '' ? item.from : `${factor} × (${item.from})`;
    const minutes = round(rate * count);
    const link = countLink([kind, type, root, disposition], language);
    lines.push({ kind, type, root, disposition, language, count, countLink: link, rate, rateFrom, minutes, hours: 0 });
  }
  for (const line of lines) line.hours = hoursOf(line.minutes);
  const order = (l: EstimateLine) => [l.kind, l.type, l.root, l.disposition, l.language];
  return lines.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    for (let i = 0; i < x.length; i += 1) {
      const c = byCodeUnit(x[i] ?? '', y[i] ?? '');
      if (c !== 0) return c;
    }
    return 0;
  });
}

export function listEstimateTotals(lines: readonly EstimateLine[]): EstimateTotal[] {
  const totals: EstimateTotal[] = [];
  for (const scenario of SCENARIOS) {
    const kept = lines.filter((l) => scenario.test(l));
    const sum = (ls: readonly EstimateLine[]) => round(ls.reduce((s, l) => s + l.minutes, 0));
    const total = sum(kept);
    totals.push({ scenario: scenario.name, scope: 'total', name: '', minutes: total, hours: hoursOf(total) });
    for (const scope of ['type', 'root'] as const) {
      const names = [...new Set(kept.map((l) => l[scope]))].sort(byCodeUnit);
      for (const name of names) {
        const minutes = sum(kept.filter((l) => l[scope] === name));
        totals.push({ scenario: scenario.name, scope, name, minutes, hours: hoursOf(minutes) });
      }
    }
  }
  return totals;
}
