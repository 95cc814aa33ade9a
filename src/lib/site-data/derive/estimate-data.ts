/**
 * `--estimate estimate.yaml` set against the snapshot: every item's effective disposition (the decisions step's rows,
 * so it runs after it), its type's minutes and manual properties, and its languages make the estimate's lines and
 * totals (src/lib/estimate/estimate-lines.ts), written as `estimate.csv`/`.json` and `estimate-totals.csv`/`.json`
 * and beside them what the Estimate page shows (the file's name and the names it holds that the snapshot lacks).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { getContentTypes, iterateNdjson } from '#core/snapshot-format.ts';
import { createTypeIndex } from '../../content-types/type-index.ts';
import { shown, type DecisionProblem } from '../../decisions/decisions-file.ts';
import { readEstimate, type EstimateSpec } from '../../estimate/estimate-file.ts';
import { listEstimateLines, listEstimateTotals, type EstimateItem } from '../../estimate/estimate-lines.ts';
import { SITE_DATA_FILES, type SiteDataMeta } from '../site-data-format.ts';
import { writeTable } from './inventory-downloads.ts';

export const ESTIMATE_META_FILE = 'estimate-meta.json';
export const ESTIMATE_COLUMNS = [
  'kind',
  'type',
  'root',
  'disposition',
  'language',
  'count',
  'rate',
  'rateFrom',
  'minutes',
  'hours',
  'countLink',
];
export const ESTIMATE_TOTAL_COLUMNS = ['scenario', 'scope', 'name', 'minutes', 'hours'];

export interface EstimateMeta {
  file: string;
  problems: DecisionProblem[];
  lines: number;
}

async function readItems(siteDataDir: string): Promise<EstimateItem[]> {
  const items: EstimateItem[] = [];
  for await (const row of iterateNdjson(
    path.join(siteDataDir, SITE_DATA_FILES.decisions),
    z.record(z.string(), z.unknown()),
  )) {
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const languages = Array.isArray(row.languages) ? row.languages.filter((l) => typeof l === 'string') : [];
    items.push({
      kind: text(row.kind),
      type: text(row.type),
      root: text(row.root),
      disposition: text(row.disposition),
      languages,
    });
  }
  return items;
}

/** Names in the file that the snapshot does not hold: listed, never silently ignored. */
function listUnknownNames(
  spec: EstimateSpec,
  types: Set<string>,
  languages: string[],
  editors: Set<string>,
  aliases: Set<string>,
) {
  const problems: DecisionProblem[] = [];
  const problem = (p: { line: number; column: number }, message: string) =>
    problems.push({ file: spec.file, line: p.line, column: p.column, message });
  for (const [alias, p] of spec.typeMinutes)
    if (!types.has(alias)) problem(p, `type ${shown(alias)} is no type of this snapshot: its minutes count nothing`);
  for (const [iso, p] of spec.languageFactor)
    if (!languages.includes(iso)) problem(p, `language ${shown(iso)} is no language of this snapshot`);
  for (const p of spec.manualEditors)
    if (!editors.has(p.value)) problem(p, `editor ${shown(p.value)} is used by no property of this snapshot`);
  for (const p of spec.manualAliases)
    if (!aliases.has(p.value)) problem(p, `property ${shown(p.value)} is held by no type of this snapshot`);
  return problems;
}

/** Throws EstimateFileError when the file is not a usable estimate file. */
export async function writeEstimate(
  siteDataDir: string,
  snapshotDir: string,
  estimateFile: string,
): Promise<EstimateMeta> {
  const name = path.basename(estimateFile);
  const spec = readEstimate(await readFile(estimateFile, 'utf8'), name);
  const types = createTypeIndex((await getContentTypes(snapshotDir)).contentTypes);
  const editors = new Set(spec.manualEditors.map((e) => e.value));
  const aliases = new Set(spec.manualAliases.map((a) => a.value));
  const manual = new Map<string, number>();
  const manualOf = (kind: string, alias: string): number => {
    const type = kind === 'content' ? types.findByAlias(alias) : undefined;
    if (type === undefined) return 0;
    let n = manual.get(type.key);
    if (n === undefined)
      manual.set(
        type.key,
        (n = types.listProperties(type).filter((p) => editors.has(p.editorAlias) || aliases.has(p.alias)).length),
      );
    return n;
  };
  const items = await readItems(siteDataDir);
  const lines = listEstimateLines(spec, items, manualOf);
  const downloads = path.join(siteDataDir, SITE_DATA_FILES.downloads);
  await writeTable(downloads, 'estimate', ESTIMATE_COLUMNS, lines);
  await writeTable(downloads, 'estimate-totals', ESTIMATE_TOTAL_COLUMNS, listEstimateTotals(lines));
  const meta = JSON.parse(await readFile(path.join(siteDataDir, SITE_DATA_FILES.meta), 'utf8')) as SiteDataMeta;
  const properties = types.list.flatMap((t) => types.listProperties(t));
  const problems = listUnknownNames(
    spec,
    new Set([...items.map((i) => i.type), ...types.list.map((t) => t.alias)]),
    meta.languages,
    new Set(properties.map((p) => p.editorAlias)),
    new Set(properties.map((p) => p.alias)),
  );
  const result: EstimateMeta = { file: name, problems, lines: lines.length };
  await writeFile(path.join(siteDataDir, ESTIMATE_META_FILE), JSON.stringify(result));
  return result;
}
