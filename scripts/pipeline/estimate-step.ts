/**
 * `--estimate FILE`: the effort estimate set against the snapshot and its decisions (src/lib/site-data/derive/
 * estimate-data.ts), after the decisions step. A file that cannot be used stops the build (exit 12) naming file, line
 * and column; names the snapshot lacks are warnings. Without the flag there is no estimate.
 */
import { EstimateFileError } from '../../src/lib/estimate/estimate-file.ts';
import { writeEstimate, type EstimateMeta } from '../../src/lib/site-data/derive/estimate-data.ts';
import type { BuildConfig } from './build-config.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';

export async function applyEstimate(
  config: Pick<BuildConfig, 'estimateFile'>,
  snapshotDir: string,
  siteDataDir: string,
  warn: (line: string) => void,
): Promise<EstimateMeta | undefined> {
  if (config.estimateFile === undefined) return undefined;
  try {
    const meta = await writeEstimate(siteDataDir, snapshotDir, config.estimateFile);
    for (const p of meta.problems) warn(`warning: ${p.file}:${p.line}:${p.column}: ${p.message}`);
    return meta;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    const unusable = error instanceof EstimateFileError || (error as NodeJS.ErrnoException).code === 'ENOENT';
    const code = unusable ? BUILD_EXIT_CODES.estimate : BUILD_EXIT_CODES.siteData;
    throw new BuildError(code, `the estimate file could not be used: ${message}`, { cause: error });
  }
}

export const describeEstimate = (m: EstimateMeta): string =>
  `estimate ${m.file}: ${m.lines} lines; ${m.problems.length} problems`;
