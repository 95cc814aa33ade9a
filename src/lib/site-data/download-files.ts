/**
 * The files of a site's `downloads/` folder that the site data holds, by name: a build copies them
 * (scripts/pipeline/downloads-step.ts), `astro dev` serves them (src/pages/downloads/[file].ts).
 */
import { MAPPING_COVERAGE_FILE } from '#core/mapping-format.ts';
import { DOWNLOAD_FORMATS, INVENTORIES } from '../pages/inventory-list.ts';

/** Every site has these; the site data step writes them (derive/inventory-downloads.ts, derive/model-diagrams.ts). */
export const REQUIRED_DOWNLOADS: readonly string[] = [
  ...INVENTORIES.flatMap((i) => DOWNLOAD_FORMATS.map((ext) => `${i.name}.${ext}`)),
  'model.dot',
  'model.mmd',
  ...DOWNLOAD_FORMATS.map((ext) => `decisions-orphaned.${ext}`),
];

/** Written with --mapping and --estimate only; there when the site data holds them. */
export const OPTIONAL_DOWNLOADS: readonly string[] = [
  MAPPING_COVERAGE_FILE,
  ...['estimate', 'estimate-totals'].flatMap((name) => DOWNLOAD_FORMATS.map((ext) => `${name}.${ext}`)),
];
