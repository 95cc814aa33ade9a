/** What the Decisions page shows: the file's name and problems, the orphaned decisions, counts by disposition. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DECISIONS_META_FILE, type DecisionsMeta } from '../site-data/derive/decisions-data.ts';
import { UNDECIDED, type DecisionRow } from '../site-data/derive/decision-rows.ts';
import { getSiteEnv } from '../site-env.ts';
import { itemHref } from '../site-paths.ts';
import { iterateDecisionRows } from '../tables/decision-table.ts';
import { listTableRows } from '../tables/inventory-tables.ts';
import type { ItemPage } from './item-page.ts';

export interface DecisionsPage extends DecisionsMeta {
  orphanedRows: DecisionRow[];
  items: number;
  /** Items whose values changed after their decision's decided-at (from the change lists). */
  changedSinceDecided: number;
  byDisposition: Array<[disposition: string, items: number]>;
  byType: Array<{ name: string; counts: Record<string, number> }>;
  byRoot: Array<{ name: string; counts: Record<string, number> }>;
  dispositions: string[];
}

let cached: Promise<DecisionsPage> | undefined;

/** Items per disposition for each value of a column (type, root), in name order. */
function countBy(rows: ReadonlyArray<Record<string, unknown>>, column: string): DecisionsPage['byType'] {
  const groups = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const name = String(r[column] ?? '');
    const counts = groups.get(name) ?? {};
    counts[String(r.disposition)] = (counts[String(r.disposition)] ?? 0) + 1;
    groups.set(name, counts);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([name, counts]) => ({ name, counts }));
}
/** A site data folder prepared without the build's decisions step. */
const NO_DECISIONS = {
  file: null,
  rulesFile: null,
  rules: 0,
  unusedRules: [],
  decisions: 0,
  attached: 0,
  orphaned: 0,
  problems: [],
  orphanedRows: [],
};

export function getDecisionsPage(): Promise<DecisionsPage> {
  cached ??= (async () => {
    const file = path.join(getSiteEnv().siteDataDir, DECISIONS_META_FILE);
    const meta = JSON.parse(await readFile(file, 'utf8').catch(() => JSON.stringify(NO_DECISIONS))) as DecisionsMeta & {
      orphanedRows: DecisionRow[];
    };
    const rows = await listTableRows('decisions');
    const count = new Map<string, number>();
    for (const r of rows) count.set(String(r.disposition), (count.get(String(r.disposition)) ?? 0) + 1);
    const byDisposition = [...count].sort(([a], [b]) => a.localeCompare(b));
    return {
      ...meta,
      items: rows.length,
      changedSinceDecided: rows.filter((r) => r.changedSinceDecided === 'yes').length,
      byDisposition,
      dispositions: byDisposition.map(([d]) => d),
      byType: countBy(rows, 'type'),
      byRoot: countBy(rows, 'root'),
    };
  })();
  return cached;
}

type ItemDecision = NonNullable<ItemPage['decision']>;
let byKey: Promise<Map<string, DecisionRow>> | undefined;

/** The decided items' rows only, streamed: every item page asks, and most items are undecided. */
async function readDecidedRows(): Promise<Map<string, DecisionRow>> {
  const decided = new Map<string, DecisionRow>();
  for await (const row of iterateDecisionRows(getSiteEnv().siteDataDir))
    if (row.disposition !== UNDECIDED) decided.set(String(row.key), row as DecisionRow);
  return decided;
}

/** An item's decision, for its page; undefined when it is undecided. */
export async function findDecision(key: string): Promise<ItemDecision | undefined> {
  byKey ??= readDecidedRows();
  const r = (await byKey).get(key);
  if (r === undefined) return undefined;
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  const facts: ItemDecision['facts'] = [
    ['Disposition', text(r.disposition)],
    ...(r.mergeIntoKey
      ? [
          ['Merge into', text(r.mergeIntoName || r.mergeIntoKey), itemHref('content', text(r.mergeIntoKey))] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    ['Target type', text(r.targetType)],
    ['Target URL', text(r.targetUrl)],
    ['Owner', text(r.owner)],
    ['Priority', text(r.priority)],
    ['Decided', text(r.decidedAt)],
    ['Changed since decided', text(r.changedSinceDecided)],
    ...(r.changedProperties
      ? [['What changed', `${text(r.changedProperties)} (seen ${text(r.changedAt)})`] as [string, string]]
      : []),
    ['Note', text(r.note)],
    ['From', text(r.origin)],
  ];
  return { disposition: text(r.disposition), facts };
}
