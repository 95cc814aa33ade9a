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
  config: Pick<BuildConfig, 'decisionsFile'>,
  siteDataDir: string,
  warn: (line: string) => void,
): Promise<DecisionsMeta> {
  try {
    const meta = await writeDecisions(siteDataDir, config.decisionsFile);
    for (const p of meta.problems) warn(`warning: ${p.file}:${p.line}:${p.column}: ${p.message}`);
    return meta;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    const unusable = error instanceof DecisionsFileError || (error as NodeJS.ErrnoException).code === 'ENOENT';
    const code = unusable ? BUILD_EXIT_CODES.decisions : BUILD_EXIT_CODES.siteData;
    throw new BuildError(code, `the decisions file could not be used: ${message}`, { cause: error });
  }
}

export const describeDecisions = (m: DecisionsMeta): string =>
  `decisions ${m.file}: ${m.attached} of ${m.decisions} attached by key, ${m.orphaned} orphaned, ` +
  `${m.problems.length} problems`;
