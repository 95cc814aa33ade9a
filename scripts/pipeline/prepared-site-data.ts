/**
 * Site data prepared once and rendered by several jobs (a partitioned build in CI): `--site-data-out DIR` derives it
 * from the snapshot, applies the changes, mapping, decisions and estimate asked for, stamps it and stops;
 * each `--partition I/K --site-data DIR --snapshot S` job renders from it. The stamp (`prepared.json`) names the
 * snapshot by its manifest's SHA-256 and the site-data format by the SHA-256 of its definition, so a job handed site
 * data from another snapshot, or prepared by another version of the build, is refused (exit 6) before it renders a
 * page from it.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SITE_DATA_FILES, siteDataMetaSchema, type SiteDataMeta } from '../../src/lib/site-data/site-data-format.ts';
import { BUILD_EXIT_CODES, BuildError } from './build-errors.ts';

export const PREPARED_FILE = 'prepared.json';
const FORMAT_SOURCE = path.resolve(import.meta.dirname, '../../src/lib/site-data/site-data-format.ts');

const preparedSchema = z.object({
  snapshotManifestSha256: z.string(),
  snapshotFinishedAt: z.string(),
  siteDataFormatSha256: z.string(),
  preparedAt: z.string(),
});

const sha256 = async (file: string): Promise<string> =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

/** Stamps `siteDataDir` as prepared from the snapshot at `snapshotDir`. */
export async function stampPrepared(siteDataDir: string, snapshotDir: string, finishedAt: string): Promise<void> {
  const stamp: z.infer<typeof preparedSchema> = {
    snapshotManifestSha256: await sha256(path.join(snapshotDir, 'manifest.json')),
    snapshotFinishedAt: finishedAt,
    siteDataFormatSha256: await sha256(FORMAT_SOURCE),
    preparedAt: new Date().toISOString(),
  };
  await writeFile(path.join(siteDataDir, PREPARED_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}

const refuse = (dir: string, why: string): BuildError =>
  new BuildError(BUILD_EXIT_CODES.siteData, `--site-data ${dir}: ${why}`);

/** The meta of the site data prepared in `dir` from the snapshot at `snapshotDir`; refused when it is not that. */
export async function readPrepared(dir: string, snapshotDir: string): Promise<SiteDataMeta> {
  const text = await readFile(path.join(dir, PREPARED_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw refuse(
      dir,
      error.code === 'ENOENT'
        ? `no ${PREPARED_FILE}: not site data prepared by npm run build -- --site-data-out`
        : `${PREPARED_FILE} unreadable (${error.code ?? error.message})`,
    );
  });
  let stamp: z.infer<typeof preparedSchema>;
  try {
    stamp = preparedSchema.parse(JSON.parse(text));
  } catch {
    throw refuse(dir, `${PREPARED_FILE} is not a preparation stamp`);
  }
  if (stamp.siteDataFormatSha256 !== (await sha256(FORMAT_SOURCE)))
    throw refuse(dir, 'prepared by another version of the build: prepare it again with this one');
  if (stamp.snapshotManifestSha256 !== (await sha256(path.join(snapshotDir, 'manifest.json'))))
    throw refuse(
      dir,
      `prepared from another snapshot (finished ${stamp.snapshotFinishedAt}), not from ${snapshotDir}: ` +
        'give the snapshot the preparation job read',
    );
  try {
    return siteDataMetaSchema.parse(JSON.parse(await readFile(path.join(dir, SITE_DATA_FILES.meta), 'utf8')));
  } catch {
    throw refuse(dir, `${SITE_DATA_FILES.meta} missing or unreadable: prepare it again`);
  }
}
