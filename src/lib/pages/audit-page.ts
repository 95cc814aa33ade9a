/** The summary counts of the content audit page, from the same rows as its table. */
import { MIN_COMPARED_WORDS, NEAR_SIMILARITY } from '../audit/duplicates.ts';
import { THIN_WORDS } from '../site-data/derive/audit-rows.ts';
import { listTableRows } from '../tables/inventory-tables.ts';

export interface AuditSummary {
  items: number;
  thin: number;
  thinWords: number;
  exact: number;
  near: number;
  groups: number;
  nearPercent: number;
  minWords: number;
  unreferenced: number;
  emptyMandatory: number;
  broken: number;
  ages: Array<[age: string, count: number]>;
}

export async function getAuditSummary(): Promise<AuditSummary> {
  const rows = await listTableRows('audit');
  const count = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length;
  const ages = new Map<string, number>();
  for (const row of rows) ages.set(String(row.age), (ages.get(String(row.age)) ?? 0) + 1);
  return {
    items: rows.length,
    thin: count((r) => r.thin === 'yes'),
    thinWords: THIN_WORDS,
    exact: count((r) => typeof r.duplicateOf === 'string'),
    near: count((r) => r.nearDuplicateGroup !== null),
    groups: new Set(rows.map((r) => r.nearDuplicateGroup).filter((g) => g !== null)).size,
    nearPercent: NEAR_SIMILARITY * 100,
    minWords: MIN_COMPARED_WORDS,
    unreferenced: count((r) => r.inboundReferences === 0),
    emptyMandatory: count((r) => Number(r.emptyMandatory) > 0),
    broken: count((r) => Number(r.outboundBroken) > 0),
    ages: [...ages],
  };
}
