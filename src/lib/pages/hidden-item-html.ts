/**
 * The pages of what is not published, as strings: a pending draft (its changed properties against the published
 * version, then every value) and an unpublished item (its values). Like item pages they are many on a large site, so
 * the item page writer writes them around the item shell; Astro renders them only with `--astro-item-pages`.
 */
import type { PropertyChange } from '#core/diff-format.ts';
import { findActivePartition, ownsItem } from '../partition.ts';
import { loadDraftChanges, loadExtraRows } from '../site-data/load-extras.ts';
import type { ExtraRow } from '../site-data/extras-format.ts';
import { href, inventoryHref } from '../site-paths.ts';
import { formatDate } from '../values/value-format.ts';
import { renderChangeTable } from './change-html.ts';
import { EXTRA_INVENTORIES } from './extra-inventories.ts';
import { renderHiddenProperties, loadHiddenItems } from './hidden-item-page.ts';
import { attr, markup, trustedHtml, type SafeHtml } from './html-escape.ts';
import { writesItemPages } from './item-shell.ts';
import { renderBreadcrumbs, renderFacts } from './page-html.ts';

export type HiddenKind = 'drafts' | 'unpublished';
export interface HiddenPage {
  kind: HiddenKind;
  key: string;
  row: ExtraRow;
}

/** This build's hidden pages (its partition's share), for the writer or, when the writer is off, for Astro. */
export async function listHiddenPages(kind: HiddenKind, renderer: 'astro' | 'writer'): Promise<HiddenPage[]> {
  if (writesItemPages() !== (renderer === 'writer')) return [];
  const partition = findActivePartition();
  return (await loadExtraRows(kind))
    .map((row) => ({ kind, key: String(row.key), row }))
    .filter((page) => ownsItem(page.key, partition));
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function renderChanges(changes: { compared: boolean; properties: PropertyChange[] } | undefined): SafeHtml {
  if (changes === undefined || !changes.compared)
    return markup`<p>The published version is not in this snapshot, so there is nothing to compare the draft with.</p>`;
  if (changes.properties.length === 0)
    return markup`<p data-draft-changes="0">No property value differs from the published version (the draft changes only the name, the template or the order).</p>`;
  return renderChangeTable(
    changes.properties,
    'Published → draft',
    attr('data-draft-changes', changes.properties.length),
  );
}

function head(kind: HiddenKind, row: ExtraRow, label: string): SafeHtml {
  const info = EXTRA_INVENTORIES.find((i) => i.name === kind);
  const crumbs = renderBreadcrumbs(
    [
      { href: href('inventories/'), name: 'Inventories' },
      { href: inventoryHref(kind), name: info?.title ?? kind },
    ],
    text(row.name),
  );
  const flag = markup`<p class="note flag"${attr('data-flag', kind === 'drafts' ? 'draft' : 'unpublished')}>${info?.flag}</p>`;
  return markup`${crumbs} <h1>${text(row.name)} <span class="meta">(${label})</span></h1> ${flag}`;
}

/** The page's title and body markup. */
export async function renderHiddenPage(page: HiddenPage): Promise<{ title: string; body: string }> {
  const { kind, key, row } = page;
  const record = (await loadHiddenItems(kind)).get(key);
  const values = trustedHtml(record ? await renderHiddenProperties(record) : '');
  const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '');
  if (kind === 'drafts') {
    const published = row.inSnapshot === true;
    const facts = renderFacts([
      [
        'Published item',
        published ? text(row.publishedName) : 'not in the snapshot',
        published ? href(`content/${key}/`) : undefined,
      ],
      ['Key', key],
      ['Type', text(row.type)],
      ['Tree path', text(row.path)],
      ['URL', text(row.url)],
      ['Draft saved', formatDate(text(row.draftDate))],
      ['Published', formatDate(text(row.publishedDate))],
      ['Languages edited', list(row.editedCultures)],
    ]);
    const changes = renderChanges(loadDraftChanges().get(key));
    const body = markup`${head(kind, row, 'pending draft')} ${facts} <h2 id="draft-changes">Changed properties</h2> ${changes} <p class="meta" id="draft-values">The draft’s values, as the published item’s are shown:</p> ${values}`;
    return { title: `Draft: ${text(row.name)}`, body: body.value };
  }
  const parent = text(row.parentKey);
  const facts = renderFacts([
    ['State', text(row.everPublished)],
    ['Id', Number(row.id)],
    ['Key', key],
    ['Type', text(row.type)],
    ['Tree path', text(row.path)],
    ['Parent', parent === '' ? undefined : 'published item', parent === '' ? undefined : href(`content/${parent}/`)],
    ['Last saved', formatDate(text(row.updateDate))],
    ['Languages', list(row.cultures)],
  ]);
  return {
    title: `Unpublished: ${text(row.name)}`,
    body: markup`${head(kind, row, 'unpublished')} ${facts} ${values}`.value,
  };
}
