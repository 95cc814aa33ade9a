/** The inventories: page slug, download file name, title and the one-line explanation shown on the site. */
export interface InventoryInfo { name: string; title: string; description: string }

export const INVENTORIES: readonly InventoryInfo[] = [
  { name: 'items', title: 'Items', description: 'Every content and media item with id, key, name, type, tree path, URL, dates, level, sort order and languages.' },
  { name: 'content-types', title: 'Content types by usage', description: 'Every content, element and media type with the number of items and block elements using it, unused types included when the source lists all its types.' },
  { name: 'editors', title: 'Property editor census', description: 'Each property editor alias with the types, properties and items that use it, counting editors nested inside block elements.' },
  { name: 'broken-references', title: 'Broken references', description: 'Every reference in a property value (UDI, GUID, int id, localLink, data-udi) that points at nothing in the snapshot.' },
  { name: 'orphan-media', title: 'Orphan media', description: 'Media items with a file that no content or media item references.' },
  { name: 'culture-coverage', title: 'Culture coverage', description: 'Which content items exist in which language (items × languages), with counts per language and per type.' },
];

export const DOWNLOAD_FORMATS = ['csv', 'json'] as const;
