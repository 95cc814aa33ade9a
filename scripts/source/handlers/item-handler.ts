import type { SiteCatalog } from '../catalog/site-catalog.ts';
import type { TreeNode } from '../catalog/tree.ts';
import { NotFoundError, type MissingThing } from './errors.ts';
import { readProperties, toSummary, type ItemSummary, type ServedProperty } from './item-view.ts';

export type ItemKind = 'document' | 'media';

export interface CultureView {
  name: string;
  url: string;
  urlSegment: string;
  updateDate: string | null;
  properties: Record<string, ServedProperty>;
}

export interface FullItem extends ItemSummary {
  path: ItemSummary[];
  properties: Record<string, ServedProperty>;
  urlSegment?: string;
  template?: { id: number; key: string; alias: string; name: string } | null;
  cultures?: Record<string, CultureView>;
}

/** At root with maxLevel omitted, newer deployed sources send the whole tree; so does this one. */
export function listAtRoot(c: SiteCatalog, kind: ItemKind, maxLevel: number | undefined): ItemSummary[] {
  const roots = kind === 'document' ? c.documentRoots : c.mediaRoots;
  return roots.map((root) => toSummary(c, root, maxLevel ?? Number.MAX_SAFE_INTEGER));
}

export function getItemById(c: SiteCatalog, kind: ItemKind, id: number, maxLevel: number | undefined): FullItem {
  const node = (kind === 'document' ? c.documents : c.media).get(id);
  if (!node)
    throw new NotFoundError(
      `No ${kind === 'document' ? 'published content item' : 'media item'} has id ${id}.`,
      missingOf(kind),
    );
  return toFullItem(c, node, maxLevel);
}

export function getItemByKey(c: SiteCatalog, kind: ItemKind, key: string, maxLevel: number | undefined): FullItem {
  const node = (kind === 'document' ? c.documentsByKey : c.mediaByKey).get(key);
  if (!node)
    throw new NotFoundError(
      `No ${kind === 'document' ? 'published content item' : 'media item'} has key ${key}.`,
      missingOf(kind),
    );
  return toFullItem(c, node, maxLevel);
}

const missingOf = (kind: ItemKind): MissingThing => (kind === 'document' ? 'content item' : 'media item');

/** Omitted maxLevel on a single item means its direct children, as if maxLevel = level + 1. */
function toFullItem(c: SiteCatalog, node: TreeNode, maxLevel: number | undefined): FullItem {
  const { children, ...summary } = toSummary(c, node, maxLevel ?? node.level + 1);
  const pool = node.kind === 'document' ? c.documents : c.media;
  // Like Umbraco's Parent chain: walking up stops at the first ancestor that is not served (unpublished).
  const path: ItemSummary[] = [];
  for (let i = node.ancestorIds.length - 1; i >= 0; i--) {
    const ancestor = pool.get(node.ancestorIds[i]!);
    if (!ancestor) break;
    path.unshift(toSummary(c, ancestor, 0));
  }
  const byCulture = readProperties(c, node);
  const defaultProperties = byCulture.values().next().value ?? {};
  const item: FullItem = { ...summary, path, ...(children ? { children } : {}), properties: defaultProperties };
  if (node.kind === 'document') {
    item.urlSegment = c.urls.segment(node, node.cultures[0]?.languageId ?? c.defaultLanguage?.id);
    const template = node.templateId === null ? undefined : c.templates.get(node.templateId);
    item.template = template
      ? { id: template.id, key: template.key, alias: template.alias, name: template.name }
      : null;
  }
  if (node.cultures.length > 0) item.cultures = culturesOf(c, node, byCulture);
  return item;
}

function culturesOf(
  c: SiteCatalog,
  node: TreeNode,
  byCulture: Map<number | null, Record<string, ServedProperty>>,
): Record<string, CultureView> {
  const cultures: Record<string, CultureView> = Object.create(null) as Record<string, CultureView>;
  for (const culture of node.cultures) {
    cultures[culture.isoCode] = {
      name: culture.name,
      url: c.urls.url(node, culture.languageId),
      urlSegment: c.urls.segment(node, culture.languageId),
      updateDate: c.systemDate(culture.date),
      properties: byCulture.get(culture.languageId) ?? {},
    };
  }
  return cultures;
}
