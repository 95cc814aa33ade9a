/**
 * `--mapping FILE`: the filled mapping workbook read back (scripts/mapping/read-answers.ts), set against the
 * snapshot's model, and written into the site data for the Mapping section, with the coverage download
 * (`downloads/mapping-coverage.json`). No flag, no files.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAPPING_COVERAGE_FILE, MAPPING_FILE } from '../core/mapping-format.ts';
import { readMappingAnswers } from '../mapping/read-answers.ts';
import { MappingWorkbookError } from '../mapping/workbook-reader.ts';
import { deriveModelFacts } from '../../src/lib/mapping/model-facts.ts';
import { buildSiteMapping, type SiteMapping } from '../../src/lib/mapping/site-mapping.ts';
import { readSiteNodes } from '../../src/lib/site-data/site-nodes.ts';
import { SITE_DATA_FILES } from '../../src/lib/site-data/site-data-format.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';

export async function writeMapping(
  config: BuildConfig,
  snapshotDir: string,
  siteDataDir: string,
): Promise<SiteMapping | undefined> {
  const file = path.join(siteDataDir, MAPPING_FILE);
  const download = path.join(siteDataDir, SITE_DATA_FILES.downloads, MAPPING_COVERAGE_FILE);
  await Promise.all([rm(file, { force: true }), rm(download, { force: true })]);
  if (config.mappingFile === undefined) return undefined;
  try {
    const answers = await readMappingAnswers(config.mappingFile, path.basename(config.mappingFile));
    const facts = await deriveModelFacts(snapshotDir);
    const mapping = buildSiteMapping(facts, answers, await readSiteNodes(siteDataDir));
    await writeFile(file, JSON.stringify(mapping));
    await writeFile(download, `${JSON.stringify(mapping.coverage, null, 2)}\n`);
    return mapping;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    const code = error instanceof MappingWorkbookError ? BUILD_EXIT_CODES.mapping : BUILD_EXIT_CODES.siteData;
    throw new BuildError(code, `the mapping workbook could not be used: ${message}`, { cause: error });
  }
}

export function describeMapping(coverage: SiteMapping['coverage']): string {
  const f = (x: { mapped: number; total: number }) => `${x.mapped}/${x.total}`;
  return (
    `mapping ${coverage.workbook}: types ${f(coverage.types)}, properties ${f(coverage.properties)}, ` +
    `items ${f(coverage.items)} mapped; ${coverage.drift.length} drift rows, ${coverage.warnings.length} warnings`
  );
}
