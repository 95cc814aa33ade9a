/**
 * The three media types of a fresh install, with the node ids, keys, cmsContentType pks, group ids
 * and property type ids (UniqueID `0000000N-0000-…`) they have in every real database.
 */
export interface MediaPropertyDef {
  id: number;
  alias: string;
  name: string;
  dataTypeId: number;
  mandatory: boolean;
}

export interface MediaTypeDef {
  id: number;
  pk: number;
  key: string;
  alias: 'Folder' | 'Image' | 'File';
  icon: string;
  group: { id: number; key: string; alias: string; name: string } | null;
  properties: readonly MediaPropertyDef[];
}

const p = (id: number, alias: string, name: string, dataTypeId: number, mandatory = false): MediaPropertyDef => ({
  id,
  alias,
  name,
  dataTypeId,
  mandatory,
});

export const MEDIA_TYPES: readonly MediaTypeDef[] = [
  {
    id: 1031,
    pk: 532,
    key: 'F38BD2D7-65D0-48E6-95DC-87CE06EC2D3D',
    alias: 'Folder',
    icon: 'icon-folder',
    group: null,
    properties: [],
  },
  {
    id: 1032,
    pk: 533,
    key: 'CC07B313-0843-4AA8-BBDA-871C8DA728C8',
    alias: 'Image',
    icon: 'icon-picture',
    group: { id: 3, key: '79ED4D07-254A-42CF-8FA9-EBE1C116A596', alias: 'image', name: 'Image' },
    properties: [
      p(6, 'umbracoFile', 'Image', 1043, true),
      p(7, 'umbracoWidth', 'Width', -105),
      p(8, 'umbracoHeight', 'Height', -105),
      p(9, 'umbracoBytes', 'File size', -104),
      p(10, 'umbracoExtension', 'File extension', -92),
    ],
  },
  {
    id: 1033,
    pk: 534,
    key: '4C52D8AB-54E6-40CD-999C-7A5F24903E4D',
    alias: 'File',
    icon: 'icon-document',
    group: { id: 4, key: '50899F9C-023A-4466-B623-ABA9049885FE', alias: 'file', name: 'File' },
    properties: [
      p(24, 'umbracoFile', 'File', -90, true),
      p(25, 'umbracoExtension', 'File extension', -92),
      p(26, 'umbracoBytes', 'File size', -104),
    ],
  },
];

/** `0000000A-0000-0000-0000-000000000000`: built-in property types carry their id as key. */
export function builtinPropertyKey(id: number): string {
  return `${id.toString(16).toUpperCase().padStart(8, '0')}-0000-0000-0000-000000000000`;
}
