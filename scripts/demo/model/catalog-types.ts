import { prop, type ContentTypeDef, type GroupDef } from './site-model.ts';

/**
 * Invariant document types: the product catalogue and the "Global settings" data (folders, authors,
 * site settings). Invariant documents have no culture-variation rows and one URL row per language.
 */
const tab = (alias: string, name: string): GroupDef => ({ alias, name, tab: true });
const group = (alias: string, name: string): GroupDef => ({ alias, name, tab: false });

export const CATALOG_TYPES: readonly ContentTypeDef[] = [
  {
    kind: 'page',
    alias: 'productCategory',
    name: 'Product category',
    icon: 'icon-folder-outline',
    variant: false,
    allowedChildren: ['productCategory', 'product'],
    templates: ['ProductCategory'],
    groups: [group('category', 'Category')],
    properties: [
      prop('description', 'Description', 'textarea', 'summary', 'category'),
      prop('image', 'Image', 'imagePicker', 'image', 'category', { fill: 0.8 }),
    ],
  },
  {
    kind: 'page',
    alias: 'product',
    name: 'Product',
    icon: 'icon-shopping-basket',
    variant: false,
    templates: ['Product'],
    groups: [tab('details', 'Details'), group('details/pricing', 'Pricing'), group('details/media', 'Media')],
    properties: [
      prop('sku', 'SKU', 'textbox', 'sku', 'details/pricing', { mandatory: true, fill: 1 }),
      prop('price', 'Price', 'price', 'price', 'details/pricing', { fill: 0.95 }),
      prop('stock', 'Stock', 'integer', 'stock', 'details/pricing', { fill: 0.8 }),
      prop('onSale', 'On sale', 'trueFalse', 'flag', 'details/pricing', { fill: 0.9 }),
      prop('colour', 'Colour', 'colour', 'colour', 'details/pricing', { fill: 0.7 }),
      prop('sizes', 'Sizes', 'sizes', 'sizes', 'details/pricing', { fill: 0.5 }),
      prop('releaseDate', 'Release date', 'dateTime', 'publishDate', 'details/pricing', { fill: 0.6 }),
      prop('images', 'Images', 'imagePickerMultiple', 'gallery', 'details/media', { fill: 0.85 }),
      prop('description', 'Description', 'richText', 'richText', 'details/media', { fill: 0.8 }),
      prop('keywords', 'Keywords', 'tags', 'tags', 'details/media', { fill: 0.5 }),
      prop('relatedProducts', 'Related products', 'related', 'relatedDocuments', 'details/media', { fill: 0.3 }),
    ],
  },
  {
    kind: 'page',
    alias: 'dataFolder',
    name: 'Data folder',
    icon: 'icon-folder',
    variant: false,
    allowAtRoot: true,
    allowedChildren: ['dataFolder', 'author', 'siteSettings'],
    groups: [],
    properties: [],
  },
  {
    kind: 'page',
    alias: 'author',
    name: 'Author',
    icon: 'icon-user',
    variant: false,
    groups: [group('profile', 'Profile')],
    properties: [
      prop('bio', 'Biography', 'textarea', 'summary', 'profile', { fill: 0.8 }),
      prop('photo', 'Photo', 'imagePicker', 'image', 'profile', { fill: 0.7 }),
      prop('email', 'E-mail', 'textbox', 'email', 'profile', { fill: 0.6 }),
      prop('website', 'Website', 'urlPicker', 'links', 'profile', { fill: 0.4 }),
      prop('joined', 'Joined', 'date', 'day', 'profile', { fill: 0.7 }),
    ],
  },
  {
    kind: 'page',
    alias: 'siteSettings',
    name: 'Site settings',
    icon: 'icon-settings',
    variant: false,
    groups: [tab('settings', 'Settings'), group('settings/general', 'General')],
    properties: [
      prop('contactEmail', 'Contact e-mail', 'textbox', 'email', 'settings/general'),
      prop('logo', 'Logo', 'mediaPicker', 'image', 'settings/general'),
      prop('notFoundPage', '404 page', 'contentPicker', 'documentLink', 'settings/general'),
      prop('socialLinks', 'Social links', 'urlPicker', 'links', 'settings/general'),
      prop('maintenanceMode', 'Maintenance mode', 'trueFalse', 'flag', 'settings/general'),
      prop('vatRate', 'VAT rate', 'price', 'rating', 'settings/general'),
    ],
  },
];
