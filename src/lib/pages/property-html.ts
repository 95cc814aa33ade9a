/**
 * The property section of an item page as one HTML string: a piece of markup per property row and value, rather than
 * a component instance per value (an item page holds dozens of them and the renderer's cost is per instance).
 */
import { typeHref } from '../site-paths.ts';
import type { BlockView, RefView, ValueView } from '../values/value-view.ts';
import { attr, markup, trustedHtml, type SafeHtml } from './html-escape.ts';
import type { PropertyRow } from './property-rows.ts';

const NOTHING = markup``;

const source = (text: string): SafeHtml =>
  markup`<details><summary>Source</summary><pre><code>${text}</code></pre></details>`;

const fieldList = (fields: Array<[string, string]>): SafeHtml =>
  markup`<dl class="facts">${fields.map(([key, text]) => markup`<dt><code>${key}</code></dt><dd>${text}</dd>`)}</dl>`;

function renderRef(ref: RefView): SafeHtml {
  const target = ref.target
    ? markup`<a${attr('href', ref.target.href)}>${ref.target.name}</a>`
    : markup`<span class="broken">broken</span>`;
  const kind = ref.target ? `${ref.target.kind} · ` : '';
  return markup`<li> ${target}  <span class="meta">${kind}${ref.via}: <code>${ref.raw}</code></span> </li>`;
}

export const renderRefList = (refs: RefView[]): SafeHtml =>
  refs.length === 0 ? NOTHING : markup`<ul class="refs"> ${refs.map(renderRef)} </ul>`;

function renderBlockProperty(p: BlockView['properties'][number]): SafeHtml {
  const editor = markup`<span class="meta">${p.editorAlias ?? 'editor unknown'}</span>`;
  return markup` <dt><code>${p.alias}</code> ${editor}</dt> <dd>${renderValue(p.view)}</dd> `;
}

const renderConfig = (config: Array<[string, string]>): SafeHtml =>
  markup`<dl class="facts block-config" aria-label="Layout config"> ${config.map(
    ([path, text]) => markup`<dt><code>${path}</code> <span class="meta">config</span></dt><dd>${text}</dd>`,
  )} </dl>`;

const renderSettings = (settings: BlockView): SafeHtml =>
  markup`<details><summary>Settings (${settings.typeName})</summary>${renderBlockList([settings])}</details>`;

function renderArea(area: BlockView['areas'][number]): SafeHtml {
  const name = area.alias ?? area.key;
  const key = area.alias === undefined ? NOTHING : markup` <span class="meta">· key <code>${area.key}</code></span>`;
  return markup`<section${attr('aria-label', `Area ${name}`)}> <p class="meta">Area <strong>${name}</strong>${key}</p> ${renderBlockList(
    area.items,
  )} </section>`;
}

function renderBlock(block: BlockView): SafeHtml {
  const type = block.typeKey
    ? markup`<a${attr('href', typeHref(block.typeKey))}>${block.typeName}</a>`
    : block.typeName;
  const key = block.key && markup`<span class="meta"> · key <code>${block.key}</code></span>`;
  const properties = block.properties.map(renderBlockProperty);
  const config = block.config && renderConfig(block.config);
  const settings = block.settings && renderSettings(block.settings);
  const areas = block.areas.map(renderArea);
  return markup`<li class="block"> <span class="block-type">${type}</span> ${key} <dl> ${properties} </dl> ${config} ${
    settings
  } ${areas} </li>`;
}

export function renderBlockList(items: BlockView[], format = 'blocks'): SafeHtml {
  if (isUniform(items)) return renderBlockTable(items);
  const label = format === 'nested-content' ? 'Nested Content elements' : 'Block elements';
  return markup`<ol class="blocks"${attr('aria-label', label)}> ${items.map(renderBlock)} </ol>`;
}

/** Blocks shown as a table: this many or more of one element type, none with areas or settings of its own. */
const TABLE_MIN = 3;

const isUniform = (items: BlockView[]): boolean =>
  items.length >= TABLE_MIN &&
  items.every((b) => b.typeName === items[0]?.typeName && b.areas.length === 0 && b.settings === undefined);

const cellList = (items: SafeHtml[]): SafeHtml => markup`<ul>${items.map((item) => markup`<li>${item}</li>`)}</ul>`;

/** A value in a table cell: as in a block, without the source (the list view and the property's source keep it). */
function renderCell(view: ValueView | undefined): SafeHtml {
  if (view === undefined || view.kind === 'empty') return NOTHING;
  if (view.kind === 'pairs') return cellList(view.pairs.map(([key, text]) => markup`<code>${key}</code> ${text}`));
  if (view.kind === 'json')
    return markup`${cellList(view.fields.map(([key, text]) => markup`<code>${key}</code> ${text}`))}${renderRefList(
      view.refs,
    )}`;
  return renderValue(view);
}

/** One row per block, one column per property (in first-seen order) and per layout `config` field, then the key. */
function renderBlockTable(items: BlockView[]): SafeHtml {
  const first = items[0] as BlockView;
  const editors = new Map<string, string | undefined>();
  for (const b of items) for (const p of b.properties) if (!editors.has(p.alias)) editors.set(p.alias, p.editorAlias);
  const configPaths = [...new Set(items.flatMap((b) => (b.config ?? []).map(([path]) => path)))];
  const type = first.typeKey
    ? markup`<a${attr('href', typeHref(first.typeKey))}>${first.typeName}</a>`
    : first.typeName;
  const head = [...editors].map(
    ([alias, editor]) =>
      markup`<th scope="col"><code>${alias}</code> <span class="meta">${editor ?? 'editor unknown'}</span></th>`,
  );
  const configHead = configPaths.map(
    (path) => markup`<th scope="col"><code>${path}</code> <span class="meta">config</span></th>`,
  );
  const rows = items.map((b, i) => {
    const byAlias = new Map(b.properties.map((p) => [p.alias, p.view]));
    const config = new Map(b.config ?? []);
    const cells = [...editors.keys()].map((alias) => markup`<td>${renderCell(byAlias.get(alias))}</td>`);
    const configCells = configPaths.map((path) => markup`<td>${config.get(path) ?? ''}</td>`);
    return markup`<tr><th scope="row" class="num">${i + 1}</th>${cells}${configCells}<td><code>${b.key ?? ''}</code></td></tr>`;
  });
  const caption = markup`<caption>${items.length} × ${type}</caption>`;
  return markup`<table class="block-table" tabindex="0"${attr('aria-label', `${items.length} ${first.typeName} blocks`)}>${caption}<thead><tr><th scope="col" class="num">#</th>${head}${configHead}<th scope="col">Key</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function renderText(view: Extract<ValueView, { kind: 'text' }>): SafeHtml {
  const link =
    view.href && markup`<p><a${attr('href', view.href)} rel="noopener noreferrer nofollow">${view.text}</a></p>`;
  const multiline = view.text.includes('\n');
  const pre = !view.href && multiline && markup`<pre class="plain-text">${view.text}</pre>`;
  const paragraph = !view.href && !multiline && markup`<p>${view.text}</p>`;
  return markup` ${link} ${pre} ${paragraph} ${renderRefList(view.refs)} `;
}

function renderLink(link: Extract<ValueView, { kind: 'links' }>['links'][number]): SafeHtml {
  const rel = attr('rel', link.internal ? undefined : 'noopener noreferrer nofollow');
  const target = link.href
    ? markup`<a${attr('href', link.href)}${rel}>${link.name}</a>`
    : markup`<span>${link.name}</span>`;
  const broken = link.broken && markup`<span class="broken">broken</span>`;
  const url = link.url && markup`<span class="meta"> <code>${link.url}</code></span>`;
  return markup`<li> ${broken} ${target} ${url} </li>`;
}

/** The markup of one kind of value. */
function renderKind(view: ValueView): SafeHtml {
  switch (view.kind) {
    case 'empty':
      return markup`<p class="meta">(empty)</p>`;
    case 'text':
      return renderText(view);
    case 'rich-text': {
      const blocks = view.blocks && renderBlockList(view.blocks);
      const refs = renderRefList(view.refs);
      return markup` <div class="rich-text">${trustedHtml(view.html)}</div> ${refs} ${blocks} ${source(view.source)} `;
    }
    case 'blocks':
      return markup` ${renderBlockList(view.items, view.format)} ${source(view.source)} `;
    case 'pairs':
      return markup` ${fieldList(view.pairs)} ${source(view.source)} `;
    case 'refs':
      return renderRefList(view.refs);
    case 'links':
      return markup`<ul> ${view.links.map(renderLink)} </ul>`;
    case 'list':
      return markup`<ul>${view.items.map((item) => markup`<li>${item}</li>`)}</ul>`;
    case 'json':
      return markup` ${fieldList(view.fields)} ${renderRefList(view.refs)} ${source(view.text)} `;
  }
}

/** One value, as its kind shows it. */
export const renderValue = (view: ValueView): SafeHtml => renderKind(view);

function renderRow(row: PropertyRow): SafeHtml {
  const name = row.name && row.name !== row.alias && markup`<span> · ${row.name}</span>`;
  const where = [row.group && ` · group ${row.group}`, row.inheritedFrom && ` · inherited from ${row.inheritedFrom}`];
  const editor = markup`<p class="meta">Editor <code>${row.editorAlias || 'unknown'}</code>${where}</p>`;
  const head = markup`<h3 class="head"><code>${row.alias}</code>${name}</h3>`;
  return markup`<section class="property"${attr('aria-label', row.alias)}>${head}${editor}${renderValue(row.view)}</section>`;
}

export function renderPropertyTable(rows: PropertyRow[]): SafeHtml {
  const filled = rows.filter((row) => row.view.kind !== 'empty');
  const empty = rows.filter((row) => row.view.kind === 'empty');
  const names = empty.map((row, i) => markup`${i > 0 && ', '}<code${attr('title', row.name)}>${row.alias}</code>`);
  const none = rows.length === 0 && markup`<p class="meta">No properties.</p>`;
  const emptyLine = empty.length > 0 && markup`<p class="empty-props" data-empty-properties>Empty: ${names}</p>`;
  return markup`${none}${filled.map(renderRow)}${emptyLine}`;
}
