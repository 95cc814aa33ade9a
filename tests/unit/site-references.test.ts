import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractReferences, type ValueReference } from '../../src/lib/values/references.ts';
import { resolveReference, type ItemLookup, type ItemTarget } from '../../src/lib/values/reference-target.ts';

const DOC = '8db383d6-7fb6-4b22-8169-82d5da5cf79e';
const DOC2 = '0cc40dc5-de63-40bd-a35f-e871127bc6e3';
const MEDIA = 'ab03f4be-a898-445d-8505-28a36ada72f4';
const hex = (guid: string) => guid.replace(/-/g, '');
const udi = (type: string, guid: string) => `umb://${type}/${hex(guid)}`;
const short = (refs: ValueReference[]) => refs.map((r) => ({ via: r.via, kind: r.kind, guid: r.guid, id: r.id }));

describe('reference extraction', () => {
  it('reads a UDI string and an MNTP comma list', () => {
    assert.deepEqual(short(extractReferences(udi('document', DOC), 'Umbraco.ContentPicker')), [
      { via: 'udi', kind: 'content', guid: DOC, id: undefined },
    ]);
    const refs = extractReferences(`${udi('document', DOC)},${udi('media', MEDIA)}`, 'Umbraco.MultiNodeTreePicker');
    assert.deepEqual(
      refs.map((r) => [r.kind, r.guid]),
      [
        ['content', DOC],
        ['media', MEDIA],
      ],
    );
  });

  it('reads GUIDs and int ids only under picker editors', () => {
    assert.deepEqual(short(extractReferences(DOC.toUpperCase(), 'Umbraco.ContentPicker')), [
      { via: 'guid', kind: 'content', guid: DOC, id: undefined },
    ]);
    assert.deepEqual(
      extractReferences('1234,1235', 'Umbraco.MediaPicker').map((r) => [r.via, r.kind, r.id]),
      [
        ['id', 'media', 1234],
        ['id', 'media', 1235],
      ],
    );
    assert.deepEqual(
      extractReferences(1234, 'Umbraco.ContentPicker').map((r) => r.id),
      [1234],
    );
    assert.deepEqual(extractReferences(DOC, 'Umbraco.TextBox'), []);
    assert.deepEqual(extractReferences('1234', 'Umbraco.Integer'), []);
    assert.deepEqual(extractReferences('b1e61994-b83b-420a-903e-63a7a15942dc', 'Umbraco.Commerce.StorePicker'), []);
  });

  it('reads localLink (UDI, GUID and int forms) and data-udi in rich text', () => {
    const html =
      `<p><a href="/{localLink:${udi('document', DOC)}}">a</a> ` +
      `<a href="/{localLink:${DOC2}}" type="document">b</a>
      <a href="{localLink:1105}">c</a> <img src="/media/x.jpg" data-udi="${udi('media', MEDIA)}"></p>`;
    const refs = extractReferences(html, 'Umbraco.TinyMCE');
    assert.deepEqual(
      refs.map((r) => [r.via, r.kind, r.guid ?? r.id]),
      [
        ['localLink', 'content', DOC],
        ['localLink', undefined, DOC2],
        ['localLink', undefined, 1105],
        ['data-udi', 'media', MEDIA],
      ],
    );
  });

  it('reads v15 rich text JSON with its markup and blocks', () => {
    const value = {
      markup: `<a href="/{localLink:${DOC}}">x</a>`,
      blocks: {
        contentData: [
          {
            contentTypeKey: DOC2,
            key: DOC2,
            values: [
              {
                alias: 'pic',
                editorAlias: 'Umbraco.MediaPicker3',
                value: JSON.stringify([{ key: DOC2, mediaKey: MEDIA }]),
              },
            ],
          },
        ],
        layout: {},
      },
    };
    assert.deepEqual(
      extractReferences(value, 'Umbraco.RichText').map((r) => [r.via, r.guid]),
      [
        ['localLink', DOC],
        ['media-key', MEDIA],
      ],
    );
  });

  it('reads MediaPicker3 mediaKey but not block keys or crop sizes', () => {
    const value = [
      {
        key: DOC2,
        mediaKey: MEDIA,
        crops: [{ alias: 'thumb', width: 1234, height: 800 }],
        focalPoint: { left: 0.5, top: 0.5 },
      },
    ];
    assert.deepEqual(short(extractReferences(value, 'Umbraco.MediaPicker3')), [
      { via: 'media-key', kind: 'media', guid: MEDIA, id: undefined },
    ]);
  });

  it('reads multi URL pickers of both eras and ignores external links', () => {
    const old = [
      { name: 'a', udi: udi('document', DOC), url: '/a/' },
      { name: 'ext', url: 'https://example.com/', udi: null },
    ];
    const v14 = [
      { name: 'b', unique: MEDIA, type: 'media', url: '/media/x.pdf' },
      { name: 'c', type: 'external', url: 'https://x.test/' },
    ];
    assert.deepEqual(
      extractReferences(old, 'Umbraco.MultiUrlPicker').map((r) => [r.kind, r.guid]),
      [['content', DOC]],
    );
    assert.deepEqual(
      extractReferences(v14, 'Umbraco.MultiUrlPicker').map((r) => [r.via, r.kind, r.guid]),
      [['link-picker', 'media', MEDIA]],
    );
  });

  it('reads legacy block values with editors found through the element type', () => {
    const value = {
      layout: { 'Umbraco.BlockList': [{ contentUdi: udi('element', DOC2) }] },
      contentData: [{ contentTypeKey: MEDIA, udi: udi('element', DOC2), link: DOC, image: udi('media', MEDIA) }],
      settingsData: [],
    };
    const editorOf = (_: unknown, alias: string) => (alias === 'link' ? 'Umbraco.ContentPicker' : undefined);
    const refs = extractReferences(value, 'Umbraco.BlockList', editorOf);
    assert.deepEqual(
      refs.map((r) => [r.via, r.kind, r.guid]),
      [
        ['guid', 'content', DOC],
        ['udi', 'media', MEDIA],
      ],
    );
    assert.ok(
      refs.every((r) => r.path.includes(`{${DOC2}}`)),
      'paths name the block element',
    );
    assert.equal(
      extractReferences(value, 'Umbraco.BlockList').length,
      1,
      'without the element type only the UDI is certain',
    );
  });

  it('reads nested blocks: grid areas, blocks inside JSON strings, Nested Content', () => {
    const inner = {
      contentData: [
        {
          contentTypeKey: DOC,
          key: DOC2,
          values: [{ alias: 'page', editorAlias: 'Umbraco.ContentPicker', value: udi('document', DOC2) }],
        },
      ],
      layout: {},
    };
    const grid = {
      layout: { 'Umbraco.BlockGrid': [{ contentKey: DOC, areas: [{ key: 'a', items: [{ contentKey: MEDIA }] }] }] },
      contentData: [
        {
          contentTypeKey: DOC,
          key: DOC,
          values: [{ alias: 'blocks', editorAlias: 'Umbraco.BlockList', value: JSON.stringify(inner) }],
        },
        {
          contentTypeKey: DOC,
          key: MEDIA,
          values: [
            {
              alias: 'text',
              editorAlias: 'Umbraco.TinyMCE',
              value: `<a href="/{localLink:${udi('media', MEDIA)}}">m</a>`,
            },
          ],
        },
      ],
    };
    assert.deepEqual(
      extractReferences(grid, 'Umbraco.BlockGrid').map((r) => [r.kind, r.guid]),
      [
        ['content', DOC2],
        ['media', MEDIA],
      ],
    );
    const nested = [
      {
        key: DOC2,
        ncContentTypeAlias: 'example',
        image: JSON.stringify([{ key: DOC, mediaKey: MEDIA }]),
        link: udi('document', DOC),
      },
    ];
    assert.deepEqual(
      extractReferences(nested, 'Umbraco.NestedContent').map((r) => [r.kind, r.guid]),
      [
        ['media', MEDIA],
        ['content', DOC],
      ],
    );
  });

  it('ignores element and type UDIs', () => {
    assert.deepEqual(extractReferences(`${udi('element', DOC)} ${udi('document-type', DOC)}`), []);
  });

  it('resolves by key or id and leaves unknown targets broken', () => {
    const items: ItemTarget[] = [
      { kind: 'content', key: DOC, name: 'About' },
      { kind: 'media', key: MEDIA, name: 'Pic' },
    ];
    const lookup: ItemLookup = {
      findByKey: (kind, key) => items.find((i) => i.kind === kind && i.key === key),
      findById: (kind, id) => (kind === 'content' && id === 1105 ? items[0] : undefined),
    };
    const [a, b, c, d] = extractReferences(
      `{localLink:${DOC}} {localLink:1105} ${udi('document', MEDIA)} ${udi('media', MEDIA)}`,
    );
    assert.equal(resolveReference(a as ValueReference, lookup)?.name, 'About');
    assert.equal(resolveReference(b as ValueReference, lookup)?.name, 'About');
    assert.equal(resolveReference(c as ValueReference, lookup), undefined, 'a document UDI never resolves to media');
    assert.equal(resolveReference(d as ValueReference, lookup)?.name, 'Pic');
  });
});
