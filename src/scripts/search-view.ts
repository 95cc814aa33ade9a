/**
 * The search page's DOM: the filter boxes with their counts, the result list, and the state kept in the URL.
 * Everything shown is set as text; only Pagefind's <mark> is kept.
 */
import { FACET_KEYS, FACET_LABELS } from '../lib/search/facet-map.ts';
import type { PagefindResultData } from './pagefind-api.ts';
import type { Counts, Values } from './search-facets.ts';
import { markedParts } from './search-query.ts';

export function readState(): { q: string; filters: Values } {
  const params = new URLSearchParams(location.search);
  const filters: Values = {};
  for (const key of FACET_KEYS) {
    const values = params.getAll(key);
    if (values.length > 0) filters[key] = values;
  }
  return { q: params.get('q') ?? '', filters };
}

export function writeState(q: string, filters: Values): void {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  for (const [key, values] of Object.entries(filters)) for (const v of values) params.append(key, v);
  history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
}

function filterLabel(key: string, value: string, count: number, checked: boolean): HTMLLabelElement {
  const label = document.createElement('label');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.name = key;
  box.value = value;
  box.checked = checked;
  const counted = document.createElement('span');
  counted.className = 'meta';
  counted.dataset.count = '';
  counted.textContent = ` (${count})`;
  label.append(box, ` ${value}`, counted);
  return label;
}

export function renderFilters(box: HTMLElement, filters: Counts, selected: Values): void {
  box.replaceChildren();
  for (const key of FACET_KEYS) {
    const values = filters[key];
    if (!values || Object.keys(values).length === 0) continue;
    const fieldset = document.createElement('fieldset');
    const legend = document.createElement('legend');
    legend.textContent = FACET_LABELS[key];
    fieldset.append(legend);
    fieldset.dataset.filter = key;
    for (const [value, count] of Object.entries(values).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])))
      fieldset.append(filterLabel(key, value, count, (selected[key] ?? []).includes(value)));
    box.append(fieldset);
  }
}

export function currentFilters(box: HTMLElement): Values {
  const out: Values = {};
  for (const input of box.querySelectorAll<HTMLInputElement>('input[type=checkbox]:checked'))
    (out[input.name] ??= []).push(input.value);
  return out;
}

export function updateCounts(box: HTMLElement, counts: Counts | undefined, showAll: boolean): void {
  for (const input of box.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) {
    const n = counts?.[input.name]?.[input.value];
    const label = input.parentElement as HTMLElement;
    const span = label.querySelector('[data-count]');
    if (span) span.textContent = ` (${n ?? 0})`;
    // A value no result has is noise; a checked one stays so it can be unchecked.
    label.hidden = !showAll && !n && !input.checked;
  }
  // A box whose every value is hidden would stand empty: it goes too (an exact match alone has no content type).
  for (const set of box.querySelectorAll<HTMLElement>('fieldset')) {
    set.hidden = !showAll && [...set.querySelectorAll<HTMLElement>('label')].every((label) => label.hidden);
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};
const decode = (text: string): string => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (m) => ENTITIES[m] ?? m);

/** Pagefind's excerpt as text, its marks kept on the parts of each marked word that hold the query (markedParts). */
function excerptNode(excerpt: string | undefined, words: readonly string[]): HTMLParagraphElement {
  const p = document.createElement('p');
  let inMark = false;
  for (const part of (excerpt ?? '').split(/(<mark>|<\/mark>)/)) {
    if (part === '<mark>') inMark = true;
    else if (part === '</mark>') inMark = false;
    else if (part !== '' && inMark) {
      for (const { text, mark } of markedParts(decode(part), words)) {
        if (!mark) p.append(text);
        else p.append(Object.assign(document.createElement('mark'), { textContent: text }));
      }
    } else if (part !== '') p.append(decode(part));
  }
  return p;
}

export function resultItem(data: PagefindResultData, words: readonly string[] = []): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = data.url;
  a.textContent = data.meta?.title || data.url;
  li.append(a);
  const crumbs = document.createElement('div');
  crumbs.className = 'crumbs';
  crumbs.textContent = [data.meta?.kind, data.meta?.breadcrumbs].filter(Boolean).join(' · ');
  li.append(crumbs, excerptNode(data.excerpt, words));
  return li;
}
