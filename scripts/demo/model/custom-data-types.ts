import { stableGuid } from '../values/random.ts';
import { contentTypeKey, type DataTypeDef, type DbType } from './site-model.ts';

/**
 * The data types the site adds on top of a fresh install: block editors (their configuration names
 * element types by key, lower-case as the backoffice writes it), decimals, dropdowns, a tree picker.
 */
export const COLOURS = ['Red', 'Forest green', 'Navy', 'Black', 'White', 'Sand', 'Ochre'];
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
export const THEMES = ['Light', 'Dark', 'Brand', 'High contrast'];
export const SORT_BY = ['Newest first', 'Oldest first', 'Alphabetical', 'Most read'];
export const SPACING = ['None', 'Small', 'Medium', 'Large'];
export const GRID_AREAS = ['left', 'right'] as const;

export function gridAreaKey(alias: string): string {
  return stableGuid(`grid-area:${alias}`).toLowerCase();
}

const elementKey = (alias: string): string => contentTypeKey(alias).toLowerCase();

const contentBlocks = {
  blocks: ['textBlock', 'imageBlock', 'quoteBlock', 'linksBlock'].map((alias) => ({
    contentElementTypeKey: elementKey(alias),
    settingsElementTypeKey: elementKey('blockSettings'),
  })),
  useSingleBlockMode: false,
  validationLimit: { min: null, max: null },
};

const landingGrid = {
  gridColumns: 12,
  blocks: [
    {
      contentElementTypeKey: elementKey('columnsBlock'),
      allowAtRoot: true,
      allowInAreas: false,
      areas: GRID_AREAS.map((alias) => ({ key: gridAreaKey(alias), alias, columnSpan: 6, rowSpan: 1 })),
    },
    ...['textBlock', 'imageBlock', 'productTeaserBlock'].map((alias) => ({
      contentElementTypeKey: elementKey(alias),
      allowAtRoot: true,
      allowInAreas: true,
    })),
  ],
};

const richTextBlocks = {
  blocks: ['quoteBlock', 'imageBlock'].map((alias) => ({ contentElementTypeKey: elementKey(alias) })),
  maxImageSize: 500,
};

const dropdown = (multiple: boolean, items: string[]): object => ({ multiple, items });

type Row = [string, string, string, DbType, object, string];

const ROWS: Row[] = [
  ['contentBlocks', 'Content Blocks', 'Umbraco.BlockList', 'Ntext', contentBlocks, 'BlockList'],
  ['landingGrid', 'Landing Grid', 'Umbraco.BlockGrid', 'Ntext', landingGrid, 'BlockGrid'],
  ['richTextBlocks', 'Rich Text with Blocks', 'Umbraco.RichText', 'Ntext', richTextBlocks, 'Tiptap'],
  ['price', 'Price', 'Umbraco.Decimal', 'Decimal', { min: 0, step: 0.01 }, 'Decimal'],
  ['rating', 'Rating', 'Umbraco.Decimal', 'Decimal', { min: 0, max: 5, step: 0.1 }, 'Decimal'],
  ['colour', 'Colour', 'Umbraco.DropDown.Flexible', 'Nvarchar', dropdown(false, COLOURS), 'Dropdown'],
  ['sizes', 'Sizes', 'Umbraco.DropDown.Flexible', 'Nvarchar', dropdown(true, SIZES), 'Dropdown'],
  ['theme', 'Theme', 'Umbraco.DropDown.Flexible', 'Nvarchar', dropdown(false, THEMES), 'Dropdown'],
  ['sortBy', 'Sort by', 'Umbraco.DropDown.Flexible', 'Nvarchar', dropdown(false, SORT_BY), 'Dropdown'],
  ['spacing', 'Spacing', 'Umbraco.DropDown.Flexible', 'Nvarchar', dropdown(false, SPACING), 'Dropdown'],
  [
    'related',
    'Related Content',
    'Umbraco.MultiNodeTreePicker',
    'Ntext',
    {
      startNode: { type: 'content', id: null, dynamicRoot: null },
      minNumber: 0,
      maxNumber: 0,
      ignoreUserStartNodes: false,
    },
    'ContentPicker',
  ],
  ['articleTags', 'Article Tags', 'Umbraco.Tags', 'Ntext', { group: 'articles', storageType: 'Json' }, 'Tags'],
];

export const FIRST_CUSTOM_DATA_TYPE_ID = 1055;

export const CUSTOM_DATA_TYPES: readonly DataTypeDef[] = ROWS.map(
  ([handle, name, editorAlias, dbType, config, ui], i) => ({
    id: FIRST_CUSTOM_DATA_TYPE_ID + i,
    key: stableGuid(`data-type:${handle}`),
    handle,
    name,
    editorAlias,
    dbType,
    config: JSON.stringify(config),
    uiAlias: `Umb.PropertyEditorUi.${ui}`,
    sortOrder: i,
  }),
);
