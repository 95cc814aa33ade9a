/**
 * What each pending draft changes against its published version (the diff engine's property changes), as the
 * build hands it to the site: `draft-changes.json` in the site-data folder, keyed by content item key.
 */
import type { PropertyChange } from './diff-format.ts';

export const DRAFT_CHANGES_FILE = 'draft-changes.json';

export interface DraftChanges {
  key: string;
  /** False when the published item is not in the snapshot (nothing to compare with). */
  compared: boolean;
  properties: PropertyChange[];
}
