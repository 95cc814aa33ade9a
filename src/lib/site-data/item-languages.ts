/**
 * The rows an item has in a per-language list (items.csv, the items table): one per language for a culture-variant
 * item, with that language's name and URL, and one with no language for an invariant item (Umbraco serves it the
 * same in every language).
 */
import type { SiteNode } from './site-data-format.ts';

export interface ItemLanguage {
  /** The ISO code, or '' for an invariant item. */
  language: string;
  name: string;
  url: string;
}

export function listItemLanguages(node: SiteNode): ItemLanguage[] {
  if (node.cultures.length === 0) return [{ language: '', name: node.name, url: node.url ?? '' }];
  return node.cultures.map((iso) => ({
    language: iso,
    name: node.names?.[iso] ?? node.name,
    url: node.urls?.[iso] ?? '',
  }));
}
