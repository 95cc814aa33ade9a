/**
 * The Mapping section's data: coverage (src/lib/mapping/mapping-coverage.ts) and, per type, the answers its page
 * shows. The build writes it into the site data (scripts/pipeline/mapping-step.ts); pages load it once. No `--mapping`,
 * no file, and the section says how to add one.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAPPING_FILE, type MappingAnswers, type ModelFacts } from '#core/mapping-format.ts';
import { getSiteEnv } from '../site-env.ts';
import { computeCoverage, type CoverageNode, type MappingCoverage } from './mapping-coverage.ts';

export interface PropertyMapping {
  alias: string;
  answers: Record<string, string>;
  drift: string;
}
export interface TypeMapping {
  key: string;
  answers: Record<string, string>;
  drift: string;
  properties: PropertyMapping[];
}
export interface SiteMapping {
  coverage: MappingCoverage;
  types: TypeMapping[];
}

export function buildSiteMapping(facts: ModelFacts, answers: MappingAnswers, nodes: CoverageNode[]): SiteMapping {
  const typeRows = new Map(answers.types.map((r) => [r.key, r]));
  const propertyRows = new Map(answers.properties.map((r) => [r.key, r]));
  const types = facts.types.map((t): TypeMapping => {
    const row = typeRows.get(t.key);
    return {
      key: t.key,
      answers: row?.answers ?? {},
      drift: row?.drift ?? '',
      properties: facts.properties
        .filter((p) => p.typeKey === t.key)
        .map((p) => {
          const r = propertyRows.get(p.rowKey);
          return { alias: p.alias, answers: r?.answers ?? {}, drift: r?.drift ?? '' };
        }),
    };
  });
  return { coverage: computeCoverage(facts, answers, nodes), types };
}

let cached: Promise<SiteMapping | undefined> | undefined;

async function load(): Promise<SiteMapping | undefined> {
  const file = path.join(getSiteEnv().siteDataDir, MAPPING_FILE);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return text === undefined ? undefined : (JSON.parse(text) as SiteMapping);
}

export function loadMapping(): Promise<SiteMapping | undefined> {
  cached ??= load();
  return cached;
}

export async function findTypeMapping(key: string): Promise<TypeMapping | undefined> {
  return (await loadMapping())?.types.find((t) => t.key === key);
}
