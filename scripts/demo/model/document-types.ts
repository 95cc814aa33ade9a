import { prop, type ContentTypeDef, type GroupDef } from './site-model.ts';

/**
 * Document types of the modelled site. Two compositions (SEO, page header) are shared by every page
 * type; `article` inherits from `contentPage`. Pages vary by culture; products, authors, settings and
 * folders are invariant. Tabs are groups with `type` 1; groups inside a tab have alias paths.
 */
const tab = (alias: string, name: string): GroupDef => ({ alias, name, tab: true });
const group = (alias: string, name: string): GroupDef => ({ alias, name, tab: false });
const PAGE = { kind: 'page', compositions: ['seoComposition', 'pageHeaderComposition'] } as const;

export const COMPOSITIONS: readonly ContentTypeDef[] = [
  {
    alias: 'seoComposition',
    name: 'SEO',
    icon: 'icon-search',
    kind: 'composition',
    variant: true,
    folder: 'Compositions',
    groups: [tab('seo', 'SEO'), group('seo/meta', 'Meta data')],
    properties: [
      prop('metaTitle', 'Meta title', 'textbox', 'title', 'seo/meta', { variant: true, fill: 0.4 }),
      prop('metaDescription', 'Meta description', 'textarea', 'summary', 'seo/meta', { variant: true, fill: 0.4 }),
      prop('umbracoUrlName', 'URL name', 'textbox', 'urlName', 'seo/meta', {
        variant: true,
        fill: 0.03,
        description: 'Overrides the URL segment',
      }),
      prop('umbracoNaviHide', 'Hide in navigation', 'trueFalse', 'rareFlag', 'seo/meta', { fill: 0.2 }),
    ],
  },
  {
    alias: 'pageHeaderComposition',
    name: 'Page header',
    icon: 'icon-header',
    kind: 'composition',
    variant: true,
    folder: 'Compositions',
    groups: [tab('content', 'Content'), group('content/header', 'Header')],
    properties: [
      prop('headline', 'Headline', 'textbox', 'title', 'content/header', { variant: true, fill: 0.9 }),
      prop('heroImage', 'Hero image', 'imagePicker', 'image', 'content/header', { fill: 0.7 }),
      prop('intro', 'Introduction', 'textarea', 'summary', 'content/header', { variant: true, fill: 0.5 }),
    ],
  },
];

export const PAGE_TYPES: readonly ContentTypeDef[] = [
  {
    ...PAGE,
    alias: 'homePage',
    name: 'Home page',
    icon: 'icon-home',
    variant: true,
    allowAtRoot: true,
    allowedChildren: ['contentPage', 'articleList', 'landingPage'],
    templates: ['HomePage'],
    groups: [tab('content', 'Content'), group('content/site', 'Site')],
    properties: [
      prop('siteName', 'Site name', 'textbox', 'phrase', 'content/site', { mandatory: true, fill: 1 }),
      prop('mainContent', 'Main content', 'contentBlocks', 'contentBlocks', 'content/site', { variant: true }),
      prop('featuredPages', 'Featured pages', 'related', 'relatedDocuments', 'content/site'),
      prop('footerLinks', 'Footer links', 'urlPicker', 'links', 'content/site', { variant: true }),
      prop('launchDate', 'Launch date', 'date', 'day', 'content/site'),
    ],
  },
  {
    ...PAGE,
    alias: 'contentPage',
    name: 'Content page',
    icon: 'icon-document',
    variant: true,
    allowedChildren: ['contentPage', 'articleList', 'landingPage'],
    templates: ['ContentPage'],
    groups: [tab('content', 'Content'), group('content/body', 'Body')],
    properties: [
      prop('bodyText', 'Body text', 'richTextBlocks', 'richTextWithBlocks', 'content/body', {
        variant: true,
        fill: 0.85,
      }),
      prop('relatedPages', 'Related pages', 'related', 'relatedDocuments', 'content/body', { fill: 0.3 }),
      prop('attachments', 'Attachments', 'mediaPickerMultiple', 'attachments', 'content/body', { fill: 0.15 }),
    ],
  },
  {
    kind: 'page',
    alias: 'article',
    name: 'Article',
    icon: 'icon-newspaper',
    variant: true,
    inherits: 'contentPage',
    templates: ['Article', 'ContentPage'],
    groups: [tab('content', 'Content'), group('content/article', 'Article')],
    properties: [
      prop('publishDate', 'Publish date', 'dateTime', 'publishDate', 'content/article', { mandatory: true, fill: 1 }),
      prop('author', 'Author', 'contentPicker', 'authorLink', 'content/article', { fill: 0.8 }),
      prop('categories', 'Categories', 'articleTags', 'tags', 'content/article', { fill: 0.8 }),
      prop('readingTime', 'Reading time (minutes)', 'integer', 'smallNumber', 'content/article', { fill: 0.7 }),
      prop('rating', 'Rating', 'rating', 'rating', 'content/article', { fill: 0.4 }),
      prop('blocks', 'Blocks', 'contentBlocks', 'contentBlocks', 'content/article', { variant: true, fill: 0.25 }),
      prop('sources', 'Sources', 'urlPicker', 'links', 'content/article', { fill: 0.3 }),
    ],
  },
  {
    ...PAGE,
    alias: 'articleList',
    name: 'Article list',
    icon: 'icon-bulleted-list',
    variant: true,
    allowedChildren: ['article', 'articleList'],
    templates: ['ArticleList'],
    groups: [tab('content', 'Content'), group('content/listing', 'Listing')],
    properties: [
      prop('pageSize', 'Page size', 'integer', 'smallNumber', 'content/listing'),
      prop('showAuthors', 'Show authors', 'trueFalse', 'flag', 'content/listing'),
      prop('featuredArticle', 'Featured article', 'contentPicker', 'documentLink', 'content/listing', { fill: 0.6 }),
      prop('sortBy', 'Sort by', 'sortBy', 'sortBy', 'content/listing'),
    ],
  },
  {
    ...PAGE,
    alias: 'landingPage',
    name: 'Landing page',
    icon: 'icon-layout',
    variant: true,
    allowedChildren: ['landingPage', 'contentPage', 'productCategory'],
    templates: ['LandingPage'],
    groups: [tab('content', 'Content'), group('content/layout', 'Layout')],
    properties: [
      prop('grid', 'Grid', 'landingGrid', 'landingGrid', 'content/layout', { variant: true, fill: 0.85 }),
      prop('campaignEnd', 'Campaign ends', 'date', 'day', 'content/layout', { fill: 0.5 }),
      prop('theme', 'Theme', 'theme', 'theme', 'content/layout', { fill: 0.7 }),
    ],
  },
];
