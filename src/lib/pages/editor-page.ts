/**
 * A property editor's own page (`inventories/editors/<editor segment>/`): the census line's counts, then the types,
 * properties and block element properties that use the editor, grouped by type, each type linked to its page.
 */
import { pathSegment } from '#core/path-segment.ts';
import { loadSiteData, type SiteData } from '../site-data/load-site-data.ts';
import type { EditorUsage } from '../site-data/site-data-format.ts';
import { href, typeHref } from '../site-paths.ts';

export interface TypeGroup {
  alias: string;
  name?: string;
  href?: string;
  properties: string[];
}

function typeLink(data: SiteData, alias: string): Omit<TypeGroup, 'properties'> {
  const type = data.types.findByAlias(alias) ?? data.types.findByKey(alias.toLowerCase());
  if (type === undefined) return { alias };
  return { alias: type.alias, ...(type.name !== type.alias ? { name: type.name } : {}), href: typeHref(type.key) };
}

/** `type.property` entries grouped by their type: the longest known type alias that prefixes each wins. */
function groupByType(data: SiteData, entries: string[], knownTypes: string[]): TypeGroup[] {
  const byPrefix = [...knownTypes].sort((a, b) => b.length - a.length);
  const groups = new Map<string, string[]>();
  for (const entry of entries) {
    const prefix = byPrefix.find((t) => entry.startsWith(`${t}.`)) ?? entry.slice(0, Math.max(0, entry.indexOf('.')));
    const list = groups.get(prefix) ?? [];
    list.push(entry.slice(prefix.length + 1));
    groups.set(prefix, list);
  }
  return [...groups].map(([alias, properties]) => ({ ...typeLink(data, alias), properties }));
}

export async function listEditorPaths(): Promise<Array<{ params: { editor: string } }>> {
  const data = await loadSiteData();
  return data.editors.map((e) => ({ params: { editor: pathSegment(e.editorAlias) } }));
}

export async function getEditorPage(segment: string) {
  const data = await loadSiteData();
  const editor: EditorUsage | undefined = data.editors.find((e) => pathSegment(e.editorAlias) === segment);
  if (editor === undefined) throw new Error(`no property editor at ${segment}`);
  const elementTypes = editor.blockProperties.map((p) => p.slice(0, Math.max(0, p.lastIndexOf('.'))));
  return {
    editor,
    censusHref: href('inventories/editors/'),
    types: editor.types.map((alias): TypeGroup => ({ ...typeLink(data, alias), properties: [] })),
    properties: groupByType(data, editor.properties, editor.types),
    blockProperties: groupByType(data, editor.blockProperties, [...new Set(elementTypes)]),
  };
}
