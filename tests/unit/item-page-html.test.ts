/**
 * The item page's structure as a browser parses it: hand-made pages (every section present, and the smallest), placed
 * in a layout by the writer's own shell functions, parsed with a WHATWG parser and read back element by element. Each
 * shared piece of markup (facts, breadcrumbs, link lists, property rows, the change table) has an expectation here, so
 * a change to one of them fails a named check.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ItemPage } from '../../src/lib/pages/item-page.ts';
import { attrOf, childElements, query, queryAll, readText, type HtmlElement } from '../support/html-tree.ts';
import { factsOf, FULL, KEY, NAME, node, render } from '../support/item-page-fixture.ts';

const sectionOf = (main: HtmlElement, id: string): HtmlElement => query(main, `section[aria-labelledby=${id}]`);
const linksOf = (root: HtmlElement): Array<[string, string | undefined]> =>
  queryAll(root, 'a').map((a) => [readText(a), attrOf(a, 'href')]);

describe('an item page, parsed', () => {
  const { main, title, errors } = render(FULL);

  it('parses without a single error, the name as text in the title and the heading', () => {
    assert.deepEqual(errors, []);
    assert.equal(title, `${NAME} · Site`);
    assert.equal(readText(query(main, 'h1')), NAME);
    assert.deepEqual(queryAll(main, 'b'), []);
  });

  it('holds its parts in order: breadcrumbs, heading, draft note, facts, type, then the sections', () => {
    const parts = childElements(main).map((el) => attrOf(el, 'aria-labelledby') ?? attrOf(el, 'class') ?? el.tagName);
    assert.deepEqual(parts, [
      ...['breadcrumbs', 'h1', 'note flag', 'facts', 'p', 'decision', 'item-changes', 'children', 'properties'],
      ...['culture-da', 'used-by'],
    ]);
  });

  it('leads to the item through breadcrumbs, the current page last', () => {
    const items = queryAll(query(main, 'nav.breadcrumbs'), 'li');
    assert.deepEqual(items.map(readText), ['Home', 'News', NAME]);
    assert.equal(attrOf(items[2] as HtmlElement, 'aria-current'), 'page');
    assert.deepEqual(linksOf(query(main, 'nav.breadcrumbs')), [
      ['Home', '/content/h/'],
      ['News', '/content/n/'],
    ]);
  });

  it('states the item facts, a dash where one is missing, the type with its alias and the JSON twin', () => {
    assert.deepEqual(factsOf(childElements(main)[3] as HtmlElement), [
      ...[
        ['Kind', 'content item'],
        ['Id', '1234'],
        ['Key', KEY],
        ['URL', '/news/tom/'],
        ['URL segment', 'tom'],
      ],
      ...[
        ['Created', '2 Jan 2024'],
        ['Updated', '–'],
        ['Level', '2'],
        ['Sort order', '3'],
        ['Template', 'Article'],
      ],
      ['Languages', 'en-US, da'],
    ]);
    const type = childElements(main)[4] as HtmlElement;
    assert.equal(readText(type), 'Type: Article page (article) · this item as JSON');
    assert.deepEqual(linksOf(type), [
      ['Article page', '/types/t1/'],
      ['this item as JSON', 'index.json'],
    ]);
  });

  it('names the values a pending draft changes and links to it', () => {
    const note = query(main, 'p[data-draft]');
    assert.equal(
      readText(note),
      'This item has a pending draft (saved, not published) changing the values of title, body [da]: ' +
        'the draft against this version.',
    );
    assert.deepEqual(linksOf(note), [['the draft against this version', '/drafts/k/']]);
  });

  it('shows the decision with its disposition', () => {
    const decision = sectionOf(main, 'decision');
    assert.equal(attrOf(decision, 'data-disposition'), 'merge');
    assert.equal(readText(query(decision, 'h2')), 'Decision');
    assert.deepEqual(factsOf(query(decision, 'dl.facts')), [
      ['Disposition', 'merge'],
      ['Into', 'Target'],
    ]);
  });

  it('says what changed since the previous snapshot: notes, then one row per property change', () => {
    const changes = sectionOf(main, 'item-changes');
    assert.equal(attrOf(changes, 'data-changed'), 'true');
    assert.equal(readText(query(changes, 'h2')), 'Changed in this snapshot');
    assert.equal(readText(query(changes, 'p.meta')), 'Since the snapshot of 2024-05-06T07:08:09Z (all changes).');
    assert.deepEqual(linksOf(query(changes, 'p.meta')), [['all changes', '/changes/']]);
    assert.deepEqual(queryAll(query(changes, 'ul'), 'li').map(readText), ['Renamed from “Tom”']);
    assert.deepEqual(queryAll(changes, 'th').map(readText), ['Property', 'Language', 'Change', 'Difference']);
    const rows = queryAll(query(changes, 'tbody'), 'tr');
    assert.deepEqual(
      rows.map((row) => [attrOf(row, 'data-property'), ...childElements(row).map(readText)]),
      [
        ['title', 'title', 'all', 'changed', 'Hello oldnew'],
        ['count', 'count', 'da', 'added', '– 7'],
      ],
    );
    assert.deepEqual(queryAll(rows[0] as HtmlElement, 'del').map(readText), ['old']);
    assert.deepEqual(queryAll(rows[0] as HtmlElement, 'ins').map(readText), ['new']);
  });

  it('lists the first children and links to all of them', () => {
    const children = sectionOf(main, 'children');
    assert.equal(readText(query(children, 'h2')), 'Children (3)');
    assert.deepEqual(queryAll(children, 'li').map(readText), ['First comment', 'Second comment · 4 children']);
    assert.deepEqual(linksOf(children).at(-1), ['All 3 children, page by page', '/content/k/children/1/']);
  });

  it('shows each filled property as a section, the empty ones on one line', () => {
    const shared = sectionOf(main, 'properties');
    assert.equal(readText(query(shared, 'h2')), 'Shared properties (all languages)');
    const rows = queryAll(shared, 'section.property');
    assert.deepEqual(
      rows.map((row) => [attrOf(row, 'aria-label'), readText(query(row, 'h3.head')), readText(query(row, 'p.meta'))]),
      [
        ['title', 'title · Title', 'Editor Umbraco.TextBox · group Content'],
        ['tags', 'tags', 'Editor Umbraco.Tags'],
      ],
    );
    assert.deepEqual(queryAll(rows[0] as HtmlElement, 'p').map(readText), [
      'Editor Umbraco.TextBox · group Content',
      'Hello',
    ]);
    assert.deepEqual(queryAll(rows[1] as HtmlElement, 'li').map(readText), ['a', 'b']);
    const empty = query(shared, 'p[data-empty-properties]');
    assert.equal(readText(empty), 'Empty: hidden, note');
    assert.deepEqual(
      queryAll(empty, 'code').map((code) => attrOf(code, 'title')),
      ['Hide', undefined],
    );
  });

  it('gives each language a section of its own, in that language', () => {
    const da = sectionOf(main, 'culture-da');
    assert.equal(attrOf(da, 'lang'), 'da');
    assert.equal(readText(query(da, 'h2')), 'da: Dansk');
    assert.deepEqual(factsOf(query(da, 'dl.facts')), [
      ['URL', '/da/tom/'],
      ['URL segment', 'tom-da'],
      ['Updated', '4 Mar 2024'],
    ]);
    assert.deepEqual(
      queryAll(da, 'section.property').map((row) => attrOf(row, 'aria-label')),
      ['body'],
    );
  });

  it('lists the items that use it, and says when it shows only the first', () => {
    const usedBy = sectionOf(main, 'used-by');
    assert.equal(readText(query(usedBy, 'h2')), 'Used by (5)');
    assert.deepEqual(queryAll(usedBy, 'li').map(readText), ['Front page · related, teaser']);
    assert.deepEqual(linksOf(usedBy), [['Front page', '/content/f/']]);
    assert.equal(
      readText(query(usedBy, 'p.meta')),
      'Showing the first 1; the others are in the references of each item.',
    );
  });
});

describe('the smallest item pages, parsed', () => {
  const bare: ItemPage = {
    node: node({ kind: 'media', childCount: 0, cultures: [], file: { path: '/media/a.pdf', bytes: 1536 } }),
    ...{ complete: false, typeName: 'File', breadcrumbs: [], children: [], shared: [], cultures: [] },
    ...{ usedBy: { count: 0, from: [] }, file: { path: '/media/a.pdf', extension: 'pdf', bytes: 1536 } },
    unshown: 'is too large to show (12 MB of values)',
  };
  const { main, errors } = render(bare);

  it('says what it lacks, with no section it has nothing for', () => {
    assert.deepEqual(errors, []);
    assert.deepEqual(queryAll(main, 'p.broken').map(readText), [
      'The full item is not in the snapshot (the crawler could not read it); only its tree entry is known.',
      'Its properties are not shown: the item is too large to show (12 MB of values). They are in the snapshot.',
    ]);
    assert.deepEqual(
      queryAll(main, 'section').map((s) => attrOf(s, 'aria-labelledby')),
      ['file', 'children', 'properties', 'used-by'],
    );
    assert.equal(readText(query(sectionOf(main, 'children'), 'p.meta')), 'No children.');
    assert.equal(readText(query(sectionOf(main, 'properties'), 'h2')), 'Properties');
    assert.equal(readText(query(sectionOf(main, 'properties'), 'p.meta')), 'No properties.');
    assert.equal(readText(query(sectionOf(main, 'used-by'), 'p.meta')), 'No item references this one.');
  });

  it('describes the media file, and that the file itself is not in the snapshot', () => {
    const file = sectionOf(main, 'file');
    assert.deepEqual(factsOf(query(file, 'dl.facts')), [
      ['Path', '/media/a.pdf'],
      ['Extension', 'pdf'],
      ['Size', '1.5 KB (1,536 bytes)'],
      ['Dimensions', '–'],
    ]);
    assert.equal(readText(query(file, 'p.meta')), 'The file itself is not part of the snapshot.');
    const facts = factsOf(childElements(main)[2] as HtmlElement);
    assert.deepEqual(facts.slice(0, 2), [
      ['Kind', 'media item'],
      ['Id', '1234'],
    ]);
  });
});
