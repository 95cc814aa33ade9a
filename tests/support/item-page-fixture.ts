/**
 * Hand-made item pages for the structure test (tests/unit/item-page-html.test.ts): one with every section, and the
 * parts of the smallest; rendered by the one composition, placed in a layout by the writer's own shell functions and
 * parsed as a browser parses them.
 */
import assert from 'node:assert/strict';
import { renderItemPage } from '../../src/lib/pages/item-html.ts';
import type { ItemPage } from '../../src/lib/pages/item-page.ts';
import { fillItemShell, SHELL_BODY, SHELL_TITLE, splitItemShell } from '../../src/lib/pages/item-shell.ts';
import type { SiteNode } from '../../src/lib/site-data/site-data-format.ts';
import { childElements, parsePage, query, readText, type HtmlElement } from './html-tree.ts';

export const KEY = '0f8e2b6c-5d1a-4c3e-9b7a-1a2b3c4d5e6f';
export const NAME = `Tom & "Jerry's" <b>café</b>`;
const LAYOUT = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${SHELL_TITLE} · Site</title></head><body><main id="main">${SHELL_BODY}</main></body></html>`;

export const node = (extra: Partial<SiteNode> = {}): SiteNode => ({
  ...{ kind: 'content', id: 1234, key: KEY, name: NAME, type: 'article', parentId: 1000, parent: null, root: KEY },
  ...{ level: 2, sortOrder: 3, childCount: 3, url: '/news/tom/', createDate: '2024-01-02', updateDate: null },
  ...{ chunk: null, offset: null, length: null, cultures: ['en-US', 'da'] },
  ...extra,
});

export const FULL: ItemPage = {
  node: node({ template: 'Article' }),
  complete: true,
  typeName: 'Article page',
  typeLink: '/types/t1/',
  breadcrumbs: [
    { name: 'Home', href: '/content/h/' },
    { name: 'News', href: '/content/n/' },
  ],
  urlSegment: 'tom',
  template: 'Article',
  children: [
    { name: 'First', href: '/content/c1/', type: 'comment', childCount: 0 },
    { name: 'Second', href: '/content/c2/', type: 'comment', childCount: 4 },
  ],
  allChildrenHref: '/content/k/children/1/',
  shared: [
    { alias: 'title', name: 'Title', editorAlias: 'Umbraco.TextBox', group: 'Content', view: textView('Hello') },
    { alias: 'tags', editorAlias: 'Umbraco.Tags', view: { kind: 'list', items: ['a', 'b'] } },
    { alias: 'hidden', name: 'Hide', editorAlias: 'Umbraco.TrueFalse', view: { kind: 'empty' } },
    { alias: 'note', editorAlias: 'Umbraco.TextArea', view: { kind: 'empty' } },
  ],
  cultures: [
    {
      ...{ iso: 'da', name: 'Dansk', url: '/da/tom/', urlSegment: 'tom-da', updateDate: '2024-03-04' },
      properties: [{ alias: 'body', editorAlias: 'Umbraco.TextBox', view: textView('Hej') }],
    },
  ],
  usedBy: { count: 5, from: [{ name: 'Front page', href: '/content/f/', note: 'related, teaser' }] },
  draft: { href: '/drafts/k/', changed: ['title', 'body [da]'] },
  decision: {
    disposition: 'merge',
    facts: [
      ['Disposition', 'merge'],
      ['Into', 'Target', '/content/t/'],
    ],
  },
  changes: {
    since: '2024-05-06T07:08:09Z',
    history: {
      added: false,
      notes: ['Renamed from “Tom”'],
      properties: [
        {
          ...{ alias: 'title', culture: null, editorAlias: 'Umbraco.TextBox', change: 'changed', from: 'a', to: 'b' },
          text: [
            { op: 'same', text: 'Hello ' },
            { op: 'removed', text: 'old' },
            { op: 'added', text: 'new' },
          ],
        },
        { alias: 'count', culture: 'da', editorAlias: null, change: 'added', from: null, to: 7 },
      ],
    },
  },
};

function textView(text: string): ItemPage['shared'][number]['view'] {
  return { kind: 'text', text, refs: [] };
}

export function render(page: ItemPage): { main: HtmlElement; title: string; errors: string[] } {
  const html = fillItemShell(splitItemShell(LAYOUT), page.node.name, renderItemPage(page));
  const { document, errors } = parsePage(html);
  return { main: query(document, 'main'), title: readText(query(document, 'title')), errors };
}

/** A definition list's pairs, as the reader sees them. */
export const factsOf = (dl: HtmlElement): Array<[string, string]> => {
  const cells = childElements(dl);
  assert.deepEqual(
    cells.map((cell) => cell.tagName),
    cells.map((_, i) => (i % 2 === 0 ? 'dt' : 'dd')),
  );
  return cells.flatMap((cell, i) => (i % 2 === 0 ? [[readText(cell), readText(cells[i + 1] as HtmlElement)]] : []));
};
