/**
 * Property changes as HTML strings: the "Changed in this snapshot" section of an item page (what the change list says
 * about the item since the previous snapshot) and a pending draft's changes against the published version.
 */
import type { PropertyChange, TextPart } from '#core/diff-format.ts';
import type { ItemHistory } from '../changes/site-changes.ts';
import { attr, markup, type SafeHtml } from './html-escape.ts';

const MAX_VALUE = 300;
const show = (value: unknown): string => {
  if (value === undefined || value === null) return '–';
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return shown.length > MAX_VALUE ? `${shown.slice(0, MAX_VALUE)}…` : shown;
};

/** A word or line diff: removed text struck out, added text marked, unchanged text as it is. */
const renderTextDiff = (parts: TextPart[]): SafeHtml =>
  markup`<span class="text-diff">${parts.map((p) =>
    p.op === 'added'
      ? markup`<ins>${p.text}</ins>`
      : p.op === 'removed'
        ? markup`<del>${p.text}</del>`
        : markup`<span>${p.text}</span>`,
  )}</span>`;

const FORM_NAMES = { html: 'plain HTML', json: '{markup, blocks}' } as const;

/** One property's change: text as a word/line diff, JSON as its changed paths, anything else as old and new. */
function renderChange(change: PropertyChange): SafeHtml {
  if (change.text) return markup`<p>${renderTextDiff(change.text)}</p>`;
  const form =
    change.form &&
    markup`<p class="meta">Stored as ${FORM_NAMES[change.form.from]} before, as ${FORM_NAMES[change.form.to]} after: the markup of both is compared.</p>`;
  if (change.paths)
    return markup`${form}<ul class="path-diff">${change.paths.map(
      (p) =>
        markup`<li><code>${p.path}</code> ${p.change}: ${
          p.text
            ? renderTextDiff(p.text)
            : markup`${p.change !== 'added' && markup`<del>${show(p.from)}</del>`} ${p.change !== 'removed' && markup`<ins>${show(p.to)}</ins>`}`
        }</li>`,
    )}</ul>`;
  return markup`<p class="text-diff"><del>${show(change.from)}</del> <ins>${show(change.to)}</ins></p>`;
}

/**
 * A table of property changes, one row each; `difference` names the last column. Under 40rem each row stacks (the
 * `change-table` rules in src/styles/site.css): the property, language and change on one line, the difference below
 * at the full width, headed by `data-label`, where a fourth column would get a few words a line.
 */
export function renderChangeTable(changes: PropertyChange[], difference: string, attrs = markup``): SafeHtml {
  const rows = changes.map(
    (p) =>
      markup`<tr${attr('data-property', p.alias)}><td><code>${p.alias}</code></td><td>${p.culture ?? 'all'}</td><td>${p.change}</td><td${attr('data-label', difference)}>${renderChange(p)}</td></tr>`,
  );
  const head = markup`<thead><tr><th>Property</th><th>Language</th><th>Change</th><th>${difference}</th></tr></thead>`;
  return markup`<table class="change-table" tabindex="0"${attrs}>${head}<tbody>${rows}</tbody></table>`;
}

/** What happened to the item since the snapshot of `since` (the change list's), with a link to every change. */
export function renderItemChanges(history: ItemHistory, since: string | undefined, changesHref: string): SafeHtml {
  const notes = history.notes.length > 0 && markup`<ul>${history.notes.map((note) => markup`<li>${note}</li>`)}</ul>`;
  const table = history.properties.length > 0 && renderChangeTable(history.properties, 'Difference');
  const title = history.added ? 'New in this snapshot' : 'Changed in this snapshot';
  const heading = markup`<h2 id="item-changes">${title}</h2>`;
  const link = markup`<a${attr('href', changesHref)}>all changes</a>`;
  const intro = markup`<p class="meta">Since the snapshot of ${since} (${link}).</p>`;
  return markup`<section class="item-changes" aria-labelledby="item-changes" data-changed="true">${heading}${intro}${
    notes
  }${table}</section>`;
}
