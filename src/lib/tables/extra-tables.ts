/** The interactive tables of the extras inventories (src/lib/pages/extra-inventories.ts), over their row files. */
import type { ExtraName } from '#core/snapshot-extras.ts';
import { loadExtraRows, loadExtras } from '../site-data/load-extras.ts';
import type { TableRow } from './table-model.ts';
import { col } from './site-table.ts';
import type { InventoryTable } from './inventory-tables.ts';

const rowsOf = (name: ExtraName) => (): Promise<TableRow[]> => loadExtraRows(name);

export const EXTRA_TABLES: readonly InventoryTable[] = [
  {
    name: 'drafts',
    title: 'Pending drafts',
    columns: [
      col('id', 'Id', 'num'),
      col('name', 'Draft name', 'text', { link: 'drafts/{key}/' }),
      col('publishedName', 'Published as', 'text', { link: 'content/{publishedKey}/' }),
      col('type', 'Type', 'code', { facet: true }),
      col('path', 'Tree path'),
      col('draftDate', 'Draft saved', 'code'),
      col('publishedDate', 'Published', 'code'),
      col('editedCultures', 'Languages edited', 'code', { facet: true }),
      col('key', 'Key', 'code'),
      col('publishedKey', 'Published key', 'code', { hidden: true }),
    ],
    listRows: async () =>
      (await rowsOf('drafts')()).map((r) => ({ ...r, publishedKey: r.inSnapshot === true ? String(r.key) : '' })),
  },
  {
    name: 'unpublished',
    title: 'Unpublished content',
    columns: [
      col('id', 'Id', 'num'),
      col('name', 'Name', 'text', { link: 'unpublished/{key}/' }),
      col('type', 'Type', 'code', { facet: true }),
      col('path', 'Tree path'),
      col('everPublished', 'State', 'text', { facet: true }),
      col('updateDate', 'Last saved', 'code'),
      col('cultures', 'Languages', 'code', { facet: true }),
      col('key', 'Key', 'code'),
    ],
    listRows: rowsOf('unpublished'),
  },
  {
    name: 'recycle-bin',
    title: 'Recycle bin',
    columns: [
      col('kind', 'Kind', 'code', { facet: true }),
      col('id', 'Id', 'num'),
      col('name', 'Name'),
      col('type', 'Type', 'code', { facet: true }),
      col('originalPath', 'Was at'),
      col('trashedDate', 'Trashed', 'code'),
      col('key', 'Key', 'code'),
    ],
    listRows: rowsOf('recycle-bin'),
  },
  {
    name: 'schedule',
    title: 'Scheduled publishing',
    columns: [
      col('name', 'Item', 'text', { link: 'content/{itemKey}/' }),
      col('id', 'Id', 'num'),
      col('culture', 'Language', 'code', { facet: true }),
      col('action', 'Action', 'code', { facet: true }),
      col('date', 'Date', 'code'),
      col('itemKey', 'Item key', 'code', { hidden: true }),
    ],
    listRows: rowsOf('schedule'),
  },
  {
    name: 'dictionary',
    title: 'Dictionary',
    columns: [
      col('name', 'Key', 'code'),
      col('parent', 'Parent', 'code', { facet: true }),
      col('language', 'Language', 'code', { facet: true }),
      col('value', 'Translation'),
      col('status', 'Status', 'text', { facet: true }),
    ],
    listRows: async () => {
      const { dictionaryLanguages } = await loadExtras();
      return (await loadExtraRows('dictionary')).flatMap((r) =>
        dictionaryLanguages.map((iso) => {
          const value = String(r[`value:${iso}`] ?? '');
          return {
            name: r.name ?? '',
            parent: r.parent ?? '',
            language: iso,
            value,
            status: value.trim() === '' ? 'missing' : 'translated',
          };
        }),
      );
    },
  },
  {
    name: 'languages',
    title: 'Languages',
    columns: [
      col('isoCode', 'ISO code', 'code'),
      col('name', 'Name'),
      col('isDefault', 'Default', 'text', { facet: true }),
      col('mandatory', 'Mandatory', 'text', { facet: true }),
      col('fallbackIsoCode', 'Falls back to', 'code'),
    ],
    listRows: rowsOf('languages'),
  },
  {
    name: 'domains',
    title: 'Domains',
    columns: [
      col('name', 'Domain', 'code'),
      col('culture', 'Language', 'code', { facet: true }),
      col('rootName', 'Root', 'text', { link: 'content/{rootItemKey}/' }),
      col('kind', 'Kind', 'text', { facet: true }),
      col('rootItemKey', 'Root key', 'code', { hidden: true }),
    ],
    listRows: rowsOf('domains'),
  },
  {
    name: 'redirect-urls',
    title: 'Redirect URLs',
    columns: [
      col('url', 'Old URL', 'code'),
      col('culture', 'Culture', 'code', { facet: true }),
      col('itemName', 'Item', 'text', { link: 'content/{itemKey}/' }),
      col('itemState', 'Item is', 'text', { facet: true }),
      col('currentUrl', 'URL now', 'code'),
      col('createDate', 'Recorded', 'code'),
      col('contentKey', 'Item key', 'code'),
      col('itemKey', 'Published item key', 'code', { hidden: true }),
    ],
    listRows: rowsOf('redirect-urls'),
  },
];
