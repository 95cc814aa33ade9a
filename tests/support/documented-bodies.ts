/**
 * One body per documented variant of read-api.md, written by hand from its text (not produced by any code here):
 * content items, media items and content types of the Umbraco 7, 8 and 10–13 plugins and of the local read service.
 * A key `<variant> as …` is another body the same variant explains.
 */
export const K = (n: number) => `0000000${n}-aaaa-4bbb-8ccc-dddddddddddd`.slice(-36);
const MS = '2024-03-05T10:21:23.576+01:00';
const MS_UTC = '2024-03-05T09:21:23.576Z';
/** Items from the Umbraco 7 XML cache: whole seconds, written with milliseconds. */
const XML_CACHE = '2024-03-05T10:21:23.000+01:00';
const SEC = '2024-03-05T10:21:23+01:00';
const prop = (alias: string, editorAlias: string, value: unknown) => ({ alias, editorAlias, value });
const properties = {
  price: prop('price', 'Umbraco.Decimal', '10'),
  visible: prop('visible', 'Umbraco.TrueFalse', 1),
  published: prop('published', 'Umbraco.DateTime', MS),
  blocks: prop('blocks', 'Umbraco.BlockList', { layout: {}, contentData: [], settingsData: [] }),
};

export const contentItems = {
  'plugin-v8/v10': {
    id: 1102,
    key: K(1102),
    name: 'About',
    url: '/about/',
    type: 'textPage',
    sortOrder: 1,
    createDate: MS,
    updateDate: MS_UTC,
    path: [
      {
        id: 1101,
        key: K(1101),
        name: 'Home',
        url: '/',
        type: 'homePage',
        sortOrder: 0,
        createDate: MS,
        updateDate: MS,
      },
    ],
    properties,
  },
  'plugin-v8/v10 as Umbraco 8 sends it': {
    id: 1102,
    key: K(1102),
    name: 'About',
    url: '/about/',
    type: 'textPage',
    sortOrder: 1,
    createDate: MS,
    updateDate: MS,
    path: [
      {
        id: 1101,
        key: K(1101),
        name: 'Home',
        url: '/',
        type: 'homePage',
        sortOrder: 0,
        createDate: MS,
        updateDate: MS,
      },
    ],
    properties: { ...properties, price: prop('price', 'Umbraco.Decimal', 10) },
  },
  'plugin-v7': {
    id: 1102,
    key: K(1102).toUpperCase(),
    name: 'About',
    url: '/about/',
    type: 'textPage',
    createDate: XML_CACHE,
    updateDate: XML_CACHE,
    children: [
      {
        id: 1103,
        key: K(1103),
        name: 'Team',
        url: '/about/team/',
        type: 'textPage',
        createDate: XML_CACHE,
        updateDate: XML_CACHE,
      },
    ],
    path: [
      {
        id: 1101,
        key: K(1101),
        name: 'Home',
        url: '/',
        type: 'homePage',
        createDate: XML_CACHE,
        updateDate: XML_CACHE,
      },
    ],
    properties: {
      title: prop('title', 'Umbraco.TextBox', 'About'),
      count: prop('count', 'Umbraco.Integer', '866'),
      summary: prop('summary', 'Umbraco.TextArea', ''),
      published: prop('published', 'Umbraco.DateTime', '2021-04-25T00:00:00'),
    },
  },
  'local-service': {
    id: 1102,
    key: K(1102),
    name: 'About',
    url: '/en/about/',
    type: 'textPage',
    sortOrder: 1,
    createDate: SEC,
    updateDate: SEC,
    path: [],
    properties: { title: prop('title', 'Umbraco.TextBox', 'About') },
    urlSegment: 'about',
    template: { id: 1067, key: K(1067), alias: 'TextPage', name: 'Text Page' },
    cultures: {
      da: {
        name: 'Om',
        url: '/da/om/',
        urlSegment: 'om',
        updateDate: SEC,
        properties: { title: prop('title', 'Umbraco.TextBox', 'Om') },
      },
    },
  },
};

const file = (value: unknown) => ({
  umbracoFile: prop('umbracoFile', 'Umbraco.ImageCropper', value),
  umbracoBytes: prop('umbracoBytes', 'Umbraco.Label', '476867'),
});
export const mediaItems = {
  'plugin-v10': {
    id: 1148,
    key: K(1148),
    name: 'Photo',
    url: '/media/ab12cd34/photo.jpg',
    type: 'Image',
    sortOrder: 0,
    createDate: MS,
    updateDate: MS,
    path: [
      { id: 1147, key: K(1147), name: 'Misc', url: '', type: 'Folder', sortOrder: 0, createDate: MS, updateDate: MS },
    ],
    properties: file({ src: '/media/ab12cd34/photo.jpg', crops: [] }),
  },
  'plugin-v7/v8': {
    id: 1148,
    key: K(1148),
    name: 'Photo',
    url: '/media/ab12cd34/photo.jpg',
    type: 'Image',
    createDate: MS,
    updateDate: MS,
    path: [
      {
        id: 1147,
        key: K(1147),
        name: 'Misc',
        url: '',
        type: 'Folder',
        createDate: MS,
        updateDate: MS,
        children: [
          {
            id: 1148,
            key: K(1148),
            name: 'Photo',
            url: '/media/ab12cd34/photo.jpg',
            type: 'Image',
            createDate: MS,
            updateDate: MS,
          },
        ],
      },
    ],
    properties: file('/media/ab12cd34/photo.jpg'),
  },
};

const propertyType = {
  id: 40,
  key: K(40),
  alias: 'bodyText',
  name: 'Body',
  description: null,
  sortOrder: 0,
  editorAlias: 'Umbraco.TinyMCE',
  dataTypeId: 1049,
  mandatory: false,
};
const typeItem = (id: number, alias: string) => ({
  id,
  key: K(id),
  alias,
  path: `-1,${id}`,
  name: alias,
  icon: 'icon-document',
  element: false,
  createDate: MS,
  updateDate: MS,
});
const ownGroup = {
  id: 12,
  key: K(12),
  name: 'Content',
  sortOrder: 0,
  propertyTypes: [propertyType],
  properties: [propertyType],
};
export const contentTypes = {
  'plugin-v10': {
    ...typeItem(1086, 'textPage'),
    allowedAsRoot: false,
    defaultTemplate: { id: 1067, key: K(1067), alias: 'TextPage', path: '-1,1067', name: 'Text Page' },
    allowedContentTypes: [typeItem(1087, 'newsItem')],
    allowedTemplates: [],
    compositions: [typeItem(1090, 'seo'), typeItem(1091, 'seoBase')],
    propertyGroups: [ownGroup],
    tabs: [ownGroup],
  },
  'plugin-v7/v8': {
    id: 1086,
    key: K(1086),
    alias: 'textPage',
    name: 'Text Page',
    icon: 'icon-document',
    tabs: [{ id: 12, key: K(12), name: 'Content', sortOrder: 0, properties: [propertyType] }],
    defaultTemplate: { id: 1067, key: K(1067), alias: 'TextPage', name: 'Text Page' },
    allowedAsRoot: false,
    allowedContentTypes: [{ id: 1087, key: K(1087), alias: 'newsItem', name: 'News' }],
    allowedTemplate: [{ id: 1067, key: K(1067), alias: 'TextPage', name: 'Text Page' }],
    compositions: [{ id: 1090, key: K(1090), alias: 'seo', name: 'SEO' }],
  },
  'local-service': {
    ...typeItem(1086, 'textPage'),
    createDate: SEC,
    updateDate: SEC,
    allowedAsRoot: false,
    variesByCulture: true,
    defaultTemplate: null,
    allowedTemplates: [],
    allowedContentTypes: [],
    compositions: [],
    propertyGroups: [
      {
        ...ownGroup,
        alias: 'content',
        type: 'tab',
        propertyTypes: [{ ...propertyType, variesByCulture: true }],
        properties: [{ ...propertyType, variesByCulture: true }],
      },
    ],
    tabs: [{ ...ownGroup, alias: 'content', type: 'tab', propertyTypes: [], properties: [] }],
  },
};
