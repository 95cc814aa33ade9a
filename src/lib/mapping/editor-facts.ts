/** The Editors sheet: each property editor alias with the properties, types and values that use it. */
import type { EditorFact, PropertyFact } from '#core/mapping-format.ts';

export function listEditorFacts(properties: PropertyFact[]): EditorFact[] {
  const editors = new Map<string, { properties: number; types: Set<string>; values: number }>();
  for (const p of properties) {
    if (p.editorAlias === '') continue;
    let e = editors.get(p.editorAlias);
    if (e === undefined) editors.set(p.editorAlias, (e = { properties: 0, types: new Set(), values: 0 }));
    e.properties += 1;
    e.types.add(p.typeKey);
    e.values += p.holding;
  }
  return [...editors]
    .map(([alias, e]) => ({ alias, properties: e.properties, types: e.types.size, values: e.values }))
    .sort((a, b) => a.alias.localeCompare(b.alias));
}
