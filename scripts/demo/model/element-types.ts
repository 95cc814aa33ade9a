import { prop, type ContentTypeDef, type GroupDef } from './site-model.ts';

/**
 * Element types (`isElement=1`): never documents, only the content and settings of blocks in the block
 * list, the block grid and rich text.
 */
const CONTENT: GroupDef[] = [{ alias: 'content', name: 'Content', tab: false }];

function element(alias: string, name: string, icon: string, properties: ContentTypeDef['properties']): ContentTypeDef {
  return { alias, name, icon, kind: 'element', variant: false, folder: 'Elements', groups: CONTENT, properties };
}

export const ELEMENT_TYPES: readonly ContentTypeDef[] = [
  element('textBlock', 'Text block', 'icon-align-left', [
    prop('text', 'Text', 'richText', 'shortRichText', 'content', { fill: 1 }),
  ]),
  element('imageBlock', 'Image block', 'icon-picture', [
    prop('image', 'Image', 'mediaPicker', 'image', 'content', { fill: 1 }),
    prop('caption', 'Caption', 'textbox', 'phrase', 'content', { fill: 0.7 }),
  ]),
  element('quoteBlock', 'Quote block', 'icon-quote', [
    prop('quote', 'Quote', 'textarea', 'summary', 'content', { fill: 1 }),
    prop('citation', 'Citation', 'textbox', 'phrase', 'content', { fill: 0.8 }),
  ]),
  element('linksBlock', 'Links block', 'icon-link', [
    prop('heading', 'Heading', 'textbox', 'title', 'content', { fill: 0.8 }),
    prop('links', 'Links', 'urlPicker', 'links', 'content', { fill: 1 }),
  ]),
  element('columnsBlock', 'Two columns', 'icon-layout', [
    prop('heading', 'Heading', 'textbox', 'title', 'content', { fill: 0.6 }),
  ]),
  element('productTeaserBlock', 'Product teaser', 'icon-shopping-basket', [
    prop('product', 'Product', 'contentPicker', 'productLink', 'content', { fill: 1 }),
    prop('highlight', 'Highlight', 'textbox', 'phrase', 'content', { fill: 0.6 }),
  ]),
  element('blockSettings', 'Block settings', 'icon-settings', [
    prop('hidden', 'Hide block', 'trueFalse', 'rareFlag', 'content', { fill: 1 }),
    prop('spacing', 'Spacing', 'spacing', 'spacing', 'content', { fill: 0.8 }),
  ]),
];
