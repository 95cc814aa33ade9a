import { EXTRA_INVENTORIES } from './extra-inventories.ts';

/** The inventories: page slug, download file name, title and the one-line explanation shown on the site. */
export interface InventoryInfo {
  name: string;
  title: string;
  description: string;
}

export const INVENTORIES: readonly InventoryInfo[] = [
  {
    name: 'issues',
    title: 'Issues',
    description:
      'The data problems a migration must handle, each with a count, a severity, why it matters and a link to ' +
      'its rows: empty mandatory and SEO properties by type, duplicate URLs, items without a URL in a language, ' +
      'broken references by target, exact copies, unused types, orphan media and external links by host.',
  },
  {
    name: 'items',
    title: 'Items',
    description:
      'Every content and media item with id, key, parent key, name, type, tree path, URL, dates, level, sort ' +
      "order and languages; one row per language for culture-variant items, with that language's name and URL.",
  },
  {
    name: 'content-types',
    title: 'Content types by usage',
    description:
      'Every content, element and media type with its items, block uses, the types composing it, inheriting ' +
      'from it or allowing it as a child, and whether anything uses it at all.',
  },
  {
    name: 'fill-rates',
    title: 'Fill rates',
    description:
      'Every type × property (× language for variant items, and over block instances for element types): how ' +
      'many hold a value, linked to the items that lack it.',
  },
  {
    name: 'editors',
    title: 'Property editor census',
    description:
      'One line per property editor alias: the items, values, types and properties using it, counting editors ' +
      'nested inside block elements; each editor has a page listing its types and properties.',
  },
  {
    name: 'broken-references',
    title: 'Broken references',
    description:
      'Every reference in a property value (UDI, GUID, int id, localLink, data-udi) that points at nothing in ' +
      'the snapshot.',
  },
  {
    name: 'orphan-media',
    title: 'Orphan media',
    description: 'Media items (id, key, file) with a file that no content or media item references.',
  },
  {
    name: 'culture-coverage',
    title: 'Culture coverage',
    description:
      'Which content items exist in which language (items × languages), with counts per language and per type.',
  },
  {
    name: 'audit',
    title: 'Content audit',
    description:
      'Every content item with its age, words per language, empty mandatory properties, references in and broken ' +
      'references out, exact and near duplicates (90 % similar), and whether it is thin: what not to migrate.',
  },
  {
    name: 'redirects',
    title: 'Redirect map',
    description:
      'Every old URL a new site must answer, per language: today’s URLs (live), the rows of Umbraco’s redirect ' +
      'table (umbraco-redirect) and URLs items had in earlier snapshots kept with --history (history); 301 to ' +
      'where the item is now, 410 when the item is gone.',
  },
  {
    name: 'decisions',
    title: 'Decisions',
    description:
      'Every item with its disposition (keep, rewrite, merge-into, archive, delete, or undecided) from the ' +
      'decisions file given with --decisions, matched by GUID so a decision survives renames and moves; ' +
      'decisions whose item is gone are listed as orphaned (decisions-orphaned.csv).',
  },
  {
    name: 'external-links',
    title: 'External links',
    description:
      'Every absolute http(s) URL in a property value (rich text, links, JSON and blocks, every language), by ' +
      'host, with the item and property holding it. Nothing is requested from those hosts.',
  },
  ...EXTRA_INVENTORIES,
];

export const DOWNLOAD_FORMATS = ['csv', 'json'] as const;
