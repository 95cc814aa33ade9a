import type { Database } from '../db/database.ts';

/** What the tables say about the Umbraco version, and the optional columns readers must adapt to. */
export interface SchemaInfo {
  /** Lowest version the probes prove, e.g. "15.4"; a floor, since patch releases look alike. */
  version: string;
  major: number;
  /** v17 rewrote system dates to UTC; before it they are server-local time. */
  systemDatesUtc: boolean;
  hasDocumentUrl: boolean;
  hasDocumentUrlIsPrimary: boolean;
  hasDomainSortOrder: boolean;
  hasListViewColumn: boolean;
  hasPropertyGroupAlias: boolean;
}

/** The file is SQLite but not an Umbraco schema this service reads. */
export class UnsupportedSchemaError extends Error {
  override readonly name = 'UnsupportedSchemaError';
}

// Feature probes from the schema guide (§7): more robust than upgrade-state GUID lists.
const PROBES: ReadonlyArray<readonly [string, (t: Map<string, Set<string>>) => boolean]> = [
  ['18.0', (t) => t.has('umbracoelement')],
  ['17.3', (t) => t.get('umbracopropertydata')?.has('sortablevalue') === true],
  ['17.0', (t) => t.has('umbracodistributedjob') || t.has('umbracolastsynced')],
  ['15.4', (t) => t.get('umbracodocumenturl')?.has('isprimary') === true],
  ['15.0', (t) => t.has('umbracodocumenturl')],
  ['14.0', (t) => !t.has('cmsmacro') && t.get('cmscontenttype')?.has('listview') === true],
  ['13.0', (t) => t.has('umbracowebhook')],
  ['11.3', (t) => t.get('umbracodomain')?.has('sortorder') === true],
  ['10.0', (t) => t.get('cmsmember')?.has('isapproved') === true],
];

export function readSchemaInfo(db: Database): SchemaInfo {
  const tables = db.listTables();
  if (tables.has('cmsdocument') && tables.has('cmscontentxml')) {
    throw new UnsupportedSchemaError(
      'found an Umbraco 7 schema (cmsDocument, cmsContentXml); only Umbraco 10 and later are supported',
    );
  }
  const required = ['umbraconode', 'umbracodocument', 'umbracopropertydata', 'cmscontenttype', 'umbracocontentversion'];
  const missing = required.filter((name) => !tables.has(name));
  if (missing.length === required.length) {
    throw new UnsupportedSchemaError(`found a SQLite database with ${tables.size} tables but no Umbraco tables`);
  }
  if (missing.length > 0) {
    throw new UnsupportedSchemaError(`found an incomplete Umbraco schema: missing ${missing.join(', ')}`);
  }
  const version = PROBES.find(([, probe]) => probe(tables))?.[0];
  if (!version) {
    throw new UnsupportedSchemaError(
      'found an Umbraco 8 or 9 schema (no v10 columns); only Umbraco 10 and later are supported',
    );
  }
  const major = Number(version.split('.')[0]);
  return {
    version,
    major,
    systemDatesUtc: major >= 17,
    hasDocumentUrl: tables.has('umbracodocumenturl'),
    hasDocumentUrlIsPrimary: tables.get('umbracodocumenturl')?.has('isprimary') === true,
    hasDomainSortOrder: tables.get('umbracodomain')?.has('sortorder') === true,
    hasListViewColumn: tables.get('cmscontenttype')?.has('listview') === true,
    hasPropertyGroupAlias: tables.get('cmspropertytypegroup')?.has('alias') === true,
  };
}
