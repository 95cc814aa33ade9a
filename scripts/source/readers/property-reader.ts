import type { Database } from '../db/database.ts';
import type { StoredValue } from '../catalog/property-values.ts';

export interface PropertyDataRecord extends StoredValue {
  propertyTypeId: number;
  languageId: number | null;
}

/** The values of one version, default segment only (segments are a rarely used opt-in). */
export function listVersionValues(db: Database, versionId: number): PropertyDataRecord[] {
  return db.all<Record<string, string | number | bigint | null>>(
    `SELECT propertyTypeId, languageId, intValue, decimalValue, dateValue, varcharValue, textValue
     FROM umbracoPropertyData WHERE versionId = ? AND segment IS NULL`,
    [versionId],
  ) as unknown as PropertyDataRecord[];
}
