/**
 * Writes the decisions' site data and downloads: `decisions.csv` (every item, its effective disposition and where it
 * came from) and `decisions-orphaned.csv` (decisions whose key is no published item here), and what the Decisions
 * page shows beside them (the file's name, its problems); the redirect map gets the decisions' 410s and merge
 * targets. Without a decisions file every item is undecided.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CHANGES_ARCHIVE_FILE, CHANGES_FILE, type SnapshotDiff } from '#core/diff-format.ts';
import { createChangeHistory } from '../../decisions/changed-since.ts';
import { readDecisions, type DecisionProblem } from '../../decisions/decisions-file.ts';
import { readRules } from '../../decisions/rules-file.ts';
import { iterateExtraRows } from '../load-extras.ts';
import { SITE_DATA_FILES } from '../site-data-format.ts';
import { DECISION_ROW_COLUMNS, listDecisionRows, ORPHANED_COLUMNS } from './decision-rows.ts';
import { writeTable } from './inventory-downloads.ts';
import { createLineWriter } from './line-writer.ts';
import { readSiteNodes } from '../site-nodes.ts';
import { applyDecisionsToRedirects } from './redirect-map.ts';
import { readRedirectMap, writeRedirectMap } from './redirect-sources.ts';
import { readRuleContext } from './rule-context.ts';
import { readTypeTargets } from './mapping-targets.ts';

export const DECISIONS_META_FILE = 'decisions.json';

export interface DecisionsMeta {
  file: string | null;
  rulesFile: string | null;
  rules: number;
  /** Rules that decide no item (a decision overriding a rule's every match counts as the rule matching). */
  unusedRules: Array<{ index: number; name: string; line: number }>;
  decisions: number;
  attached: number;
  orphaned: number;
  problems: DecisionProblem[];
}

async function readHidden(siteDataDir: string): Promise<Map<string, { name: string; state: string }>> {
  const hidden = new Map<string, { name: string; state: string }>();
  for await (const r of iterateExtraRows('unpublished', siteDataDir))
    hidden.set(String(r.key), { name: String(r.name), state: 'unpublished' });
  for await (const r of iterateExtraRows('recycle-bin', siteDataDir))
    hidden.set(String(r.key), { name: String(r.name), state: 'trashed' });
  return hidden;
}

/** The change lists the build wrote (tonight's, then the earlier nights kept with --history), if any. */
async function readNights(siteDataDir: string): Promise<SnapshotDiff[]> {
  const read = async (file: string) =>
    readFile(path.join(siteDataDir, file), 'utf8').then(
      (text) => JSON.parse(text) as SnapshotDiff | SnapshotDiff[],
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
  return [await read(CHANGES_FILE), await read(CHANGES_ARCHIVE_FILE)].flat();
}

/** Throws DecisionsFileError when the file is not CSV or lacks the key or disposition column. */
export async function writeDecisions(
  siteDataDir: string,
  decisionsFile?: string,
  rulesFile?: string,
): Promise<DecisionsMeta> {
  const name = decisionsFile === undefined ? null : path.basename(decisionsFile);
  const rulesName = rulesFile === undefined ? null : path.basename(rulesFile);
  const { decisions, problems } =
    decisionsFile === undefined
      ? { decisions: [], problems: [] as DecisionProblem[] }
      : readDecisions(await readFile(decisionsFile, 'utf8'), name ?? '');
  const { rules, problems: ruleProblems } =
    rulesFile === undefined
      ? { rules: [], problems: [] }
      : readRules(await readFile(rulesFile, 'utf8'), rulesName ?? '');
  problems.push(...ruleProblems);
  const nodes = await readSiteNodes(siteDataDir);
  const typeTargets = await readTypeTargets(siteDataDir);
  if (decisions.length > 0 || typeTargets.size > 0) {
    const byKey = new Map(nodes.map((n) => [n.key, n]));
    const redirects = await readRedirectMap(siteDataDir);
    await writeRedirectMap(
      siteDataDir,
      applyDecisionsToRedirects(redirects, decisions, (key) => byKey.get(key), typeTargets),
    );
  }
  const hidden = await readHidden(siteDataDir);
  const context = rules.length > 0 ? await readRuleContext(siteDataDir) : undefined;
  const history = createChangeHistory(await readNights(siteDataDir));
  const { rows, orphaned, unusedRules } = listDecisionRows(
    nodes,
    decisions,
    hidden,
    name ?? '',
    rules,
    context,
    history,
  );
  const downloads = path.join(siteDataDir, SITE_DATA_FILES.downloads);
  await writeTable(downloads, 'decisions', DECISION_ROW_COLUMNS, rows);
  await writeTable(downloads, 'decisions-orphaned', ORPHANED_COLUMNS, orphaned);
  const out = createLineWriter(path.join(siteDataDir, SITE_DATA_FILES.decisions));
  for (const row of rows) await out.write(`${JSON.stringify(row)}\n`);
  await out.close();
  const meta: DecisionsMeta = {
    file: name,
    rulesFile: rulesName,
    rules: rules.length,
    unusedRules: unusedRules.map((r) => ({ index: r.index, name: r.name, line: r.line })),
    decisions: decisions.length,
    attached: decisions.length - orphaned.length,
    orphaned: orphaned.length,
    problems,
  };
  await writeFile(path.join(siteDataDir, DECISIONS_META_FILE), JSON.stringify({ ...meta, orphanedRows: orphaned }));
  return meta;
}
