/** The issues overview by problem (the home page's summary and the issues page's head), from the issue table's rows. */
import { listTableRows } from '../tables/inventory-tables.ts';
import { PROBLEMS, type Severity } from '../site-data/derive/issue-rows.ts';

export interface ProblemSummary {
  problem: string;
  severity: Severity;
  why: string;
  /** Rows of the issue table (types' properties, URLs, targets, hosts…). */
  subjects: number;
  /** The sum of their counts (items, references, links…). */
  count: number;
  /** Site path of the issue table filtered to this problem. */
  link: string;
}

/** Every known problem in severity order, with zeros for those the snapshot does not have. */
export async function listProblemSummaries(): Promise<ProblemSummary[]> {
  const rows = await listTableRows('issues');
  return Object.values(PROBLEMS).map((p) => {
    const mine = rows.filter((r) => r.problem === p.title);
    return {
      problem: p.title,
      severity: p.severity,
      why: p.why,
      subjects: mine.length,
      count: mine.reduce((sum, r) => sum + Number(r.count), 0),
      link: `inventories/issues/?${new URLSearchParams({ problem: p.title })}`,
    };
  });
}
