/**
 * The extras' site data (`extras.json` in the site-data folder): which extras the source offered, and the rows of
 * each extras inventory. Derived by `derive/extras-data.ts`, read by `load-extras.ts`.
 */
import type { ExtraName, ExtraStatus } from '#core/snapshot-extras.ts';

export const EXTRAS_FILE = 'extras.json';

export type ExtraRow = Record<string, string | number | boolean | null | string[]>;

export interface ExtrasData {
  status: Record<ExtraName, ExtraStatus>;
  rows: Record<ExtraName, ExtraRow[]>;
  /** The languages the dictionary columns follow: the source's languages, else those its translations use. */
  dictionaryLanguages: string[];
}
