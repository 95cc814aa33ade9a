/**
 * A content or media item page's body as one HTML string: the one place its markup is composed, for the item page
 * writer and for Astro alike (src/lib/pages/item-page-html.ts). Sections are joined by line breaks; nothing else
 * between elements is there for layout.
 */
import { formatDate, formatFileSize } from '../values/value-format.ts';
import { attr, markup, type HtmlPart, type SafeHtml } from './html-escape.ts';
import type { ItemPage } from './item-page.ts';
import { formatCount, renderBreadcrumbs, renderFacts, renderLinkList } from './page-html.ts';
import { renderItemChanges } from './change-html.ts';
import { href } from '../site-paths.ts';
import { renderPropertyTable } from './property-html.ts';

const NOT_COMPLETE = markup`<p class="broken">The full item is not in the snapshot (the crawler could not read it); \
only its tree entry is known.</p>`;

function renderMediaFile(file: NonNullable<ItemPage['file']>): SafeHtml {
  const { bytes, width, height } = file;
  const size =
    bytes === undefined
      ? undefined
      : `${formatFileSize(bytes)}${bytes >= 1024 ? ` (${formatCount(bytes)} bytes)` : ''}`;
  const facts = renderFacts([
    ['Path', file.path],
    ['Extension', file.extension],
    ['Size', size],
    ['Dimensions', width !== undefined && height !== undefined ? `${width} × ${height}` : undefined],
  ]);
  const image = attr('src', file.imageSrc);
  const preview = file.imageSrc
    ? markup`<img${image} alt="" loading="lazy"${attr('width', width)}${attr('height', height)} class="media-preview">`
    : markup`<p class="meta">The file itself is not part of the snapshot.</p>`;
  return markup`<section aria-labelledby="file"><h2 id="file">File</h2>${facts}${preview}</section>`;
}

/** A published item with a pending draft: which values the draft changes, and the draft's page with the diff. */
function renderDraftNote(draft: NonNullable<ItemPage['draft']>): SafeHtml {
  const changes =
    draft.changed.length === 0
      ? 'no property value'
      : markup`${draft.changed.length === 1 ? 'the value of' : 'the values of'} ${draft.changed.map(
          (label, i) => markup`${i > 0 && ', '}<code>${label}</code>`,
        )}`;
  const link = markup`<a${attr('href', draft.href)}>the draft against this version</a>`;
  return markup`<p class="note flag" data-draft>This item has a pending draft (saved, not published) changing ${changes}: ${link}.</p>`;
}

/** Parts of a page one to a line (readable source); an absent part (false, undefined) leaves no line. */
const lines = (...parts: HtmlPart[]): SafeHtml =>
  markup`${parts.filter(Boolean).map((p, i) => markup`${i > 0 && '\n'}${p}`)}`;

function renderDecision(decision: NonNullable<ItemPage['decision']>): SafeHtml {
  const disposition = attr('data-disposition', decision.disposition);
  const heading = markup`<h2 id="decision">Decision</h2>`;
  return markup`<section aria-labelledby="decision"${disposition}>${heading}${renderFacts(decision.facts)}</section>`;
}

/** Id, key, URL, dates, level, order, template and languages. */
function renderItemFacts(page: ItemPage): SafeHtml {
  const { node } = page;
  return renderFacts([
    ['Kind', node.kind === 'content' ? 'content item' : 'media item'],
    ['Id', node.id],
    ['Key', node.key],
    ['URL', node.url],
    ['URL segment', page.urlSegment],
    ['Created', formatDate(node.createDate)],
    ['Updated', formatDate(node.updateDate)],
    ['Level', node.level],
    ['Sort order', node.sortOrder],
    ['Template', page.template],
    ['Languages', node.cultures.join(', ')],
  ]);
}

function renderType(page: ItemPage): SafeHtml {
  const typeName = page.typeLink ? markup`<a${attr('href', page.typeLink)}>${page.typeName}</a>` : page.typeName;
  return markup`<p>Type: ${typeName} <span class="meta">(<code>${page.node.type}</code>) · <a href="index.json" type="application/json">this item as JSON</a></span></p>`;
}

function renderChild(c: ItemPage['children'][number]): SafeHtml {
  const meta = markup`<span class="meta">${c.type}${c.childCount > 0 && ` · ${c.childCount} children`}</span>`;
  return markup`<li><a${attr('href', c.href)}>${c.name}</a> ${meta}</li>`;
}

function renderChildren(page: ItemPage): SafeHtml {
  const count = formatCount(page.node.childCount);
  const list =
    page.children.length === 0
      ? markup`<p class="meta">No children.</p>`
      : markup`<ul>${page.children.map(renderChild)}</ul>`;
  const all =
    page.allChildrenHref &&
    markup`<p><a${attr('href', page.allChildrenHref)}>All ${count} children, page by page</a></p>`;
  return markup`<section aria-labelledby="children"><h2 id="children">Children (${count})</h2>${list}${all}</section>`;
}

function renderCulture(c: ItemPage['cultures'][number]): SafeHtml {
  const facts = renderFacts([
    ['URL', c.url],
    ['URL segment', c.urlSegment],
    ['Updated', formatDate(c.updateDate)],
  ]);
  const id = `culture-${c.iso}`;
  const heading = markup`<h2${attr('id', id)}>${c.iso}: ${c.name}</h2>`;
  const table = renderPropertyTable(c.properties);
  return markup`<section${attr('aria-labelledby', id)}${attr('lang', c.iso)}>${heading}${facts}${table}</section>`;
}

function renderUsedBy({ count, from }: ItemPage['usedBy']): SafeHtml {
  const more =
    count > from.length &&
    markup`<p class="meta">Showing the first ${from.length}; the others are in the references of each item.</p>`;
  const list = renderLinkList(from, 'No item references this one.');
  const heading = markup`<h2 id="used-by">Used by (${formatCount(count)})</h2>`;
  return markup`<section aria-labelledby="used-by">${heading}${list}${more}</section>`;
}

/** Properties, shared then per language: an item's, or the values of a draft or an unpublished item. */
export function renderProperties(rows: Pick<ItemPage, 'shared' | 'cultures'>): SafeHtml {
  const title = rows.cultures.length > 0 ? 'Shared properties (all languages)' : 'Properties';
  const heading = markup`<h2 id="properties">${title}</h2>`;
  const table = renderPropertyTable(rows.shared);
  const properties = markup`<section aria-labelledby="properties">${heading}${table}</section>`;
  return markup`${properties}${rows.cultures.map((c) => markup`\n${renderCulture(c)}`)}`;
}

/**
 * The page body: breadcrumbs, name, draft note, facts, type, decision, what is missing, the file; what changed since
 * the previous snapshot; children, properties (shared, then per language) and the items that use this one.
 */
export function renderItemPage(page: ItemPage): string {
  const unshown =
    page.unshown !== undefined &&
    markup`<p class="broken">Its properties are not shown: the item ${page.unshown}. They are in the snapshot.</p>`;
  const changes = page.changes && renderItemChanges(page.changes.history, page.changes.since, href('changes/'));
  return lines(
    renderBreadcrumbs(page.breadcrumbs, page.node.name),
    markup`<h1>${page.node.name}</h1>`,
    page.draft && renderDraftNote(page.draft),
    renderItemFacts(page),
    renderType(page),
    page.decision && renderDecision(page.decision),
    !page.complete && NOT_COMPLETE,
    unshown,
    page.file && renderMediaFile(page.file),
    changes,
    renderChildren(page),
    renderProperties(page),
    renderUsedBy(page.usedBy),
  ).value;
}
