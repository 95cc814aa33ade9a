/** The summaries above the inventory tables: exact totals, items per type, languages per type. */
import { loadSiteData } from '../site-data/load-site-data.ts';

export async function getItemsInventory() {
  const data = await loadSiteData();
  const nodes = data.lookup.nodes;
  const byType = new Map<string, { kind: string; type: string; typeName?: string; count: number }>();
  for (const n of nodes) {
    const id = `${n.kind}:${n.type}`;
    const typeName = n.kind === 'content' ? data.types.findByAlias(n.type)?.name : undefined;
    const entry = byType.get(id) ?? { kind: n.kind, type: n.type, ...(typeName ? { typeName } : {}), count: 0 };
    entry.count += 1;
    byType.set(id, entry);
  }
  return {
    total: nodes.length,
    /** Rows of items.csv and the items table: one per language of a culture-variant item. */
    rows: nodes.reduce((sum, n) => sum + Math.max(1, n.cultures.length), 0),
    content: data.meta.counts.content,
    media: data.meta.counts.media,
    failed: data.meta.counts.failedItems,
    byType: [...byType.values()].sort((a, b) => b.count - a.count),
  };
}

/** Content items per language: variant items that have it, variant items that lack it, and invariant items. */
export async function getCultureCoverage() {
  const data = await loadSiteData();
  const content = data.lookup.nodes.filter((n) => n.kind === 'content');
  const variant = content.filter((n) => n.cultures.length > 0);
  const languages = data.meta.languages;
  const perType = new Map<string, { type: string; items: number; variant: number; cultures: Record<string, number> }>();
  for (const n of content) {
    const row = perType.get(n.type) ?? { type: n.type, items: 0, variant: 0, cultures: {} };
    row.items += 1;
    if (n.cultures.length > 0) row.variant += 1;
    for (const iso of n.cultures) row.cultures[iso] = (row.cultures[iso] ?? 0) + 1;
    perType.set(n.type, row);
  }
  return {
    languages,
    contentItems: content.length,
    variantItems: variant.length,
    invariantItems: content.length - variant.length,
    perLanguage: languages.map((iso) => {
      const present = data.meta.counts.cultureItems[iso] ?? 0;
      return { iso, present, missing: variant.length - present };
    }),
    perType: [...perType.values()].sort((a, b) => b.items - a.items),
  };
}
