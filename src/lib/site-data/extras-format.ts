/**
 * The extras' site data: `extras.json` in the site-data folder says which extras the source offered, how many rows
 * each inventory has and which languages the dictionary columns follow; each inventory's rows are one JSON line a
 * row in `extra-rows/<name>.ndjson`, so a page that needs the languages never reads the drafts (163,029 rows and
 * most of the 128 MB the extras were as one file at 1M items). Derived by `derive/extras-data.ts`, read by
 * `load-extras.ts`.
 */
import { z } from 'zod';
import { EXTRA_NAMES, EXTRA_STATUSES, type ExtraName } from '#core/snapshot-extras.ts';

export const EXTRAS_FILE = 'extras.json';

/** The site-data path of an inventory's rows. */
export const extraRowsFile = (name: ExtraName): string => `extra-rows/${name}.ndjson`;

export type ExtraRow = Record<string, string | number | boolean | null | string[]>;

const byExtra = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(EXTRA_NAMES.map((name) => [name, value])) as Record<ExtraName, T>).strict();

export const extrasSummarySchema = z
  .object({
    status: byExtra(z.enum(EXTRA_STATUSES)),
    /** Rows in each inventory's file. */
    counts: byExtra(z.number().int().nonnegative()),
    /** The languages the dictionary columns follow: the source's languages, else those its translations use. */
    dictionaryLanguages: z.array(z.string()),
  })
  .strict();

export type ExtrasSummary = z.infer<typeof extrasSummarySchema>;
