/**
 * Fixed values every Umbraco database carries. GUIDs are upper-case because that is how SQLite
 * databases store `umbracoNode.uniqueId` and `nodeObjectType` (the column has no NOCASE collation).
 */
export const OBJECT_TYPE = {
  systemRoot: 'EA7D8624-4CFE-4578-A871-24AA946BF34D',
  document: 'C66BA18E-EAF3-4CFF-8A22-41B16D66A972',
  documentType: 'A2CB7800-F571-4787-9638-BC48539A0EFB',
  documentTypeFolder: '2F7A2769-6B0B-4468-90DD-AF42D64F7F16',
  media: 'B796F64C-1F99-4FFB-B886-4BF4BC011A9C',
  mediaType: '4EA4382B-2F5A-4C2B-9587-AE9B3CF3602E',
  dataType: '30A2A501-1978-4DDB-A57B-F7EFED43BA3C',
  template: '6FBDE604-4178-42CE-A10B-8A2600A2F07D',
  contentRecycleBin: '01BB7FF2-24DC-4C0C-95A2-C24EF72BBAC8',
  mediaRecycleBin: 'CF3D8E34-1C1C-41E9-AE56-878B57B32113',
} as const;

export const ROOT_ID = -1;
export const CONTENT_BIN_ID = -20;
export const MEDIA_BIN_ID = -21;
/** Umbraco's built-in admin user; real databases attribute system rows to it. */
export const ADMIN_USER_ID = -1;

/** The keys of −1, −20 and −21 are the same in every real database. */
export const SYSTEM_NODES = [
  {
    id: ROOT_ID,
    key: '916724A5-173D-4619-B97E-B9DE133DD6F5',
    path: '-1',
    text: 'SYSTEM DATA: umbraco master root',
    objectType: OBJECT_TYPE.systemRoot,
  },
  {
    id: CONTENT_BIN_ID,
    key: '0F582A79-1E41-4CF0-BFA0-76340651891A',
    path: '-1,-20',
    text: 'Recycle Bin',
    objectType: OBJECT_TYPE.contentRecycleBin,
  },
  {
    id: MEDIA_BIN_ID,
    key: 'BF7C7CBC-952F-4518-97A2-69E9C7B33842',
    path: '-1,-21',
    text: 'Recycle Bin',
    objectType: OBJECT_TYPE.mediaRecycleBin,
  },
] as const;

/** The last migration of the 17.0 upgrade plan; readers strip the braces before comparing. */
export const UPGRADE_STATE_17_0 = '{26179D88-58CE-4C92-B4A4-3CBA6E7188AC}';

export const KEY_VALUES: ReadonlyArray<readonly [string, string]> = [
  ['Umbraco.Core.Upgrader.State+Umbraco.Core', UPGRADE_STATE_17_0],
  ['Umbraco.Core.Upgrader.State+Umbraco.Core.Premigrations', '{A1B3F5D6-4C8B-4E7A-9F8C-1D2B3E4F5A6B}'],
  ['UmbracoUrlGeneration', 'DefaultUrlSegmentProvider'],
  ['UmbracoAnalyticsLevel', 'Minimal'],
];

export interface LanguageDef {
  iso: string;
  name: string;
}

/** en-US is the default language; `--languages L` takes the first L. */
export const LANGUAGES: readonly LanguageDef[] = [
  { iso: 'en-US', name: 'English (United States)' },
  { iso: 'da', name: 'Danish' },
  { iso: 'es', name: 'Spanish' },
  { iso: 'de', name: 'German' },
];

/** Path-only domains, as the multilingual real databases use (`/en`, `/da`). */
export function domainNameFor(iso: string): string {
  return `/${iso.slice(0, 2).toLowerCase()}`;
}
