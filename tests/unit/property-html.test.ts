import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderFacts, renderLinkList } from '../../src/lib/pages/page-html.ts';
import { renderPropertyTable, renderValue } from '../../src/lib/pages/property-html.ts';
import type { PropertyRow } from '../../src/lib/pages/property-rows.ts';
import { describeValue, type BlockView, type ValueContext, type ValueView } from '../../src/lib/values/value-view.ts';

const ctx: ValueContext = {
  lookup: { findByKey: () => undefined, findById: () => undefined },
  hrefOf: (t) => `/${t.kind}/${t.key}/`,
  findByUrl: () => undefined,
  elementType: () => undefined,
};
const HOSTILE = `"><script>alert(1)</script>`;

const row = (alias: string, view: PropertyRow['view'], extra: Partial<PropertyRow> = {}): PropertyRow => ({
  alias,
  editorAlias: 'Umbraco.TextBox',
  view,
  ...extra,
});

describe('renderPropertyTable', () => {
  it('writes a row: heading, editor, value; then the empty properties on one line', () => {
    const rows = [
      row('theme', { kind: 'list', items: ['Dark'] }, { name: 'Theme', group: 'Layout' }),
      row('hidden', { kind: 'empty' }, { name: 'Hide' }),
      row('end', { kind: 'empty' }),
    ];
    assert.equal(
      renderPropertyTable(rows).value,
      '<section class="property" aria-label="theme"><h3 class="head"><code>theme</code><span> · Theme</span></h3>' +
        '<p class="meta">Editor <code>Umbraco.TextBox</code> · group Layout</p><ul><li>Dark</li></ul>' +
        '</section><p class="empty-props" data-empty-properties>Empty: <code title="Hide">hidden</code>, ' +
        '<code>end</code></p>',
    );
    assert.equal(renderPropertyTable([]).value, '<p class="meta">No properties.</p>');
  });

  it('keeps hostile aliases, names and values inert in text and attributes', () => {
    const out = renderPropertyTable([
      row(HOSTILE, describeValue(HOSTILE, 'Umbraco.TextBox', ctx), { name: HOSTILE, group: HOSTILE }),
      row(`a"b`, { kind: 'empty' }, { name: `x" onclick="y` }),
    ]).value;
    const outsideAttributes = out.replace(/="[^"]*"/g, '=""');
    assert.doesNotMatch(outsideAttributes, /<script|onclick/);
    assert.match(out, /aria-label="&quot;><script>alert\(1\)<\/script>"/);
    assert.match(out, /<p>&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/p>/);
    assert.match(out, /<code title="x&quot; onclick=&quot;y">a&quot;b<\/code>/);
  });
});

describe('renderValue', () => {
  it('links only safe URLs', () => {
    const unsafe = renderValue(describeValue('javascript:alert(1)', 'Umbraco.TextBox', ctx)).value;
    assert.doesNotMatch(unsafe, /href/);
    const safe = renderValue(describeValue('https://example.com/?a=1&b="2"', 'Umbraco.TextBox', ctx)).value;
    assert.match(
      safe,
      /<a href="https:\/\/example.com\/\?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer nofollow">/,
    );
  });

  it('places sanitised rich text as it is and escapes its source', () => {
    const view = describeValue('<p onclick="x()">Hi <script>alert(1)</script></p>', 'Umbraco.RichText', ctx);
    const out = renderValue(view).value;
    assert.match(out, /<div class="rich-text"><p>Hi <\/p><\/div>/);
    assert.match(out, /<pre><code>&lt;p onclick=&quot;x\(\)&quot;&gt;Hi &lt;script&gt;/);
  });

  it('renders nested blocks: areas and settings recurse, every name escaped', () => {
    const leaf: BlockView = {
      typeName: `<b>leaf</b>`,
      typeKey: 'k"1',
      properties: [{ alias: 'title', view: { kind: 'text', text: HOSTILE, refs: [] } }],
      areas: [],
    };
    const view: ValueView = {
      kind: 'blocks',
      format: 'blocks',
      source: HOSTILE,
      items: [
        {
          typeName: 'Row',
          key: 'r1',
          properties: [],
          settings: { ...leaf, typeName: 'Settings <i>' },
          config: [['size', '<12>']],
          areas: [
            { key: 'main"', items: [leaf, { ...leaf, areas: [{ key: 'inner', alias: '<left>', items: [leaf] }] }] },
          ],
        },
      ],
    };
    const out = renderValue(view).value;
    assert.equal(out.match(/<ol class="blocks" aria-label="Block elements">/g)?.length, 4);
    assert.equal(out.match(/<\/ol>/g)?.length, 4);
    assert.doesNotMatch(out, /<script|<b>|<i>/);
    assert.match(out, /<section aria-label="Area main&quot;"> <p class="meta">Area <strong>main&quot;<\/strong><\/p>/);
    assert.match(
      out,
      /<section aria-label="Area <left>"> <p class="meta">Area <strong>&lt;left&gt;<\/strong> <span class="meta">· key <code>inner<\/code><\/span><\/p>/,
      'an area with an alias is named by it, its key beside',
    );
    assert.match(out, /<a href="\/types\/k&quot;1\/">&lt;b&gt;leaf&lt;\/b&gt;<\/a>/);
    assert.match(out, /<summary>Settings \(Settings &lt;i&gt;\)<\/summary>/);
    assert.match(out, /<dd>&lt;12&gt;<\/dd>/);
  });
});

describe('facts and link lists', () => {
  it('shows missing facts as a dash and escapes the rest', () => {
    assert.equal(
      renderFacts([
        ['Id', 7],
        ['Name', '<x>'],
        ['Gone', undefined],
        ['Link', 'a', '/p?x="1"'],
      ]).value,
      '<dl class="facts"><dt>Id</dt><dd>7</dd><dt>Name</dt><dd><code>&lt;x&gt;</code></dd><dt>Gone</dt>' +
        '<dd>–</dd><dt>Link</dt><dd><a href="/p?x=&quot;1&quot;">a</a></dd></dl>',
    );
  });

  it('says so when a list is empty', () => {
    assert.equal(renderLinkList([], 'No <one>.').value, '<p class="meta">No &lt;one&gt;.</p>');
    assert.equal(
      renderLinkList([{ name: 'A&B', href: '/a/', note: 'x' }]).value,
      '<ul><li><a href="/a/">A&amp;B</a><span class="meta"> · x</span></li></ul>',
    );
  });
});
