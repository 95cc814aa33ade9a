/**
 * Search records fed to Pagefind with `addCustomRecord` (no HTML is indexed): names, URLs and the text of every value,
 * HTML stripped and blocks flattened. URLs are page paths without the base; the indexer adds it.
 */
import type { ContentTypeRecord } from '#core/snapshot-format.ts';
import type { PropertyInfo } from '../../content-types/type-index.ts';
import type { NodeLookup } from '../node-lookup.ts';
import type { SearchRecord, SiteNode } from '../site-data-format.ts';
import type { CultureEntry, PropertyEntry } from '../../values/item-properties.ts';
import { collectText } from '../../values/value-text.ts';

/** Text kept per record: enough for every field of a normal page, bounded for pathological values. */
export const SEARCH_TEXT_BUDGET = 30_000;
export const INVARIANT = 'invariant';

export function itemSearchRecord(
  node: SiteNode,
  lookup: NodeLookup,
  typeName: string,
  properties: PropertyEntry[],
  cultures: CultureEntry[],
): SearchRecord {
  const ancestors = lookup.listAncestors(node);
  const parts: string[] = [node.name];
  for (const c of cultures) if (c.name && c.name !== node.name) parts.push(c.name);
  if (node.url) parts.push(node.url);
  for (const c of cultures) if (c.url && c.url !== node.url) parts.push(c.url);
  const sets =
    cultures.length > 0 ? cultures.map((c) => (c.properties.length > 0 ? c.properties : properties)) : [properties];
  const seen = new Set<string>();
  for (const set of sets) {
    for (const p of set) {
      const before = parts.length;
      collectText(p.value, parts, SEARCH_TEXT_BUDGET);
      // Invariant properties repeat in every culture: index their words once.
      for (let i = parts.length - 1; i >= before; i--)
        if (seen.has(parts[i] as string)) parts.splice(i, 1);
        else seen.add(parts[i] as string);
    }
  }
  return {
    url: `${node.kind}/${node.key}/`,
    title: node.name,
    breadcrumbs: ancestors.map((a) => a.name).join(' › '),
    kind: node.kind,
    type: typeName,
    root: (ancestors[0] ?? node).name,
    languages: cultures.length > 0 ? cultures.map((c) => c.iso) : [INVARIANT],
    content: parts.join('\n'),
  };
}

export function typeSearchRecord(type: ContentTypeRecord, properties: PropertyInfo[]): SearchRecord {
  const parts = [type.name, type.alias, ...properties.flatMap((p) => [p.name, p.alias, p.editorAlias])];
  return {
    url: `types/${type.key}/`,
    title: type.name,
    breadcrumbs: type.element === true ? 'Element types' : 'Content types',
    kind: 'type',
    type: '',
    root: type.element === true ? 'Element types' : 'Content types',
    languages: [INVARIANT],
    content: parts.join('\n'),
  };
}
