/**
 * A hand-made snapshot for the site-data tests: content items with blocks, cultures, references and a broken link,
 * media items with an orphan, and content types with an unused one.
 */
import type { FixtureItem } from './site-fixture-snapshot.ts';

export const k = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const udi = (type: string, n: number) => `umb://${type}/${k(n).replace(/-/g, '')}`;
const T_PAGE = k(900);
const T_BLOCK = k(901);
const T_UNUSED = k(902);

const media: FixtureItem[] = [
  {
    id: 200,
    key: k(200),
    name: 'Images',
    type: 'Folder',
    children: [
      {
        id: 201,
        key: k(201),
        name: 'Used',
        type: 'Image',
        properties: {
          umbracoFile: { editorAlias: 'Umbraco.ImageCropper', value: { src: '/media/a/used.jpg' } },
          umbracoBytes: { editorAlias: 'Umbraco.Label', value: '1234' },
        },
      },
      {
        id: 202,
        key: k(202),
        name: 'Orphan',
        type: 'Image',
        properties: { umbracoFile: { editorAlias: 'Umbraco.ImageCropper', value: '/media/b/orphan.png' } },
      },
      {
        id: 203,
        key: k(203),
        name: 'In a block',
        type: 'File',
        properties: { umbracoFile: { editorAlias: 'Umbraco.UploadField', value: '/media/c/doc.pdf' } },
      },
    ],
  },
];

const blocks = {
  layout: { 'Umbraco.BlockList': [{ contentKey: k(700) }] },
  contentData: [
    {
      contentTypeKey: T_BLOCK,
      key: k(700),
      values: [
        { alias: 'file', editorAlias: 'Umbraco.MediaPicker3', value: [{ key: k(701), mediaKey: k(203) }] },
        { alias: 'caption', editorAlias: 'Umbraco.TextBox', value: 'zebra crossing caption' },
      ],
    },
  ],
};

const content: FixtureItem[] = [
  {
    id: 100,
    key: k(100),
    name: 'Home',
    type: 'page',
    url: '/',
    properties: {
      body: {
        editorAlias: 'Umbraco.TinyMCE',
        value:
          `<p>Hello <a href="/{localLink:${udi('document', 101)}}">about</a> <img ` +
          `data-udi="${udi('media', 201)}"> <a href="/{localLink:${udi('document', 999)}}">gone</a></p>`,
      },
      blocks: { editorAlias: 'Umbraco.BlockList', value: blocks },
    },
    children: [
      {
        id: 101,
        key: k(101),
        name: 'About',
        type: 'page',
        url: '/about/',
        properties: {
          body: { editorAlias: 'Umbraco.TinyMCE', value: '<p>Over</p>' },
          blocks: { editorAlias: 'Umbraco.BlockList', value: null },
        },
        cultures: {
          'en-US': {
            name: 'About',
            properties: {
              body: { editorAlias: 'Umbraco.TinyMCE', value: '<p>About us</p>' },
              blocks: { editorAlias: 'Umbraco.BlockList', value: null },
            },
          },
          da: {
            name: 'Om',
            properties: {
              body: { editorAlias: 'Umbraco.TinyMCE', value: '' },
              blocks: { editorAlias: 'Umbraco.BlockList', value: null },
            },
          },
        },
        children: [
          {
            id: 102,
            key: k(102),
            name: 'Deep',
            type: 'page',
            properties: { body: { editorAlias: 'Umbraco.TinyMCE', value: `<a href="{localLink:100}">home</a>` } },
            cultures: { 'en-US': { name: 'Deep' } },
          },
        ],
      },
      { id: 103, key: k(103), name: 'Lost', type: 'page', failed: true },
    ],
  },
];

const group = (name: string, props: Array<[string, string]>) => ({
  name,
  propertyTypes: props.map(([alias, editorAlias]) => ({ alias, editorAlias })),
});
const contentTypes = [
  {
    id: 1,
    key: T_PAGE,
    alias: 'page',
    name: 'Page',
    propertyGroups: [
      group('Content', [
        ['body', 'Umbraco.TinyMCE'],
        ['blocks', 'Umbraco.BlockList'],
      ]),
    ],
    compositions: [],
    allowedContentTypes: [],
    allowedTemplates: [],
  },
  {
    id: 2,
    key: T_BLOCK,
    alias: 'fileBlock',
    name: 'File block',
    element: true,
    propertyGroups: [
      group('Block', [
        ['file', 'Umbraco.MediaPicker3'],
        ['caption', 'Umbraco.TextBox'],
      ]),
    ],
    compositions: [],
    allowedContentTypes: [],
    allowedTemplates: [],
  },
  {
    id: 3,
    key: T_UNUSED,
    alias: 'unused',
    name: 'Unused',
    propertyGroups: [],
    compositions: [],
    allowedContentTypes: [],
    allowedTemplates: [],
  },
];

export const HAND_MADE_SNAPSHOT = { content, media, contentTypes };
