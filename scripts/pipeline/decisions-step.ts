/**
 * `--decisions FILE`: the decisions file set against the snapshot (src/lib/site-data/derive/decisions-data.ts). A
 * file that cannot be read as CSV stops the build (exit 11); each row it cannot use is a warning naming file, line
 * and column. Without the flag every item is undecided.
 */
import { DecisionsFileError } from '../../src/lib/decisions/decisions-file.ts';
import { writeDecisions, type DecisionsMeta } from '../../src/lib/site-data/derive/decisions-data.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';

export async function applyDecisions(
  config: Pick<BuildConfig, 'decisionsFile' | 'rulesFile'>,
  siteDataDir: string,
  warn: (line: string) => void,
): Promise<DecisionsMeta> {
  try {
    const meta = await writeDecisions(siteDataDir, config.decisionsFile, config.rulesFile);
    for (const p of meta.problems) warn(`warning: ${p.file}:${p.line}:${p.column}: ${p.message}`);
    for (const r of meta.unusedRules) warn(`warning: ${meta.rulesFile}:${r.line}: rule ${r.index} matches no item`);
    return meta;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    const unusable = error instanceof DecisionsFileError || (error as NodeJS.ErrnoException).code === 'ENOENT';
    const code = unusable ? BUILD_EXIT_CODES.decisions : BUILD_EXIT_CODES.siteData;
    throw new BuildError(code, `the decisions or rules file could not be used: ${message}`, { cause: error });
  }
}

export const describeDecisions = (m: DecisionsMeta): string =>
  `decisions ${m.file ?? '(none)'}: ${m.attached} of ${m.decisions} attached by key, ${m.orphaned} orphaned; ` +
  `${m.rules} rules (${m.unusedRules.length} match nothing); ${m.problems.length} problems`;
