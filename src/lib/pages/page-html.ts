/**
 * Small pieces of page markup as strings, shared by item pages (src/lib/pages/item-html.ts) and the Astro pages that
 * show the same pieces (set:html): one definition of each.
 */
import { attr, markup, type SafeHtml } from './html-escape.ts';
import type { LinkItem } from './page-context.ts';

export type Fact = [label: string, value: string | number | null | undefined, href?: string];

/** `toLocaleString('en')` with its formatter made once instead of per call. */
const EN_NUMBER = new Intl.NumberFormat('en');
export const formatCount = (n: number): string =>
  Number.isInteger(n) && Math.abs(n) < 1000 ? String(n) : EN_NUMBER.format(n);

function factValue([, value, link]: Fact): SafeHtml | string {
  if (value === null || value === undefined || value === '') return '–';
  if (link) return markup`<a${attr('href', link)}>${value}</a>`;
  return typeof value === 'number' ? String(value) : markup`<code>${value}</code>`;
}

/** A definition list of labelled facts; empty values show as a dash; a third element makes the value a link. */
export const renderFacts = (facts: Fact[]): SafeHtml =>
  markup`<dl class="facts">${facts.map((fact) => markup`<dt>${fact[0]}</dt><dd>${factValue(fact)}</dd>`)}</dl>`;

export function renderBreadcrumbs(items: LinkItem[], current: string): SafeHtml {
  const links = items.map((item) => markup`<li><a${attr('href', item.href)}>${item.name}</a></li>`);
  const here = markup`<li aria-current="page">${current}</li>`;
  return markup`<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol>${links}${here}</ol></nav>`;
}

function renderLinkItem(item: LinkItem): SafeHtml {
  const name = item.href ? markup`<a${attr('href', item.href)}>${item.name}</a>` : item.name;
  return markup`<li>${name}${item.note && markup`<span class="meta"> · ${item.note}</span>`}</li>`;
}

export const renderLinkList = (items: LinkItem[], empty = 'None.'): SafeHtml =>
  items.length === 0 ? markup`<p class="meta">${empty}</p>` : markup`<ul>${items.map(renderLinkItem)}</ul>`;
