/**
 * The inventories of what the published view hides (the snapshot's extras): flagged as not published, kept apart
 * from the published inventories, and said to be unseeable when the source did not offer them.
 */
import type { ExtraName } from '#core/snapshot-extras.ts';
import type { InventoryInfo } from './inventory-list.ts';

export interface ExtraInventoryInfo extends InventoryInfo {
  name: ExtraName;
  /** What a row is, in the count line ("3 pending drafts"). */
  noun: string;
  /** Shown above the table: these rows are not published content. */
  flag?: string;
}

export const EXTRA_INVENTORIES: readonly ExtraInventoryInfo[] = [
  {
    name: 'drafts',
    title: 'Pending drafts',
    noun: 'content items with a pending draft',
    flag: 'Not published: saved in the CMS but not published. The published pages show the published version.',
    description:
      'Published content items with changes saved but not published: the draft’s name and date, the languages ' +
      'edited, and each draft’s changed properties on its own page.',
  },
  {
    name: 'unpublished',
    title: 'Unpublished content',
    noun: 'unpublished content items',
    flag: 'Not published: these items are in the CMS but not on the site, and not in the published inventories.',
    description: 'Content items that are not published: never published, or unpublished since.',
  },
  {
    name: 'recycle-bin',
    title: 'Recycle bin',
    noun: 'trashed items',
    flag: 'Trashed: these content and media items are in the recycle bin, not on the site.',
    description: 'Trashed content and media items, where they lived and when they were trashed.',
  },
  {
    name: 'schedule',
    title: 'Scheduled publishing',
    noun: 'scheduled publish and unpublish dates',
    description: 'Content items scheduled to be published or unpublished, per language, with the date.',
  },
  {
    name: 'dictionary',
    title: 'Dictionary',
    noun: 'dictionary items',
    description: 'Every dictionary key × language with its translation; missing translations counted.',
  },
  {
    name: 'languages',
    title: 'Languages',
    noun: 'languages',
    description: 'Every language configured, the default one, mandatory ones and fallbacks.',
  },
  {
    name: 'domains',
    title: 'Domains',
    noun: 'domains',
    description: 'Every domain (hostname or path) assigned to a content root, with its language.',
  },
  {
    name: 'redirect-urls',
    title: 'Redirect URLs',
    noun: 'old URLs in the redirect table',
    description:
      'Umbraco’s redirect table: each old URL (its culture, the item’s key and when it was recorded) with ' +
      'the item’s URL now, the seed of a redirect map.',
  },
];

export const NOT_OFFERED_TEXT =
  'The source did not offer this: deployed read services serve published content only, so it cannot be seen ' +
  'through this source. A snapshot read from a database copy (--db) has it.';
